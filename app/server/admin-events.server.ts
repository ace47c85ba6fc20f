/** Admin events (spec §7 "Events"): list sorted -start_date, create/update with one image, delete. */
import { EVENT_MESSAGES } from "~/features/admin/admin-messages";
import type { EventInput } from "~/features/events/event-schema";
import { nowIso } from "./admin-db.server";
import { storeUploadedImages } from "./admin-uploads.server";
import type { DB } from "./database.server";
import type { AgendaEvent } from "./events.server";
import { newId } from "./ids.server";
import { deleteStoredImages, type ImageDirs } from "./images.server";

export type EventResult = { ok: true; message: string } | { ok: false; status: number; error: string };

export async function listAdminEvents(db: DB): Promise<AgendaEvent[]> {
  const rows = await db
    .selectFrom("events")
    .select(["id", "title", "description", "start_date", "end_date", "location", "image"])
    .orderBy("start_date", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.start_date,
    endDate: row.end_date,
    location: row.location,
    image: row.image,
  }));
}

export async function saveEvent(
  ctx: ImageDirs & { db: DB },
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

export async function deleteEvent(ctx: ImageDirs & { db: DB }, id: string): Promise<EventResult> {
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
