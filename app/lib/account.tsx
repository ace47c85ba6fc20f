/**
 * Who the visitor is, as the page learns it after it is shown (ADR 036): public pages are the same
 * bytes for everyone, so the account (name, role) comes from the visitor's endpoint (/api/moi)
 * once the page runs. Before that, a non-secret hint cookie — "client", "admin" or absent, never a
 * name or an id — lets the header show the right account link from the first paint: a script in
 * <head> copies it onto <html data-compte>, and the stylesheet shows the matching link.
 */
import { createContext, useContext } from "react";

export const ACCOUNT_HINT_COOKIE = "nacre_compte";
export type AccountHint = "client" | "admin";

export interface Account {
  name: string;
  role: "user" | "admin";
}

export function hintFor(account: Pick<Account, "role"> | null): AccountHint | null {
  return account ? (account.role === "admin" ? "admin" : "client") : null;
}

/**
 * Runs in <head>, before the first paint: the account hint onto <html>, and the header's basket
 * links (`data-panneau`) opening their <dialog> at once — before the page's scripts have loaded,
 * and without a render (docs/product.md §2 "Sidebars"). The dialog is opened with show() and marked
 * aria-modal: showModal() would make the whole page inert, a restyle of every element inside the
 * tap that took a third of the interaction's budget (bench/inp.mjs). So the modal behaviour is
 * here: while a panel is open a click beside it closes it (and does nothing else), Escape closes
 * it, and Tab and Shift+Tab go round its controls. Closing gives the focus back to the link. The
 * page stops scrolling (`panneau-ouvert` on <html>) once the open panel is painted: its new layout
 * is not part of the tap.
 * Without JavaScript the links lead to the order form, which lists the same pieces.
 */
export const HEAD_SCRIPT = `(function(){var d=document,h=d.documentElement,m=/(?:^|; )${ACCOUNT_HINT_COOKIE}=(client|admin)(?:;|$)/.exec(d.cookie);h.dataset.compte=m?m[1]:"visiteur";function o(){return d.querySelector("dialog[data-panneau][open]")}d.addEventListener("click",function(e){var t=e.target,p=o();if(p){if(!p.contains(t)){e.preventDefault();e.stopPropagation();p.close()}return}var a=t.closest&&t.closest("a[data-panneau]");if(!a||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;p=d.getElementById(a.getAttribute("data-panneau"));if(p&&p.show){e.preventDefault();p.show();requestAnimationFrame(function(){setTimeout(function(){if(p.open)h.classList.add("panneau-ouvert")})})}},true);d.addEventListener("close",function(){if(!o())h.classList.remove("panneau-ouvert")},true);d.addEventListener("keydown",function(e){var g=o();if(!g)return;if(e.key==="Escape"){e.preventDefault();g.close();return}if(e.key!=="Tab")return;var t=e.target,f=Array.prototype.filter.call(g.querySelectorAll("a[href],button:not([disabled]),input:not([disabled])"),function(x){return x.offsetParent!==null}),l=f.length-1;if(l<0)return;if(!g.contains(t)){e.preventDefault();f[0].focus()}else if(!e.shiftKey&&t===f[l]){e.preventDefault();f[0].focus()}else if(e.shiftKey&&t===f[0]){e.preventDefault();f[l].focus()}},true)})()`;

/** The page's knowledge of the account: `known` once the visitor's endpoint answered. */
export interface AccountState {
  known: boolean;
  account: Account | null;
}

export const AccountContext = createContext<AccountState>({ known: false, account: null });

export function useAccount(): AccountState {
  return useContext(AccountContext);
}

/** Keeps <html data-compte> true to the account the endpoint named (expired session, new role). */
export function showAccountHint(account: Account | null) {
  document.documentElement.dataset.compte = hintFor(account) ?? "visiteur";
}
