/**
 * The order form of /contact (docs/product.md §10.19): the pieces with an editable quantity (0
 * leaves a piece out), their availability kept up to date, the delivery's cost for the mode and zone
 * chosen and the total including it, computed as the visitor types (the server computes both again
 * and never takes them from the form, ADR 028), who orders, how it is delivered, a message. A plain
 * form post: the visitor's lines are drawn by the server (ADR 032), so it all works without
 * JavaScript; there « Calculer les frais de livraison » asks the server for the figures of the mode and
 * zone chosen.
 */
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import buttons from "~/components/button.module.css";
import { Field, FieldError } from "~/components/field";
import { AvailabilityNote } from "~/features/basket/availability-note";
import { type BasketLine, isOrderable, lineLimit } from "~/features/basket/basket-context";
import contact from "~/features/contact/contact.module.css";
import {
  DELIVERY_ZONE_LABELS,
  DELIVERY_ZONES,
  type DeliveryRates,
  type DeliveryZone,
  deliveryCost,
  deliveryCostText,
  grandTotalText,
  isDeliveryZone,
  piecesTotal,
} from "~/features/delivery/delivery-types";
import {
  DELIVERY_LABELS,
  DELIVERY_METHODS,
  type DeliveryMethod,
  ORDER_FORM_NAME,
  QUOTE_INTENT,
  quantityField,
} from "~/features/orders/order-types";
import { frenchTime, longDate } from "~/lib/dates";
import { formatLineTotal, formatPrice, formatTotal } from "~/lib/format";
import { imageUrl, PLACEHOLDER_IMAGE } from "~/lib/images";
import styles from "./order-form.module.css";
import type {
  OrderCustomer,
  OrderFormState,
  OrderSource,
  PickupEvent,
  PieceAvailability,
} from "./order-request-types";

const AVAILABILITY_REFRESH_MS = 60_000;

/** The pieces' availability as the shop sees it: at once, whenever the page is shown again, every minute. */
function useLiveAvailability(productIds: readonly string[], refreshKey: unknown): PieceAvailability {
  const [known, setKnown] = useState<PieceAvailability>({});
  const ids = productIds.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey asks again after a refusal.
  useEffect(() => {
    if (!ids) return;
    let cancelled = false;
    const check = async () => {
      try {
        const query = new URLSearchParams(ids.split(",").map((id) => ["id", id]));
        const response = await fetch(`/api/disponibilite?${query}`);
        if (!response.ok) return;
        const body = (await response.json()) as { availability: PieceAvailability };
        if (!cancelled) setKnown(body.availability);
      } catch (error) {
        console.warn("Disponibilité des pièces inconnue pour le moment", error);
      }
    };
    const onShown = () => {
      if (document.visibilityState === "visible") void check();
    };
    void check();
    document.addEventListener("visibilitychange", onShown);
    const timer = window.setInterval(check, AVAILABILITY_REFRESH_MS);
    return () => {
      cancelled = true;
      document.removeEventListener("visibilitychange", onShown);
      window.clearInterval(timer);
    };
  }, [ids, refreshKey]);
  return known;
}

const DELIVERY_HINTS: Record<DeliveryMethod, string> = {
  envoi: "Colissimo, Chronopost ou Point Relais : les frais dépendent de la zone de livraison.",
  evenement: "Sans frais de livraison, sur notre stand.",
  main_propre: "Sans frais de livraison : nous convenons ensemble d'un lieu et d'un moment.",
};

const QUOTED_MESSAGE =
  "Frais de livraison et total calculés pour le mode et la zone choisis : vérifiez-les, puis envoyez votre commande.";

function eventLabel(event: PickupEvent): string {
  const place = event.location ? `, ${event.location}` : "";
  return `${event.title} — ${longDate(event.startDate)} à ${frenchTime(event.startDate)}${place}`;
}

/** What a line asks for at first: its quantity, within what is free. */
function firstQuantity(line: BasketLine): string {
  const limit = lineLimit(line);
  return String(limit > 0 ? Math.min(line.quantity, limit) : line.quantity);
}

/** A typed quantity as a number of units; anything else counts as none. */
function unitsOf(text: string | undefined): number {
  const units = Number(text);
  return Number.isInteger(units) && units > 0 ? units : 0;
}

interface OrderFormProps {
  source: OrderSource;
  lines: readonly BasketLine[];
  customer: OrderCustomer | null;
  events: readonly PickupEvent[];
  holdDays: number;
  /** The seller's delivery rates, as the server computes with them (ADR 028). */
  rates: DeliveryRates;
  state: OrderFormState | undefined;
}

export function OrderForm({ source, lines, customer, events, holdDays, rates, state }: OrderFormProps) {
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const live = useLiveAvailability(
    lines.map((line) => line.productId),
    state,
  );
  const shown = lines.map((line) => {
    const now = live[line.productId];
    return now ? { ...line, ...now } : line;
  });
  const values = state?.values ?? {};
  // What the visitor typed, by piece; a piece not typed in yet asks for its first quantity.
  const [typedQuantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      lines.flatMap((line) => {
        const echoed = values[quantityField(line.productId)];
        return echoed === undefined ? [] : [[line.productId, echoed]];
      }),
    ),
  );
  const quantityOf = (line: BasketLine) => typedQuantities[line.productId] ?? firstQuantity(line);
  const [delivery, setDelivery] = useState<DeliveryMethod>(() =>
    DELIVERY_METHODS.includes(values.delivery as DeliveryMethod)
      ? (values.delivery as DeliveryMethod)
      : "envoi",
  );
  const [zone, setZone] = useState<DeliveryZone>(() =>
    isDeliveryZone(values.zone) ? values.zone : "france",
  );

  if (state?.ok) {
    return (
      <p className={contact.success} role="status">
        {state.message}
      </p>
    );
  }

  const errors = state?.fieldErrors ?? {};
  const orderable = (line: BasketLine) => isOrderable(line) && lineLimit(line) > 0;
  // A piece on request counts as « à confirmer » until the seller fixes its price (§10.19); the
  // delivery's cost is the server's computation from the same rates (ADR 028).
  const orderedLines = shown
    .filter((line) => orderable(line) && unitsOf(quantityOf(line)) > 0)
    .map((line) => ({ priceCents: line.priceCents, quantity: unitsOf(quantityOf(line)) }));
  const subtotal = formatTotal(orderedLines);
  const pieces = piecesTotal(orderedLines);
  // Nothing to send yet, nothing to pay for sending it.
  const delivered = orderedLines.length > 0 ? deliveryCost(rates, delivery, zone, pieces) : 0;
  const total = grandTotalText(pieces, delivered);
  const deliveryLabel =
    delivery === "envoi"
      ? `${DELIVERY_LABELS.envoi}, ${DELIVERY_ZONE_LABELS[zone]}`
      : DELIVERY_LABELS[delivery];
  const ordered = shown.some((line) => orderable(line) && unitsOf(quantityOf(line)) > 0);
  const submitting = navigation.state === "submitting";
  const typed = (name: string, fallback = "") => values[name] ?? fallback;

  return (
    // Posted to the page it is on, so a refusal shows the order form again.
    <Form method="post" action={`/contact?commande=${source}`} className={`${contact.form} ${styles.form}`}>
      <input type="hidden" name="form-name" value={ORDER_FORM_NAME} />
      <div className={contact.honeypot} aria-hidden="true">
        <label>
          Ne pas remplir ce champ
          <input type="text" name="site_web" tabIndex={-1} autoComplete="off" />
        </label>
      </div>

      <fieldset
        className={styles.group}
        aria-describedby={errors.lines ? "commande-lignes-error" : undefined}
      >
        <legend>Vos créations</legend>
        <ul className={styles.lines}>
          {shown.map((line) => {
            const id = `quantite-${line.productId}`;
            const limit = lineLimit(line);
            const canOrder = orderable(line);
            const units = unitsOf(quantityOf(line));
            return (
              <li
                key={line.productId}
                className={styles.line}
                data-unavailable={canOrder ? undefined : "true"}
                data-removed={canOrder && units === 0 ? "true" : undefined}
              >
                <img
                  src={line.image ? imageUrl("products", line.image.fileName, "thumb") : PLACEHOLDER_IMAGE}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  className={styles.thumb}
                />
                <div className={styles.lineInfo}>
                  <Link to={`/catalogue/produit/${line.slug}`} className={styles.lineName}>
                    {line.name}
                  </Link>
                  <p className={styles.unitPrice}>
                    {line.priceCents === null ? formatPrice(null) : `${formatPrice(line.priceCents)} l'unité`}
                  </p>
                  {canOrder ? null : (
                    <>
                      <AvailabilityNote
                        availability={
                          line.availability && line.availability !== "available"
                            ? line.availability
                            : "out-of-stock"
                        }
                      />
                      <p className={styles.lineHint}>Non incluse dans la commande.</p>
                    </>
                  )}
                  {canOrder && units > limit ? (
                    <p className={styles.lineWarning}>Il n'en reste que {limit} : ajustez la quantité.</p>
                  ) : null}
                  {canOrder && units === 0 ? (
                    <p className={styles.lineHint}>Retirée de la commande.</p>
                  ) : null}
                </div>
                {canOrder ? (
                  <div className={styles.quantity}>
                    <label htmlFor={id}>
                      Quantité<span className="visually-hidden"> de {line.name}</span>
                    </label>
                    <input
                      id={id}
                      type="number"
                      name={quantityField(line.productId)}
                      inputMode="numeric"
                      min={0}
                      max={limit}
                      step={1}
                      value={quantityOf(line)}
                      onChange={(event) => {
                        const typedValue = event.currentTarget.value;
                        setQuantities((current) => ({ ...current, [line.productId]: typedValue }));
                      }}
                    />
                  </div>
                ) : null}
                <p className={styles.lineTotal}>
                  {canOrder ? (
                    <>
                      <span className="visually-hidden">Sous-total : </span>
                      {formatLineTotal(line.priceCents, units)}
                    </>
                  ) : null}
                </p>
              </li>
            );
          })}
        </ul>
        <FieldError id="commande-lignes-error" error={errors.lines} />
        <dl className={styles.totals} aria-live="polite">
          <div>
            <dt>Sous-total des pièces</dt>
            <dd data-testid="order-subtotal">{subtotal}</dd>
          </div>
          <div>
            <dt>Livraison ({deliveryLabel})</dt>
            <dd data-testid="order-delivery-cost">
              {orderedLines.length > 0 ? deliveryCostText(delivered, pieces.priceMissing) : "—"}
            </dd>
          </div>
          <div className={styles.total}>
            <dt>Total</dt>
            <dd>
              <strong data-testid="order-total">{total}</strong>
            </dd>
          </div>
        </dl>
        {delivery === "envoi" && rates.zones[zone] === null ? (
          <p className={styles.lineHint}>
            La livraison vers cette zone est sur devis : nous vous indiquons ses frais avant de vous envoyer
            le lien de paiement, et vous restez libre de ne pas donner suite.
          </p>
        ) : null}
        {delivery === "envoi" &&
        rates.freeFromCents !== null &&
        rates.zones[zone] !== null &&
        delivered !== 0 ? (
          <p className={styles.lineHint}>
            Livraison offerte dès {formatPrice(rates.freeFromCents)} de créations.
          </p>
        ) : null}
      </fieldset>

      <div className={styles.columns}>
        <fieldset className={styles.group}>
          <legend>Vos coordonnées</legend>
          <Field
            id="commande-nom"
            label="Nom"
            error={errors.name}
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={120}
            defaultValue={typed("name", customer?.name)}
          />
          <Field
            id="commande-email"
            label="Email"
            error={errors.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={200}
            hint="La confirmation et le lien de suivi de votre commande y sont envoyés."
            defaultValue={typed("email", customer?.email)}
          />
          <Field
            id="commande-telephone"
            label="Téléphone (facultatif)"
            error={errors.phone}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={40}
            defaultValue={typed("phone", customer?.phone)}
          />
          <Field id="commande-message" label="Message (facultatif)" error={errors.message}>
            {(control) => (
              <textarea
                {...control}
                name="message"
                rows={4}
                maxLength={5000}
                defaultValue={typed("message")}
              />
            )}
          </Field>
        </fieldset>

        <fieldset
          className={`${styles.group} ${styles.delivery}`}
          aria-describedby={errors.delivery ? "commande-livraison-error" : undefined}
        >
          <legend>Livraison</legend>
          <div className={styles.choices}>
            {DELIVERY_METHODS.map((method) => {
              const unavailable = method === "evenement" && events.length === 0;
              return (
                <label
                  key={method}
                  className={styles.choice}
                  data-disabled={unavailable ? "true" : undefined}
                >
                  <input
                    type="radio"
                    name="delivery"
                    value={method}
                    checked={delivery === method}
                    disabled={unavailable}
                    onChange={() => setDelivery(method)}
                  />
                  <span>
                    <span className={styles.choiceLabel}>{DELIVERY_LABELS[method]}</span>
                    <span className={styles.choiceHint}>
                      {unavailable ? "Aucun événement à venir pour le moment." : DELIVERY_HINTS[method]}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
          <FieldError id="commande-livraison-error" error={errors.delivery} />

          {/* Both blocks are in the page, so the form works without JavaScript; CSS shows the one chosen. */}
          <div className={styles.postal}>
            <Field id="commande-zone" label="Pays / zone de livraison" error={errors.zone}>
              {(control) => (
                <select
                  {...control}
                  name="zone"
                  value={zone}
                  onChange={(event) => {
                    const chosen = event.currentTarget.value;
                    if (isDeliveryZone(chosen)) setZone(chosen);
                  }}
                >
                  {DELIVERY_ZONES.map((option) => (
                    <option key={option} value={option}>
                      {DELIVERY_ZONE_LABELS[option]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              id="commande-adresse"
              label="Adresse"
              error={errors.addressLine}
              name="addressLine"
              type="text"
              autoComplete="street-address"
              maxLength={200}
              required={hydrated && delivery === "envoi"}
              defaultValue={typed("addressLine")}
            />
            <div className={styles.cityRow}>
              <Field
                id="commande-code-postal"
                label="Code postal"
                error={errors.postalCode}
                name="postalCode"
                type="text"
                autoComplete="postal-code"
                maxLength={20}
                required={hydrated && delivery === "envoi"}
                defaultValue={typed("postalCode", customer?.postalCode)}
              />
              <Field
                id="commande-ville"
                label="Ville"
                error={errors.city}
                name="city"
                type="text"
                autoComplete="address-level2"
                maxLength={100}
                required={hydrated && delivery === "envoi"}
                defaultValue={typed("city")}
              />
            </div>
          </div>
          {events.length > 0 ? (
            <div className={styles.pickup}>
              <Field id="commande-evenement" label="Événement" error={errors.eventId}>
                {(control) => (
                  <select
                    {...control}
                    name="eventId"
                    required={hydrated && delivery === "evenement"}
                    defaultValue={typed("eventId")}
                  >
                    <option value="">Choisissez un événement</option>
                    {events.map((event) => (
                      <option key={event.id} value={event.id}>
                        {eventLabel(event)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          ) : (
            <FieldError id="commande-evenement-error" error={errors.eventId} />
          )}
          {hydrated ? null : (
            // Without JavaScript the figures under the pieces follow the server's answer: this asks for them.
            <button
              type="submit"
              name="intent"
              value={QUOTE_INTENT}
              formNoValidate
              className={buttons.secondary}
            >
              Calculer les frais de livraison
            </button>
          )}
        </fieldset>
      </div>

      {state?.quoted ? (
        <p role="status">{QUOTED_MESSAGE}</p>
      ) : state?.message ? (
        <p className={contact.formError} role="alert">
          {state.message}
        </p>
      ) : null}
      <p className={styles.promise}>
        Rien à payer maintenant : confirmez votre commande par le lien de l'e-mail que vous allez recevoir
        (dans les deux heures), et vos pièces vous sont réservées {holdDays} jour{holdDays > 1 ? "s" : ""}, le
        temps que nous vous envoyions un lien de paiement sécurisé du montant total indiqué ci-dessus.
      </p>
      <button
        type="submit"
        className={`${buttons.primary} ${styles.submit}`}
        disabled={submitting || (hydrated && !ordered)}
      >
        {submitting ? "Envoi…" : "Envoyer ma commande"}
      </button>
    </Form>
  );
}
