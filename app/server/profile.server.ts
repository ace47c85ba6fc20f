/** A customer's own profile (spec §3 users: username, name, phone_number, postal_code, avatar). */
import type { DB } from "./database.server";

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

/** Updates only the caller's own row; "username-taken" when another account has that username. */
export async function updateProfile(
  db: DB,
  userId: string,
  fields: { username: string; name: string; phoneNumber: string; postalCode: string; avatar?: string },
): Promise<"username-taken" | null> {
  const taken = await db
    .selectFrom("users")
    .select("id")
    .where("username", "=", fields.username)
    .where("id", "!=", userId)
    .executeTakeFirst();
  if (taken) return "username-taken";
  await db
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
  return null;
}
