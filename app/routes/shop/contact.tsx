import { data, Link } from "react-router";
import { FeatureBar } from "~/components/feature-bar";
import { PageIntro } from "~/components/page-intro";
import { type BasketLine, displayable, isOrderable, useBasket } from "~/features/basket/basket-context";
import { OrderForm } from "~/features/checkout/order-form";
import { handleOrderRequest, loadOrderRequest } from "~/features/checkout/order-request.server";
import {
  isOrderFormState,
  type OrderFormState,
  type OrderRequestData,
  orderSourceOf,
} from "~/features/checkout/order-request-types";
import styles from "~/features/contact/contact.module.css";
import { saveContactMessage } from "~/features/contact/contact.server";
import { ContactForm } from "~/features/contact/contact-form";
import { ContactMap } from "~/features/contact/contact-map";
import {
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  CONTACT_TOO_MANY,
  type ContactField,
  type ContactFieldErrors,
  contactSchema,
  parseContactOrder,
} from "~/features/contact/contact-schema";
import { deliveryRates } from "~/features/delivery/delivery-rates.server";
import { type DeliveryRates, deliveryRatesSummary } from "~/features/delivery/delivery-types";
import { ORDER_FORM_NAME } from "~/features/orders/order-types";
import { holdDays } from "~/features/orders/orders.server";
import { getShopDetails } from "~/features/settings/settings.server";
import { parseForm } from "~/lib/form";
import { organizationJsonLd, pageMeta, siteOf } from "~/lib/seo";
import { readFormFields } from "~/server/api-responses.server";
import { getAppContext, getDb } from "~/server/context.server";
import { CONSTRAINT_MESSAGE, constraintStatus, isConstraintViolation } from "~/server/db-errors.server";
import { clientAddress, createRateLimiter } from "~/server/rate-limit.server";
import { getOptionalUser } from "~/server/session.server";
import type { Route } from "./+types/contact";

/** Five messages per address every ten minutes: plenty for a person, useless for a spammer. */
const CONTACT_LIMIT = { scope: "contact", max: 5, windowMs: 10 * 60 * 1000 };

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteOf(matches);
  const shop = organizationJsonLd(site);
  return pageMeta(site, {
    path: "/contact",
    title: "Contact et commande — Nacre",
    description:
      "Une question, une commande ? Écrivez-nous : nous répondons avec un lien de paiement sécurisé.",
    jsonLd: shop ? [shop] : [],
  });
};

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const source = orderSourceOf(new URL(request.url).searchParams.get("commande"));
  const [shop, days, rates, order] = await Promise.all([
    getShopDetails(db),
    holdDays(db),
    deliveryRates(db),
    source ? loadOrderRequest(db, request, source) : null,
  ]);
  return { shop, holdDays: days, rates, order };
}

export async function action({ request }: Route.ActionArgs) {
  const fields = await readFormFields(request);
  if (fields["form-name"] === ORDER_FORM_NAME)
    return handleOrderRequest(request, fields, await getOptionalUser(request));
  const parsed = parseForm<typeof contactSchema, ContactField>(contactSchema, fields);
  if (!parsed.ok) {
    const { name, email, message } = parsed.fieldErrors;
    const fieldErrors: ContactFieldErrors = { name, email, message };
    return data(
      { ok: false, message: "Merci de corriger les champs indiqués.", fieldErrors, values: parsed.values },
      { status: 400 },
    );
  }
  const values = {
    name: parsed.data.name,
    email: parsed.data.email,
    message: parsed.data.message,
    order: parsed.data.order ?? "",
  };
  // A bot filled the hidden field: answer as if all went well, keep nothing.
  if (parsed.data.site_web) return { ok: true, message: CONTACT_SUCCESS };
  if (!(await createRateLimiter(getAppContext().db, CONTACT_LIMIT).attempt(clientAddress(request)))) {
    return data({ ok: false, message: CONTACT_TOO_MANY, values }, { status: 429 });
  }
  try {
    const ctx = getAppContext();
    const user = await getOptionalUser(request);
    const shop = await getShopDetails(ctx.db);
    await saveContactMessage(ctx, shop, {
      name: parsed.data.name,
      email: parsed.data.email,
      message: parsed.data.message,
      userId: user?.id ?? null,
      order: parseContactOrder(parsed.data.order),
    });
  } catch (error) {
    if (isConstraintViolation(error))
      return data({ ok: false, message: CONSTRAINT_MESSAGE, values }, { status: constraintStatus(error) });
    console.error("Message de contact non enregistré", error);
    return data({ ok: false, message: CONTACT_FAILURE, values }, { status: 503 });
  }
  return { ok: true, message: CONTACT_SUCCESS };
}

/**
 * The lines of the order form: the visitor's cart or favourites as the server read them for this
 * page (so the form works without JavaScript, ADR 032), then as the basket shows them once the page
 * runs — the sidebars may change them meanwhile. After a refusal, the pieces the server read in the
 * posted form.
 */
function useOrderLines(
  order: OrderRequestData | null,
  state: OrderFormState | undefined,
): BasketLine[] | null {
  const basket = useBasket();
  if (!order) return null;
  if (basket.ready)
    return displayable(
      order.source === "panier" ? basket.cart : basket.favorites.map((item) => ({ ...item, quantity: 1 })),
    );
  return order.lines ?? state?.lines ?? null;
}

type Shop = Route.ComponentProps["loaderData"]["shop"];

function HowToOrder({ shop, holdDays }: { shop: Shop; holdDays: number }) {
  return (
    <section className={styles.card} aria-labelledby="commander">
      <h2 id="commander">Comment commander ?</h2>
      <p>Il n'y a pas de paiement en ligne sur le site : chaque commande est confirmée personnellement.</p>
      <ol className={styles.steps}>
        <li>Ajoutez vos pièces préférées au panier ou à vos favoris.</li>
        <li>
          Cliquez sur « Contacter pour commander » : vérifiez les quantités, choisissez la livraison et
          envoyez la commande.
        </li>
        <li>
          Confirmez-la par le lien de l'e-mail reçu : vos pièces vous sont réservées {holdDays} jour
          {holdDays > 1 ? "s" : ""}, le temps que nous vous envoyions un lien de paiement sécurisé.
        </li>
        <li>
          Votre bijou part sous 48h, soigneusement emballé. Suivez chaque étape depuis le lien reçu par
          e-mail.
        </li>
      </ol>
      <h3>Nous joindre</h3>
      <address className={styles.details}>
        <p>
          {shop.addressLine}, {shop.postalCode} {shop.city}
        </p>
        {shop.phone ? (
          <p>
            Téléphone : <a href={`tel:${shop.phoneHref}`}>{shop.phone}</a>
          </p>
        ) : null}
        {shop.email ? (
          <p>
            Email : <a href={`mailto:${shop.email}`}>{shop.email}</a>
          </p>
        ) : null}
      </address>
      {shop.openingHours ? (
        <p className={styles.hours}>Commandes par téléphone : {shop.openingHours}.</p>
      ) : null}
      <ContactMap query={shop.map.query} latitude={shop.map.latitude} longitude={shop.map.longitude} />
    </section>
  );
}

function Delivery({ wide, rates }: { wide: boolean; rates: DeliveryRates }) {
  return (
    <section
      className={`${styles.card} ${styles.delivery} ${wide ? styles.wide : ""}`}
      aria-labelledby="livraison"
    >
      <h2 id="livraison">Livraison</h2>
      <ul>
        <li>Expédition soignée sous 48h en France métropolitaine, dans un écrin en carton recyclé.</li>
        <li>Transporteurs : Colissimo, Chronopost ou Point Relais, au choix.</li>
        {/* Code de la consommation L111-1, L112-1: the delivery's cost is known before ordering (ADR 028). */}
        <li>Frais d'envoi : {deliveryRatesSummary(rates)}.</li>
        <li>
          Les frais de livraison dépendent du pays ou de la zone de livraison : le formulaire de commande les
          affiche et les ajoute au total avant l'envoi de la commande. La remise en main propre et le retrait
          lors d'un événement sont gratuits.
        </li>
        <li>Les pièces sont uniques ou en toute petite série, vendues dans la limite du stock disponible.</li>
        <li>
          Pour toute commande de 120 € ou plus, les documents de commande sont disponibles sur simple demande.
        </li>
      </ul>
    </section>
  );
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { shop, order } = loaderData;
  const orderState = isOrderFormState(actionData) ? actionData : undefined;
  const contactState = isOrderFormState(actionData) ? undefined : actionData;
  const lines = useOrderLines(order, orderState);
  // The order form once there is something to order (or an answer to show); else the contact form.
  const ordering =
    order !== null &&
    (orderState?.ok || (lines !== null && (lines.some(isOrderable) || orderState !== undefined)));
  return (
    <>
      <PageIntro eyebrow="Une question, une commande ?" title="Contact">
        <p>
          Écrivez-nous : chaque message est lu et reçoit une réponse personnelle, en général sous 24 heures.
        </p>
      </PageIntro>
      <div className={styles.layout}>
        {order && ordering ? (
          <section className={`${styles.card} ${styles.wide}`} aria-labelledby="votre-commande">
            <h2 id="votre-commande">Votre commande</h2>
            <OrderForm
              source={order.source}
              lines={lines ?? []}
              customer={order.customer}
              events={order.events}
              holdDays={loaderData.holdDays}
              rates={loaderData.rates}
              state={orderState}
            />
          </section>
        ) : null}
        <HowToOrder shop={shop} holdDays={loaderData.holdDays} />
        {ordering ? null : (
          <section className={styles.card} aria-labelledby="ecrire">
            <h2 id="ecrire">Nous écrire</h2>
            {order && lines ? (
              <p className={styles.notice} role="status">
                {order.source === "panier"
                  ? "Votre panier ne contient aucune création disponible à la commande."
                  : "Vos favoris ne contiennent aucune création disponible à la commande."}{" "}
                <Link to="/catalogue">Découvrir le catalogue</Link>
              </p>
            ) : null}
            {orderState && !orderState.ok ? (
              // An order posted from elsewhere than the order form: its refusal still shows.
              <p className={styles.formError} role="alert">
                {orderState.message}
              </p>
            ) : null}
            <ContactForm state={contactState} />
          </section>
        )}
        <Delivery wide={!ordering} rates={loaderData.rates} />
      </div>
      <FeatureBar />
    </>
  );
}
