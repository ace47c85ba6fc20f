/**
 * The user manager (docs/product.md §2 "Tools", §4 "User role", §9 "User manager"): the list's filters, sort
 * and page as URL parameters, and the three mutations (role, e-mail visibility, deletion).
 */
import { z } from "zod";
import { recordId } from "~/lib/record-id";
import { singleLineText } from "~/lib/text-schema";

/** docs/product.md §9: pages of 10. */
export const USERS_PAGE_SIZE = 10;

export const USER_SORTS = ["name", "email", "role", "created"] as const;
export const USER_ROLE_FILTERS = ["all", "user", "admin"] as const;
export const USER_VERIFIED_FILTERS = ["all", "verified", "unverified"] as const;

export const USER_MESSAGES = {
  roleUpdated: "Rôle mis à jour.",
  roleFailed: "Erreur lors de la mise à jour du rôle",
  visibilityUpdated: "Visibilité de l'email mise à jour.",
  visibilityFailed: "Erreur lors de la mise à jour de la visibilité de l'email",
  deleted: "Utilisateur et toutes ses données supprimés avec succès !",
  deleteFailed: "Erreur lors de la suppression de l'utilisateur.",
  lastAdminDemote: "Impossible : c'est le dernier administrateur de la boutique.",
  lastAdminDelete: "Impossible de supprimer le dernier administrateur de la boutique.",
  selfDelete: "Vous ne pouvez pas supprimer votre propre compte depuis le tableau de bord.",
  notFound: "Cet utilisateur n'existe plus.",
  empty: "Aucun utilisateur trouvé.",
} as const;

/** Unknown or missing parameters fall back to the defaults (created, newest first, page 1). */
export const userListQuerySchema = z.object({
  q: singleLineText().max(100).catch(""),
  role: z.enum(USER_ROLE_FILTERS).catch("all"),
  verified: z.enum(USER_VERIFIED_FILTERS).catch("all"),
  sort: z.enum(USER_SORTS).catch("created"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** `order` ("name:asc") is what the form sends; `sort` and `dir` are read too, for hand-made links. */
export function parseUserListQuery(params: URLSearchParams): UserListQuery {
  const [orderSort, orderDir] = (params.get("order") ?? "").split(":");
  return userListQuerySchema.parse({
    q: params.get("q") ?? "",
    role: params.get("role") ?? "all",
    verified: params.get("verified") ?? "all",
    sort: orderSort || params.get("sort") || "created",
    dir: orderDir || params.get("dir") || "desc",
    page: params.get("page") ?? 1,
  });
}

export const userActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("set-role"),
    id: recordId,
    role: z.enum(["user", "admin"], USER_MESSAGES.roleFailed),
  }),
  z.object({
    intent: z.literal("set-email-visibility"),
    id: recordId,
    visible: z.enum(["true", "false"], USER_MESSAGES.visibilityFailed).transform((value) => value === "true"),
  }),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);

export type UserAction = z.infer<typeof userActionSchema>;
