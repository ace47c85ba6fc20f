/** /admin/agenda — the event manager (docs/product.md §2 "Tools", §7 "Events": admin list sorted -start_date). */

import { AdminLoadError } from "~/components/admin/admin-load-error";
import { listAdminEvents } from "~/features/events/event-admin.server";
import { runEventCommand } from "~/features/events/event-command.server";
import { EventManager } from "~/features/events/event-manager";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = () => privateMeta("Agenda — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { events: await listAdminEvents(getDb()) };
}

/** The page's commands (deletion; saves with an image go to /api/admin/evenements), answered in JSON to its fetchers. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return runEventCommand(await readLimitedForm(request));
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Agenda</h1>
      <p className={styles.lead}>Les événements annoncés sur le site.</p>
      <EventManager events={loaderData.events} />
    </section>
  );
}

export { AdminLoadError as ErrorBoundary };
