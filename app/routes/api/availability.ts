/**
 * GET /api/disponibilite?id=…&id=… — whether the pieces a guest keeps in local storage can still
 * be ordered (sold, out of stock or deleted ones are then shown as unavailable).
 */
import { checkAvailability } from "~/features/basket/basket.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/availability";

const ID = /^[a-z0-9]{1,32}$/;

export async function loader({ request }: Route.LoaderArgs) {
  const ids = new URL(request.url).searchParams
    .getAll("id")
    .filter((id) => ID.test(id))
    .slice(0, 500);
  const availability = await checkAvailability(getDb(), ids);
  return Response.json({ ok: true, availability }, { headers: { "Cache-Control": "no-store" } });
}
