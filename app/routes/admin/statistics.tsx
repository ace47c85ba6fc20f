/** /admin/statistiques — the shop's audience and sales, without cookies (docs/product.md §10.29, ADR 034). */
import { AdminLoadError } from "~/components/admin/admin-load-error";
import { StatsPage } from "~/features/stats/stats-page";
import { parsePeriod, statsReport } from "~/features/stats/stats-report.server";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import type { Route } from "./+types/statistics";

export const meta: Route.MetaFunction = () => privateMeta("Statistiques — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const period = parsePeriod(new URL(request.url).searchParams.get("periode"));
  return { report: await statsReport(getDb(), period) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <StatsPage report={loaderData.report} />;
}

export { AdminLoadError as ErrorBoundary };
