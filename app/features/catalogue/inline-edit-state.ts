/** What the shop pages and the inline product editor share: the editor's chunk imports only this. */

/** What a successful save tells the page: where the product now lives. */
export interface SavedProduct {
  slug: string;
  isSold: boolean;
}

/** The navigation state that carries the confirmation to the product's new address. */
export const NOTICE_STATE = "inlineEditNotice";
