/** Admin events (docs/product.md §7 "Events"): list sorted -start_date, create/update with one image, delete. */

import { EVENT_MESSAGES } from "~/features/events/events-messages";
import type { DB } from "~/server/database.server";
import { newId, nowIso } from "~/server/ids.server";
import { makeSizesAhead } from "~/server/image-variants.server";
import { deleteStoredImages, type ImageStorage } from "~/server/images.server";
import { storeUploadedImages } from "~/server/uploads.server";
import { lockingRows } from "../../../db/dialect";
import type { EventInput } from "./event-schema";
import { type AgendaEvent, listEvents } from "./events.server";

export type EventResult = { ok: true; message: string } | { ok: false; status: number; error: string };

/** The dashboard's list: latest first (docs/product.md §7 "Events"). */
export const listAdminEvents = (db: DB): Promise<AgendaEvent[]> => listEvents(db, "desc");

/**
 * The image an update replaces is read again inside the transaction, with the row locked until the
 * write: two saves of one event at once (two admins, two instances) each remove the file they
 * really replaced, and never one the other has just written in.
 */
export async function saveEvent(
  ctx: ImageStorage & { db: DB },
  input: EventInput,
  image: File | null,
): Promise<EventResult> {
  const { db } = ctx;
  const known = input.id
    ? await db.selectFrom("events").select("id").where("id", "=", input.id).executeTakeFirst()
    : null;
  if (input.id && !known) return { ok: false, status: 404, error: EVENT_MESSAGES.notFound };
  const [stored] = image ? await storeUploadedImages(ctx, "events", [image]) : [];
  const fields = {
    title: input.title,
    description: input.description,
    start_date: input.startDate,
    end_date: input.endDate,
    location: input.location,
  };
  let saved: { replaced: string | null } | null;
  try {
    saved = await db.transaction().execute(async (trx) => {
      if (!input.id) {
        await trx
          .insertInto("events")
          .values({ id: newId(), ...fields, image: stored?.fileName ?? null, created_at: nowIso() })
          .execute();
        return { replaced: null };
      }
      const existing = await lockingRows(
        trx,
        trx.selectFrom("events").select(["id", "image"]).where("id", "=", input.id),
      ).executeTakeFirst();
      if (!existing) return null;
      const nextImage = stored ? stored.fileName : input.removeImage ? null : existing.image;
      await trx
        .updateTable("events")
        .set({ ...fields, image: nextImage })
        .where("id", "=", existing.id)
        .execute();
      return { replaced: existing.image && existing.image !== nextImage ? existing.image : null };
    });
  } catch (error) {
    if (stored) await deleteStoredImages(ctx, "events", [stored.fileName]);
    throw error;
  }
  if (!saved) {
    // Deleted by another admin between the first look and the write.
    if (stored) await deleteStoredImages(ctx, "events", [stored.fileName]);
    return { ok: false, status: 404, error: EVENT_MESSAGES.notFound };
  }
  if (saved.replaced) await deleteStoredImages(ctx, "events", [saved.replaced]);
  // Committed: the picture's sizes are made in the background, after this answer.
  if (stored) makeSizesAhead(ctx, "events", [stored]);
  return { ok: true, message: input.id ? EVENT_MESSAGES.updated : EVENT_MESSAGES.added };
}

/** One statement: the image removed is the one the deleted row held, whatever a save did just before. */
export async function deleteEvent(ctx: ImageStorage & { db: DB }, id: string): Promise<EventResult> {
  const removed = await ctx.db
    .deleteFrom("events")
    .where("id", "=", id)
    .returning("image")
    .executeTakeFirst();
  if (!removed) return { ok: false, status: 404, error: EVENT_MESSAGES.notFound };
  if (removed.image) await deleteStoredImages(ctx, "events", [removed.image]);
  return { ok: true, message: EVENT_MESSAGES.deleted };
}
