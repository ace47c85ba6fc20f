/** /admin/contacts — the contact inbox (design.md: the contact form is stored for the admin). */

import { AdminLoadError } from "~/features/admin/admin-load-error";
import { ContactInbox } from "~/features/contact/contact-inbox";
import { runInboxCommand } from "~/features/contact/inbox-command.server";
import { privateMeta } from "~/lib/seo";
import { listContactMessages } from "~/server/admin-contacts.server";
import { readLimitedForm } from "~/server/admin-uploads.server";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import { getShopDetails } from "~/server/shop-settings.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/contact-inbox";

export const meta: Route.MetaFunction = () => privateMeta("Contacts — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [messages, shop] = await Promise.all([listContactMessages(db), getShopDetails(db)]);
  return { messages, shopName: shop.shopName };
}

/** The page's commands (mark a message read or unread, delete it), answered in JSON to its fetchers. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return runInboxCommand(await readLimitedForm(request));
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Contacts</h1>
      <p className={styles.lead}>Les messages du formulaire de contact, les plus récents en premier.</p>
      <ContactInbox messages={loaderData.messages} shopName={loaderData.shopName} />
    </section>
  );
}

export { AdminLoadError as ErrorBoundary };
