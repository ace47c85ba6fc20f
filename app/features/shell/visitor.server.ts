/**
 * The visitor's own part of every public page (ADR 036): their account, cart and favourites (a
 * guest's too, ADR 032) and chat counters, asked for by the page once it runs (GET /api/moi), since the page itself is the same
 * bytes for everyone and may come from the page cache.
 */
import { listCart, listFavorites } from "~/features/basket/basket.server";
import { basketOwnerOf } from "~/features/basket/guest-basket.server";
import { unreadByChat } from "~/features/chat/chat.server";
import { hintCorrection } from "~/server/account-hint.server";
import { getDb } from "~/server/context.server";
import { getOptionalUser } from "~/server/session.server";

export async function visitorPart(request: Request) {
  const db = getDb();
  const [user, owner] = await Promise.all([getOptionalUser(request), basketOwnerOf(request)]);
  const [cart, favorites, chatUnread] = await Promise.all([
    owner ? listCart(db, owner) : [],
    owner ? listFavorites(db, owner) : [],
    user ? unreadByChat(db, user) : {},
  ]);
  const account = user ? { name: user.name, role: user.role } : null;
  return {
    part: {
      account,
      cart,
      favorites,
      // The live chat catches up from this instant (docs/product.md §9: it subscribes 1 s after
      // the page opens).
      chat: { unreadByChat: chatUnread, since: user ? new Date().toISOString() : "" },
    },
    hintCookie: hintCorrection(request, account),
  };
}

export type VisitorPart = Awaited<ReturnType<typeof visitorPart>>["part"];
