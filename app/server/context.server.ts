/**
 * The process-wide services (database, accounts, mail), created once from the environment. Route
 * modules reach them through these getters; tests build their own with createAppContext().
 */
import path from "node:path";
import { loadChatEvent } from "~/features/chat/chat.server";
import { type Auth, createAuth } from "./auth.server";
import { type DatabaseHandle, openDatabase } from "./database.server";
import { type Env, getEnv } from "./env.server";
import { createInstanceBus, type InstanceBus } from "./instance-bus.server";
import { createMailer, type Mailer } from "./mail.server";
import { type ChatHub, createChatHub, createSharedChatHub } from "./realtime.server";

export interface AppContext extends DatabaseHandle {
  env: Env;
  auth: Auth;
  mailer: Mailer;
  /** Live chat events: in-process on SQLite, shared with the other instances on PostgreSQL. */
  chatHub: ChatHub;
  /** PostgreSQL only: messages to and from the other instances on the database (LISTEN/NOTIFY). */
  instanceBus?: InstanceBus;
  uploadsDir: string;
  cacheDir: string;
}

export function createAppContext(env: Env): AppContext {
  const handle = openDatabase(env);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    outboxDir: path.join(env.dataDir, "outbox"),
    from: `Nacre <${env.ADMIN_EMAIL}>`,
  });
  const auth = createAuth({ env, db: handle.db, mailer });
  // Several instances may share a PostgreSQL database (ADR 014): what one publishes reaches all.
  const instanceBus =
    handle.pool && env.DATABASE_URL
      ? createInstanceBus({ connectionString: env.DATABASE_URL, pool: handle.pool })
      : undefined;
  const chatHub = instanceBus
    ? createSharedChatHub({ bus: instanceBus, load: (ref) => loadChatEvent(handle.db, ref) })
    : createChatHub();
  return {
    ...handle,
    async close() {
      await instanceBus?.close();
      await handle.close();
    },
    env,
    auth,
    mailer,
    chatHub,
    instanceBus,
    uploadsDir: path.join(env.dataDir, "uploads"),
    cacheDir: path.join(env.dataDir, "cache"),
  };
}

let current: AppContext | undefined;

export function getAppContext(): AppContext {
  current ??= createAppContext(getEnv());
  return current;
}

export const getDb = () => getAppContext().db;
export const getAuth = () => getAppContext().auth;
