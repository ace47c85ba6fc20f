/** Admin events (docs/product.md §7 "Events"): list sorted -start_date, create/update with one image, delete. */
import { EVENT_MESSAGES } from "~/features/admin/admin-messages";
import type { DB } from "~/server/database.server";
import { newId, nowIso } from "~/server/ids.server";
import { deleteStoredImages, type ImageStorage } from "~/server/images.server";
import { storeUploadedImages } from "~/server/uploads.server";
import type { EventInput } from "./event-schema";
import { type AgendaEvent, listEvents } from "./events.server";

export type EventResult = { ok: true; message: string } | { ok: false; status: number; error: string };

/** The dashboard's list: latest first (docs/product.md §7 "Events"). */
export const listAdminEvents = (db: DB): Promise<AgendaEvent[]> => listEvents(db, "desc");

export async function saveEvent(
  ctx: ImageStorage & { db: DB },
  input: EventInput,
  image: File | null,
): Promise<EventResult> {
  const { db } = ctx;
  const existing = input.id
    ? await db.selectFrom("events").select(["id", "image"]).where("id", "=", input.id).executeTakeFirst()
    : null;
  if (input.id && !existing) return { ok: false, status: 404, error: EVENT_MESSAGES.notFound };
  const [stored] = image ? await storeUploadedImages(ctx, "events", [image]) : [];
  const nextImage = stored ? stored.fileName : input.removeImage ? null : (existing?.image ?? null);
  const fields = {
    title: input.title,
    description: input.description,
    start_date: input.startDate,
    end_date: input.endDate,
    location: input.location,
    image: nextImage,
  };
  try {
    await db.transaction().execute(async (trx) => {
      if (existing) await trx.updateTable("events").set(fields).where("id", "=", existing.id).execute();
      else
        await trx
          .insertInto("events")
          .values({ id: newId(), ...fields, created_at: nowIso() })
          .execute();
    });
  } catch (error) {
    if (stored) await deleteStoredImages(ctx, "events", [stored.fileName]);
    throw error;
  }
  if (existing?.image && existing.image !== nextImage) {
    await deleteStoredImages(ctx, "events", [existing.image]);
  }
  return { ok: true, message: existing ? EVENT_MESSAGES.updated : EVENT_MESSAGES.added };
}

export async function deleteEvent(ctx: ImageStorage & { db: DB }, id: string): Promise<EventResult> {
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const event = await trx
      .selectFrom("events")
      .select(["id", "image"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!event) return null;
    await trx.deleteFrom("events").where("id", "=", id).execute();
    return event;
  });
  if (!removed) return { ok: false, status: 404, error: EVENT_MESSAGES.notFound };
  if (removed.image) await deleteStoredImages(ctx, "events", [removed.image]);
  return { ok: true, message: EVENT_MESSAGES.deleted };
}
