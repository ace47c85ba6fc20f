/** A customer's own profile (docs/product.md §3 users: username, name, phone_number, postal_code, avatar). */

import { parseForm } from "~/lib/form";
import type { AppContext } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import {
  CONSTRAINT_MESSAGE,
  constraintStatus,
  isConstraintViolation,
  isUniqueViolation,
} from "~/server/db-errors.server";
import { makeSizesAhead } from "~/server/image-variants.server";
import {
  deleteStoredImages,
  IMAGE_INVALID,
  ImageRejectedError,
  type ImageStorage,
  storeImage,
} from "~/server/images.server";
import { lockingRows } from "../../../db/dialect";
import { AVATAR_MAX_BYTES, PROFILE_CHECK_FAILED, PROFILE_UPDATED, profileSchema } from "./profile-schema";

export interface Profile {
  id: string;
  email: string;
  username: string;
  name: string;
  phoneNumber: string;
  postalCode: string;
  avatar: string | null;
}

export async function getProfile(db: DB, userId: string): Promise<Profile | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "username", "name", "phone_number", "postal_code", "image"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    username: row.username ?? "",
    name: row.name,
    phoneNumber: row.phone_number ?? "",
    postalCode: row.postal_code ?? "",
    avatar: row.image,
  };
}

/**
 * Updates only the caller's own row; "username-taken" when another account has that username (also
 * when another account takes it at the same moment: the unique index decides, as it did here).
 * With a new avatar, the one it replaces is handed back (read with the row locked until the write,
 * so two concurrent replacements each get the file they really replaced) for removal after the commit.
 */
export async function updateProfile(
  db: DB,
  userId: string,
  fields: { username: string; name: string; phoneNumber: string; postalCode: string; avatar?: string },
): Promise<{ taken: true } | { taken: false; replacedAvatar: string | null }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom("users")
        .select("id")
        .where("username", "=", fields.username)
        .where("id", "!=", userId)
        .executeTakeFirst();
      if (taken) return { taken: true as const };
      const before = await lockingRows(
        trx,
        trx.selectFrom("users").select("image").where("id", "=", userId),
      ).executeTakeFirst();
      await trx
        .updateTable("users")
        .set({
          username: fields.username,
          name: fields.name,
          phone_number: fields.phoneNumber || null,
          postal_code: fields.postalCode || null,
          updated_at: new Date().toISOString(),
          ...(fields.avatar ? { image: fields.avatar } : {}),
        })
        .where("id", "=", userId)
        .execute();
      const replaced = fields.avatar && before?.image && before.image !== fields.avatar ? before.image : null;
      return { taken: false as const, replacedAvatar: replaced };
    });
  } catch (error) {
    if (isUniqueViolation(error, "username")) return { taken: true };
    throw error;
  }
}

/**
 * Removes an avatar file and its sizes unless another account still names it: `users.image` is
 * also written by the accounts API, so a file is never assumed to belong to one row only.
 */
export async function deleteAvatarIfUnused(ctx: ImageStorage & { db: DB }, fileName: string) {
  const stillUsed = await ctx.db
    .selectFrom("users")
    .select("id")
    .where("image", "=", fileName)
    .executeTakeFirst();
  if (!stillUsed) await deleteStoredImages(ctx, "avatars", [fileName]);
}

export type ProfileOutcome = { status: number; error?: string; success?: string };

/**
 * The profile form (customer /mon-compte and admin /admin/mon-compte): validated, avatar stored,
 * saved for the caller only, then read back (docs/product.md §8) to confirm.
 */
export async function saveProfileForm(
  ctx: AppContext,
  userId: string,
  form: FormData,
): Promise<ProfileOutcome> {
  const parsed = parseForm(profileSchema, form);
  if (!parsed.ok) return { status: 400, error: parsed.firstError };
  let avatar: string | undefined;
  const file = form.get("avatar");
  if (file instanceof File && file.size > 0) {
    if (file.size > AVATAR_MAX_BYTES) return { status: 413, error: AVATAR_TOO_LARGE };
    try {
      avatar = (await storeImage(ctx.originals, "avatars", Buffer.from(await file.arrayBuffer()))).fileName;
    } catch (error) {
      if (error instanceof ImageRejectedError) return { status: error.status, error: error.message };
      return { status: 422, error: IMAGE_INVALID };
    }
  }
  const { username, name, phoneNumber, postalCode } = parsed.data;
  let outcome: Awaited<ReturnType<typeof updateProfile>>;
  try {
    outcome = await updateProfile(ctx.db, userId, { username, name, phoneNumber, postalCode, avatar });
  } catch (error) {
    if (avatar) await deleteStoredImages(ctx, "avatars", [avatar]);
    if (isConstraintViolation(error)) return { status: constraintStatus(error), error: CONSTRAINT_MESSAGE };
    throw error;
  }
  if (outcome.taken) {
    if (avatar) await deleteStoredImages(ctx, "avatars", [avatar]);
    return { status: 409, error: "Ce nom d'utilisateur est déjà pris." };
  }
  if (outcome.replacedAvatar) await deleteAvatarIfUnused(ctx, outcome.replacedAvatar);
  // Saved: the new avatar's thumb is made in the background, after this answer.
  if (avatar) makeSizesAhead(ctx, "avatars", [{ fileName: avatar }]);
  const saved = await getProfile(ctx.db, userId);
  if (!saved || saved.username !== username) return { status: 503, error: PROFILE_CHECK_FAILED };
  return { status: 200, success: PROFILE_UPDATED };
}

export const AVATAR_TOO_LARGE = "Cette image est trop lourde (5 Mo au maximum).";
