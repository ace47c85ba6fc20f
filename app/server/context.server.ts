/**
 * The process-wide services (database, accounts, mail), created once from the environment. Route
 * modules reach them through these getters; tests build their own with createAppContext().
 */
import path from "node:path";
import { type Auth, createAuth } from "./auth.server";
import { type DatabaseHandle, openDatabase } from "./database.server";
import { type Env, getEnv } from "./env.server";
import { createMailer, type Mailer } from "./mail.server";
import { type ChatHub, createChatHub } from "./realtime.server";

export interface AppContext extends DatabaseHandle {
  env: Env;
  auth: Auth;
  mailer: Mailer;
  /** Live chat events (in-process publish/subscribe). */
  chatHub: ChatHub;
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
  return {
    ...handle,
    env,
    auth,
    mailer,
    chatHub: createChatHub(),
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
