/**
 * docs/product.md §2 filter sidebar: categories, colours, materials, pearl types, budget min and max (minimum
 * 0; the max's minimum follows the min; the mouse wheel never changes them). A GET form, so it
 * works without JavaScript; with it, every change applies at once.
 */
import { useLayoutEffect, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import buttons from "~/components/button.module.css";
import styles from "./listing.module.css";
import { forgetListing } from "./listing-memory";
import { type ListingFilters, type ListingKind, PARAM } from "./listing-query";
import type { NamedRef, ReferenceLists } from "./product-types";

function CheckboxGroup(props: { legend: string; name: string; options: NamedRef[]; selected: string[] }) {
  if (props.options.length === 0) return null;
  return (
    <fieldset className={styles.group}>
      <legend>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option.id} className={styles.check}>
          <input
            type="checkbox"
            name={props.name}
            value={option.id}
            defaultChecked={props.selected.includes(option.id)}
          />
          <span>{option.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Blurring on wheel keeps the page scrolling instead of changing the number under the pointer. */
const stopWheel = (event: React.WheelEvent<HTMLInputElement>) => event.currentTarget.blur();

/** A price applies on leaving the field only when it changed: tabbing through must not reload. */
function applyIfChanged(event: React.FocusEvent<HTMLInputElement>, apply: (form: HTMLFormElement) => void) {
  const input = event.currentTarget;
  if (input.form && input.value !== input.defaultValue) apply(input.form);
}

/**
 * The listing remounts this form when the URL changes (its key), which would drop the keyboard
 * focus on <body> after every checkbox: the field focused as the old form goes is focused again in
 * the new one. Set on unmount, read by the mount of the same commit, cleared right after.
 */
let focusedField: { name: string; value: string } | null = null;

function useKeepFocusAcrossRemounts(form: React.RefObject<HTMLFormElement | null>) {
  useLayoutEffect(() => {
    const previous = focusedField;
    focusedField = null;
    if (previous && form.current) {
      const match = Array.from(form.current.elements).find(
        (element): element is HTMLInputElement =>
          element instanceof HTMLInputElement &&
          element.name === previous.name &&
          (element.type !== "checkbox" || element.value === previous.value),
      );
      match?.focus({ preventScroll: true });
    }
    return () => {
      const active = document.activeElement;
      if (!(active instanceof HTMLInputElement) || !form.current?.contains(active)) return;
      focusedField = { name: active.name, value: active.value };
      queueMicrotask(() => {
        focusedField = null;
      });
    };
  }, [form]);
}

export function FilterSidebar(props: {
  formId: string;
  kind: ListingKind;
  references: ReferenceLists;
  filters: ListingFilters;
  onApplied?: () => void;
}) {
  const { formId, kind, references, filters } = props;
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  useKeepFocusAcrossRemounts(formRef);
  const [minPrice, setMinPrice] = useState(filters.minPrice);
  const budgetLabel = kind === "catalogue" ? "Budget" : "Prix";

  function apply(form: HTMLFormElement) {
    submit(form, { replace: true, preventScrollReset: true });
  }

  /**
   * A ticked box shows at once, and the new listing is asked for right after that frame is painted:
   * starting the navigation inside the tap cost ~35 ms of the interaction on a slowed phone
   * (docs/product.md §10.17: interaction to next paint under 100 ms, bench/inp.mjs).
   */
  function applyAfterPaint(form: HTMLFormElement) {
    requestAnimationFrame(() => setTimeout(() => apply(form), 0));
  }

  return (
    <Form
      ref={formRef}
      id={formId}
      method="get"
      className={styles.filters}
      aria-label="Filtres"
      onChange={(event) => {
        // Typing a price applies on blur or Enter, not at every keystroke.
        if (event.target instanceof HTMLInputElement && event.target.type === "number") return;
        applyAfterPaint(event.currentTarget);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
        props.onApplied?.();
      }}
    >
      <CheckboxGroup
        legend="Catégories"
        name={PARAM.categories}
        options={references.categories}
        selected={filters.categories}
      />
      <CheckboxGroup
        legend="Couleurs"
        name={PARAM.colors}
        options={references.colors}
        selected={filters.colors}
      />
      <CheckboxGroup
        legend="Matières"
        name={PARAM.materials}
        options={references.materials}
        selected={filters.materials}
      />
      <CheckboxGroup
        legend="Types de perles"
        name={PARAM.pearlTypes}
        options={references.pearlTypes}
        selected={filters.pearlTypes}
      />
      <fieldset className={styles.group}>
        <legend>{budgetLabel}</legend>
        <div className={styles.budget}>
          <label>
            <span>Min (€)</span>
            <input
              type="number"
              name={PARAM.minPrice}
              min={0}
              step="any"
              inputMode="decimal"
              defaultValue={filters.minPrice}
              onWheel={stopWheel}
              onChange={(event) => setMinPrice(event.currentTarget.value)}
              onBlur={(event) => applyIfChanged(event, apply)}
            />
          </label>
          <label>
            <span>Max (€)</span>
            <input
              type="number"
              name={PARAM.maxPrice}
              min={Number(minPrice) > 0 ? Number(minPrice) : 0}
              step="any"
              inputMode="decimal"
              defaultValue={filters.maxPrice}
              onWheel={stopWheel}
              onBlur={(event) => applyIfChanged(event, apply)}
            />
          </label>
        </div>
      </fieldset>
      <div className={styles.filterActions}>
        <button type="submit" className={buttons.primary}>
          Appliquer
        </button>
        <Link
          to={kind === "catalogue" ? "/catalogue" : "/galerie"}
          className={buttons.secondary}
          replace
          preventScrollReset
          onClick={() => {
            forgetListing(kind);
            props.onApplied?.();
          }}
        >
          Réinitialiser
        </Link>
      </div>
    </Form>
  );
}
