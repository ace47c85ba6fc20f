/** /admin/contacts — the contact inbox (docs/product.md §10.4: the contact form is stored for the admin). */

import { AdminLoadError } from "~/components/admin/admin-load-error";
import { ContactInbox } from "~/features/contact/contact-inbox";
import { listContactMessages } from "~/features/contact/inbox.server";
import { runInboxCommand } from "~/features/contact/inbox-command.server";
import { getShopDetails } from "~/features/settings/settings.server";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
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
