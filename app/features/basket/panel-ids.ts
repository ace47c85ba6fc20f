/** The sidebars' dialogs (basket-dialogs.tsx), named for the header's links that open them. */
export const FAVORITES_PANEL = "panneau-favoris";
export const CART_PANEL = "panneau-panier";

export function closeBasketPanels() {
  for (const id of [FAVORITES_PANEL, CART_PANEL]) {
    const dialog = document.getElementById(id);
    if (dialog instanceof HTMLDialogElement && dialog.open) dialog.close();
  }
}
