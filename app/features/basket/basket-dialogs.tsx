/**
 * The favourites and cart sidebars, in every page's HTML as native <dialog>s (docs/product.md §2
 * "Sidebars", ADR 036): the header's links open them with a few lines of script, without a React
 * render, so opening the cart costs the browser's own work only (bench/inp.mjs). Their lists are
 * filled by React once the page is idle — their code is not part of the first load (docs/product.md
 * §10.17, ADR 009) — and kept up to date while they are closed. A navigation closes them.
 */
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { SidePanel, SidePanelVeil, sidePanelParts } from "~/components/side-panel";
import { whenIdle } from "~/lib/later";
import { LOADING_TEXT } from "~/lib/messages";
import { CART_PANEL, closeBasketPanels, FAVORITES_PANEL } from "./panel-ids";

type PanelContents = typeof import("./basket-panels");

export function BasketDialogs() {
  const [contents, setContents] = useState<PanelContents | null>(null);
  useEffect(
    () =>
      whenIdle(() => {
        import("./basket-panels")
          .then(setContents)
          .catch((error) => console.warn("Panneaux du panier indisponibles", error));
      }),
    [],
  );
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger.
  useEffect(() => closeBasketPanels(), [location.pathname, location.search]);
  const loading = (
    <div className={sidePanelParts.body}>
      <p>{LOADING_TEXT}</p>
    </div>
  );
  return (
    <>
      <SidePanel id={FAVORITES_PANEL} title="Vos Favoris">
        {contents ? <contents.FavoritesPanel /> : loading}
      </SidePanel>
      <SidePanel id={CART_PANEL} title="Votre Panier">
        {contents ? <contents.CartPanel /> : loading}
      </SidePanel>
      <SidePanelVeil />
    </>
  );
}
