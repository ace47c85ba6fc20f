/** Where an earlier version of the shop kept a guest's basket in the browser (guest-storage.ts). */
export const LEGACY_KEYS = ["guestCart", "guestFavorites"] as const;
