/**
 * /mon-compte — the customer's space (docs/product.md §2 "Account"): profile, favourites, cart, orders,
 * review, support, 'Mes données' (download, account deletion: docs/product.md §10.21), logout. Every
 * action acts on the signed-in user's own data only, and the orders shown are only those placed from
 * this account.
 */
import { data, Link, redirect, useSearchParams } from "react-router";
import { PageIntro } from "~/components/page-intro";
import styles from "~/features/account/account.module.css";
import { CartSection, FavoritesSection } from "~/features/account/account-basket";
import { closeOwnAccount } from "~/features/account/account-closing.server";
import { CLOSE_ACCOUNT_INTENT, CLOSING_MESSAGES } from "~/features/account/account-closing-schema";
import { MyDataSection } from "~/features/account/my-data";
import { MyOrdersSection } from "~/features/account/my-orders";
import { listMyOrders } from "~/features/account/my-orders.server";
import { getProfile, saveProfileForm } from "~/features/account/profile.server";
import { ProfileForm } from "~/features/account/profile-form";
import { AVATAR_MAX_BYTES } from "~/features/account/profile-schema";
import { callAuthEndpoint, forwardCookies } from "~/features/auth/auth-endpoints.server";
import { LogoutButton } from "~/features/auth/logout-button";
import { listCart, listFavorites } from "~/features/basket/basket.server";
import { findCustomerChat, listMessages, supportIsAvailable } from "~/features/chat/chat.server";
import { CustomerChat } from "~/features/chat/customer-chat";
import { ReviewSection } from "~/features/reviews/review-form";
import {
  parseReviewForm,
  REVIEW_ALREADY,
  REVIEW_FAILED,
  REVIEW_SUBMITTED,
} from "~/features/reviews/review-schema";
import { createReview, getUserReview } from "~/features/reviews/reviews.server";
import { notifyReviewAwaiting } from "~/features/settings/seller-notifications.server";
import { imageUrl } from "~/lib/images";
import { getAppContext, getDb } from "~/server/context.server";
import { CONSTRAINT_MESSAGE, constraintStatus, isConstraintViolation } from "~/server/db-errors.server";
import { withFlash } from "~/server/flash.server";
import { requireUser } from "~/server/session.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  { title: "Mon compte — Nacre" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const [profile, orders, review, chat, supportAvailable, cart, favorites] = await Promise.all([
    getProfile(db, user.id),
    listMyOrders(db, user.id),
    getUserReview(db, user.id),
    findCustomerChat(db, user.id),
    supportIsAvailable(db),
    listCart(db, { userId: user.id }),
    listFavorites(db, { userId: user.id }),
  ]);
  if (!profile) throw redirect("/auth");
  return {
    profile: {
      email: profile.email,
      username: profile.username,
      name: profile.name,
      phoneNumber: profile.phoneNumber,
      postalCode: profile.postalCode,
      avatarUrl: profile.avatar ? imageUrl("avatars", profile.avatar, "thumb") : null,
    },
    orders,
    // Rendered with the page, so the lists show (and change) without JavaScript too.
    basket: { cart, favorites },
    review,
    support: {
      isAdmin: user.role === "admin",
      available: Boolean(chat) || supportAvailable,
      chat,
      messages: chat ? await listMessages(db, chat.id) : [],
    },
  };
}

type ActionResult = { section: "profile" | "review" | "data"; error: string | null; success: string | null };

function result(
  section: ActionResult["section"],
  outcome: { error?: string; success?: string },
  status = 200,
) {
  return data<ActionResult>(
    { section, error: outcome.error ?? null, success: outcome.success ?? null },
    { status },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const ctx = getAppContext();
  // A body larger than the avatar limit (plus the form's few fields) is refused before it is read.
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > AVATAR_MAX_BYTES + 64 * 1024) {
    return result("profile", { error: "Cette image est trop lourde (5 Mo au maximum)." }, 413);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return result("profile", { error: "Formulaire illisible. Veuillez réessayer." }, 400);
  }

  if (form.get("intent") === CLOSE_ACCOUNT_INTENT) {
    let outcome: Awaited<ReturnType<typeof closeOwnAccount>>;
    try {
      outcome = await closeOwnAccount(ctx, user.id, form);
    } catch (error) {
      console.error("Suppression du compte impossible", error);
      return result("data", { error: CLOSING_MESSAGES.failed }, 503);
    }
    if (!outcome.ok) return result("data", { error: outcome.error }, outcome.status);
    // The sessions went with the account; signing out clears the browser's cookies too.
    const signedOut = await callAuthEndpoint(request, "/sign-out");
    throw redirect("/", { headers: withFlash(forwardCookies(signedOut), CLOSING_MESSAGES.deleted) });
  }

  if (form.get("intent") === "review") {
    const parsed = parseReviewForm(form);
    if (!parsed.success) return result("review", { error: parsed.error }, 400);
    try {
      // The shop hears of it (when that e-mail is on): the mail is recorded in the outbox with the
      // review (ADR 025) and delivered by the outbox worker, so it never fails the review.
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        const created = await createReview(trx, user.id, parsed.data);
        if (created === "created")
          await notifyReviewAwaiting(
            { db: trx, env: ctx.env },
            {
              authorName: user.name || user.username || user.email,
              rating: parsed.data.rating,
              comment: parsed.data.comment.trim(),
            },
          );
        return created;
      });
      ctx.outbox.nudge();
      return result("review", { success: outcome === "created" ? REVIEW_SUBMITTED : REVIEW_ALREADY });
    } catch (error) {
      if (isConstraintViolation(error))
        return result("review", { error: CONSTRAINT_MESSAGE }, constraintStatus(error));
      console.error("Avis non enregistré", error);
      return result("review", { error: REVIEW_FAILED }, 503);
    }
  }

  const outcome = await saveProfileForm(ctx, user.id, form);
  return result("profile", outcome, outcome.status);
}

const SECTIONS = [
  { id: "profil", label: "Profil" },
  { id: "favoris", label: "Favoris" },
  { id: "panier", label: "Panier" },
  { id: "commandes", label: "Commandes" },
  { id: "avis", label: "Mon avis" },
  { id: "support", label: "Support" },
  { id: "donnees", label: "Mes données" },
] as const;

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, orders, review, support } = loaderData;
  const [searchParams] = useSearchParams();
  const profileResult = actionData?.section === "profile" ? actionData : null;
  const reviewResult = actionData?.section === "review" ? actionData : null;
  const dataResult = actionData?.section === "data" ? actionData : null;
  return (
    <>
      <PageIntro eyebrow="Espace client" title="Mon compte">
        <p>Ia ora na {profile.name || profile.username} !</p>
      </PageIntro>
      <div className={styles.layout}>
        {searchParams.get("acces") === "refuse" ? (
          <p className={styles.notice} role="alert">
            Accès non autorisé.
          </p>
        ) : null}
        <nav className={styles.nav} aria-label="Sections du compte">
          {SECTIONS.map((section) => (
            <a key={section.id} href={`#${section.id}`}>
              {section.label}
            </a>
          ))}
        </nav>

        <section id="profil" className={styles.section} aria-labelledby="profil-titre">
          <h2 id="profil-titre">Mon profil</h2>
          <ProfileForm profile={profile} error={profileResult?.error} success={profileResult?.success} />
        </section>

        <section id="favoris" className={styles.section} aria-labelledby="favoris-titre">
          <h2 id="favoris-titre">Mes favoris</h2>
          <FavoritesSection rendered={loaderData.basket} />
        </section>

        <section id="panier" className={styles.section} aria-labelledby="panier-titre">
          <h2 id="panier-titre">Mon panier</h2>
          <CartSection rendered={loaderData.basket} />
        </section>

        <section id="commandes" className={styles.section} aria-labelledby="commandes-titre">
          <h2 id="commandes-titre">Mes commandes</h2>
          <MyOrdersSection orders={orders} />
        </section>

        <section id="avis" className={styles.section}>
          <ReviewSection review={review} result={reviewResult} />
        </section>

        <section id="support" className={styles.section} aria-labelledby="support-titre">
          {support.isAdmin ? (
            <>
              <h2 id="support-titre">Support en ligne</h2>
              <p>
                Les conversations des clientes et clients se lisent et se traitent dans le{" "}
                <Link to="/admin/messages">tableau de bord, rubrique Messages</Link>.
              </p>
            </>
          ) : (
            <CustomerChat
              initialChat={support.chat}
              initialMessages={support.messages}
              available={support.available}
            />
          )}
        </section>

        <section id="donnees" className={styles.section} aria-labelledby="donnees-titre">
          <h2 id="donnees-titre">Mes données</h2>
          <MyDataSection isAdmin={support.isAdmin} error={dataResult?.error} />
        </section>

        <LogoutButton />
      </div>
    </>
  );
}
