/**
 * The search field (docs/product.md §10.23): a GET form to /recherche that works without
 * JavaScript, and with it a combobox (WAI-ARIA 1.2, list autocomplete) suggesting up to six
 * pieces while the customer types. Arrows move through the suggestions, Enter on one opens the
 * piece, Enter otherwise shows every result, Escape closes the list; a polite status says how
 * many pieces are suggested.
 */
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { SearchIcon } from "~/components/icons";
import { formatPrice } from "~/lib/format";
import styles from "./search-box.module.css";
import type { SearchSuggestion, SuggestionsResponse } from "./search-suggestion-types";

/** Letters before suggestions are asked for, and the pause in the typing that asks. */
export const SUGGEST_FROM_LETTERS = 2;
export const SUGGEST_AFTER_MS = 180;
const QUERY_MAX_LENGTH = 100;

interface SearchBoxProps {
  defaultValue?: string;
  /** The results page's own field: larger, its label shown. */
  large?: boolean;
  autoFocus?: boolean;
  /** Called when the box sends the customer elsewhere (a menu closes). */
  onNavigate?: () => void;
}

function statusText(count: number, query: string): string {
  if (count === 0) return `Aucune pièce ne correspond à « ${query} ».`;
  return `${count} pièce${count > 1 ? "s" : ""} suggérée${count > 1 ? "s" : ""} : flèches haut et bas pour choisir, Entrée pour ouvrir.`;
}

export function SearchBox({
  defaultValue = "",
  large = false,
  autoFocus = false,
  onNavigate,
}: SearchBoxProps) {
  const id = useId();
  const inputId = `${id}-champ`;
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;
  const navigate = useNavigate();
  const [value, setValue] = useState(defaultValue);
  const [typed, setTyped] = useState(false);
  const [answer, setAnswer] = useState<{ query: string; suggestions: SearchSuggestion[] } | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const boxRef = useRef<HTMLDivElement>(null);
  const query = value.trim();
  // The option the visitor arrowed to, kept when the next answer still lists it: an answer that
  // arrives after the arrow keys (the last letters' suggestions) does not take the choice away.
  const activeHref = useRef<string | null>(null);
  activeHref.current = answer?.suggestions[active]?.href ?? null;

  // Asked for after a pause in the typing; an answer to an older query is dropped (aborted).
  useEffect(() => {
    if (!typed || query.length < SUGGEST_FROM_LETTERS) {
      setAnswer(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/recherche?q=${encodeURIComponent(query)}`, {
          signal: controller.signal,
        });
        if (!response.ok) return;
        const body = (await response.json()) as SuggestionsResponse;
        setAnswer({ query, suggestions: body.suggestions });
        setActive(body.suggestions.findIndex((suggestion) => suggestion.href === activeHref.current));
      } catch {
        // Aborted by the next keystroke, or offline: the form still works.
      }
    }, SUGGEST_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, typed]);

  const suggestions = answer?.suggestions ?? [];
  const expanded = open && answer !== null;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  /** Focus leaving the field for anything but the box's own link closes the list. */
  function closeUnlessWithin(event: React.FocusEvent) {
    if (!boxRef.current?.contains(event.relatedTarget as Node | null)) close();
  }

  function go(suggestion: SearchSuggestion) {
    close();
    onNavigate?.();
    navigate(suggestion.href);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (count === 0) return;
      event.preventDefault();
      setOpen(true);
      if (event.key === "ArrowDown") setActive((current) => (current + 1) % count);
      else setActive((current) => (current <= 0 ? count - 1 : current - 1));
    } else if (event.key === "Enter") {
      const chosen = expanded ? suggestions[active] : undefined;
      if (chosen) {
        event.preventDefault();
        go(chosen);
      }
      // Otherwise the form is sent: every result, on /recherche.
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        event.stopPropagation();
        close();
      }
    }
  }

  return (
    <Form
      method="get"
      action="/recherche"
      role="search"
      className={large ? `${styles.form} ${styles.large}` : styles.form}
      onSubmit={() => {
        close();
        onNavigate?.();
      }}
    >
      <label htmlFor={inputId} className={large ? styles.label : "visually-hidden"}>
        Rechercher une pièce
      </label>
      <div ref={boxRef} className={styles.box}>
        <input
          id={inputId}
          className={styles.input}
          type="search"
          name="q"
          value={value}
          maxLength={QUERY_MAX_LENGTH}
          placeholder="Collier, perle noire, bague…"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          // biome-ignore lint/a11y/noAutofocus: only where the customer just asked for the field (the header's search button).
          autoFocus={autoFocus}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setTyped(true);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={closeUnlessWithin}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className={styles.submit} aria-label="Lancer la recherche">
          <SearchIcon size={20} />
        </button>
        <div className={styles.popup} hidden={!expanded}>
          <div id={listId} role="listbox" aria-label="Pièces suggérées" className={styles.list}>
            {suggestions.map((suggestion, index) => (
              // The input keeps the focus (aria-activedescendant): the options are reached with the
              // arrows, and clicked with the mouse.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys.
              <div
                key={suggestion.id}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={styles.option}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(suggestion)}
              >
                <img
                  src={suggestion.imageSrc}
                  alt=""
                  width={48}
                  height={48}
                  className={styles.thumb}
                  loading="lazy"
                  decoding="async"
                />
                <span className={styles.name}>{suggestion.name}</span>
                <span className={styles.price}>
                  {suggestion.isSold ? "Vendu" : formatPrice(suggestion.priceCents)}
                </span>
              </div>
            ))}
          </div>
          {answer && suggestions.length === 0 ? (
            <p className={styles.none}>Aucune pièce ne correspond à « {answer.query} ».</p>
          ) : null}
          {answer ? (
            <a
              className={styles.all}
              href={`/recherche?q=${encodeURIComponent(answer.query)}`}
              onMouseDown={(event) => event.preventDefault()}
              onBlur={closeUnlessWithin}
              onClick={(event) => {
                event.preventDefault();
                close();
                onNavigate?.();
                navigate(`/recherche?q=${encodeURIComponent(answer.query)}`);
              }}
            >
              Voir tous les résultats
            </a>
          ) : null}
        </div>
      </div>
      <p role="status" className="visually-hidden">
        {expanded && answer ? statusText(suggestions.length, answer.query) : ""}
      </p>
    </Form>
  );
}
