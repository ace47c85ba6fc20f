/**
 * The user manager (docs/product.md §2, §6, §7 "Users", §9): the filtered, sorted, paged list and its stats;
 * role and e-mail visibility changes; deleting a user with all their data in one transaction.
 * The last admin can neither be demoted nor deleted: the admins are counted inside the transaction
 * with their rows locked until it ends, so two concurrent demotions (two admins demoting each
 * other, on two instances) cannot both pass: the second counts again once the first has committed.
 */
import { sql, type Transaction } from "kysely";
import type { AppContext } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import type { Database } from "~/server/db-schema.server";
import { nowIso } from "~/server/ids.server";
import type { ImageStorage } from "~/server/images.server";
import { lockingRows } from "../../../db/dialect";
import { afterAccountDeleted, deleteUserData } from "./account-deletion.server";
import { USER_MESSAGES, USERS_PAGE_SIZE, type UserAction, type UserListQuery } from "./user-schema";

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: "user" | "admin";
  verified: boolean;
  emailVisibility: boolean;
  createdAt: string;
}

export interface UserStats {
  total: number;
  admins: number;
  users: number;
  verified: number;
  thisMonth: number;
}

export interface UserPage {
  users: AdminUserRow[];
  total: number;
  page: number;
  pages: number;
}

export type UserResult = { ok: true; message: string } | { ok: false; status: number; error: string };

/** Better Auth writes ISO text; the first instant of the current month, in UTC, compares with it. */
function startOfMonthIso(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

export async function getUserStats(db: DB, now = new Date()): Promise<UserStats> {
  const row = await db
    .selectFrom("users")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.sum<number>(sql`case when role = 'admin' then 1 else 0 end`).as("admins"),
      eb.fn.sum<number>(sql`case when email_verified = 1 then 1 else 0 end`).as("verified"),
      eb.fn
        .sum<number>(sql`case when created_at >= ${startOfMonthIso(now)} then 1 else 0 end`)
        .as("thisMonth"),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const admins = Number(row.admins ?? 0);
  return {
    total,
    admins,
    users: total - admins,
    verified: Number(row.verified ?? 0),
    thisMonth: Number(row.thisMonth ?? 0),
  };
}

const SORT_COLUMNS = {
  name: "name",
  email: "email",
  role: "role",
  created: "created_at",
} as const;

export async function listUsers(db: DB, query: UserListQuery): Promise<UserPage> {
  let base = db.selectFrom("users");
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or(
        ["name", "email", "username"].map((column) =>
          eb(sql`lower(coalesce(${sql.ref(column)}, ''))`, "like", sql`${pattern} escape '\\'`),
        ),
      ),
    );
  }
  // docs/product.md §3: a missing role counts as user.
  if (query.role === "admin") base = base.where("role", "=", "admin");
  if (query.role === "user")
    base = base.where((eb) => eb.or([eb("role", "is", null), eb("role", "=", "user")]));
  if (query.verified !== "all")
    base = base.where("email_verified", "=", query.verified === "verified" ? 1 : 0);

  const counted = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const column = SORT_COLUMNS[query.sort];
  const ordered =
    column === "name" || column === "email"
      ? base.orderBy(sql`lower(${sql.ref(column)})`, query.dir)
      : column === "role"
        ? base.orderBy(sql`coalesce(role, 'user')`, query.dir)
        : base.orderBy("created_at", query.dir);
  const rows = await ordered
    .orderBy("id", query.dir)
    .select(["id", "name", "email", "username", "role", "email_verified", "email_visibility", "created_at"])
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE)
    .execute();
  return {
    users: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      username: row.username,
      role: row.role === "admin" ? "admin" : "user",
      verified: Number(row.email_verified) === 1,
      emailVisibility: Number(row.email_visibility) === 1,
      createdAt: String(row.created_at),
    })),
    total,
    page,
    pages,
  };
}

/**
 * The user acted on and every admin, read with their rows locked until the transaction ends (in id
 * order, one statement: two of these never wait on each other in a circle), so the count of admins
 * still holds when the demotion or deletion is written.
 */
async function userAndAdmins(trx: Transaction<Database>, userId: string) {
  const rows = await lockingRows(
    trx,
    trx
      .selectFrom("users")
      .select(["id", "email", "role", "image"])
      .where((eb) => eb.or([eb("id", "=", userId), eb("role", "=", "admin")]))
      .orderBy("id"),
  ).execute();
  return {
    user: rows.find((row) => row.id === userId),
    admins: rows.filter((row) => row.role === "admin").length,
  };
}

/**
 * A deleted user goes by the one deletion path (docs/product.md §10.21): their data in this
 * transaction, their avatar once it has committed.
 */
export async function applyUserAction(
  ctx: ImageStorage & Pick<AppContext, "db" | "chatHub">,
  actorId: string,
  action: UserAction,
): Promise<UserResult> {
  const gone = { userId: action.id, avatar: null as string | null, deletedOpen: false };
  let roleChanged = false;
  const result = await ctx.db.transaction().execute(async (trx): Promise<UserResult> => {
    const { user, admins } = await userAndAdmins(trx, action.id);
    if (!user) return { ok: false, status: 404, error: USER_MESSAGES.notFound };
    const isAdmin = user.role === "admin";

    if (action.intent === "set-role") {
      if (isAdmin && action.role === "user" && admins <= 1) {
        return { ok: false, status: 409, error: USER_MESSAGES.lastAdminDemote };
      }
      await trx
        .updateTable("users")
        .set({ role: action.role, updated_at: nowIso() })
        .where("id", "=", user.id)
        .execute();
      roleChanged = (user.role === "admin" ? "admin" : "user") !== action.role;
      return { ok: true, message: USER_MESSAGES.roleUpdated };
    }

    if (action.intent === "set-email-visibility") {
      await trx
        .updateTable("users")
        .set({ email_visibility: action.visible ? 1 : 0, updated_at: nowIso() })
        .where("id", "=", user.id)
        .execute();
      return { ok: true, message: USER_MESSAGES.visibilityUpdated };
    }

    if (user.id === actorId) return { ok: false, status: 409, error: USER_MESSAGES.selfDelete };
    if (isAdmin && admins <= 1) {
      return { ok: false, status: 409, error: USER_MESSAGES.lastAdminDelete };
    }
    gone.deletedOpen = (await deleteUserData(trx, user)).deletedOpen;
    gone.avatar = user.image;
    return { ok: true, message: USER_MESSAGES.deleted };
  });
  if (result.ok && action.intent === "delete") await afterAccountDeleted(ctx, gone);
  // The account's open streams were opened with its old role: they end now, on every instance
  // (docs/product.md §10.11), and the browser reconnects with the new one.
  if (result.ok && roleChanged) await ctx.chatHub.revoke({ userId: action.id });
  return result;
}
