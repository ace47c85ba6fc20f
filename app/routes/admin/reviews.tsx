/** /admin/avis — review moderation (docs/product.md §2 "Tools", §7 "Reviews": newest first, with the author). */

import { AdminLoadError } from "~/components/admin/admin-load-error";
import { listReviewsForModeration } from "~/features/reviews/moderation.server";
import { moderateReview } from "~/features/reviews/moderation-command.server";
import { ReviewModeration } from "~/features/reviews/review-moderation";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => privateMeta("Avis — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { reviews: await listReviewsForModeration(getDb()) };
}

/** The page's commands (approve or delete a review (useFetcher in ReviewModeration)), answered in JSON to its fetchers. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return moderateReview(await readLimitedForm(request));
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Avis</h1>
      <p className={styles.lead}>Les avis des clientes et clients, à modérer.</p>
      <ReviewModeration reviews={loaderData.reviews} />
    </section>
  );
}

export { AdminLoadError as ErrorBoundary };
