/** /admin/messages — the support chat manager (docs/product.md §2): conversations and the one being read. */
import { AdminChatManager } from "~/features/chat/admin-chat-manager";
import { listChatsForAdmin, listMessages } from "~/features/chat/chat.server";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => privateMeta("Messages — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const chats = await listChatsForAdmin(db);
  const requested = new URL(request.url).searchParams.get("conversation");
  const selectedId = requested && chats.some((chat) => chat.id === requested) ? requested : null;
  return { chats, selectedId, messages: selectedId ? await listMessages(db, selectedId) : [] };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Messages</h1>
      <p className={styles.lead}>Les conversations du support en ligne, les plus récentes en premier.</p>
      <AdminChatManager
        chats={loaderData.chats}
        selectedId={loaderData.selectedId}
        messages={loaderData.messages}
      />
    </section>
  );
}
