/**
 * The process-wide services (database, accounts, mail), created once from the environment. Route
 * modules reach them through these getters; tests build their own with createAppContext().
 */
import path from "node:path";
import { recordRequestActivity } from "~/features/account/last-activity.server";
import { type Auth, createAuth } from "~/features/auth/auth.server";
import { loadChatEvent } from "~/features/chat/chat.server";
import { type ChatHub, createChatHub, createSharedChatHub } from "~/features/chat/realtime.server";
import { createStatsRecorder, type StatsRecorder } from "~/features/stats/stats-recorder.server";
import { type DatabaseHandle, openDatabase } from "./database.server";
import { type Env, getEnv } from "./env.server";
import {
  createDatabaseOriginalStore,
  createDiskOriginalStore,
  type OriginalStore,
} from "./image-originals.server";
import { forgetQueuedSizes } from "./image-variants.server";
import { createInstanceBus, type InstanceBus } from "./instance-bus.server";
import { createMailer, type Mailer } from "./mail.server";
import { createOutboxWorker, type OutboxWorker } from "./outbox.server";

export interface AppContext extends DatabaseHandle {
  env: Env;
  auth: Auth;
  /** The transport mails are delivered through (SMTP, or .eml files); only the outbox worker sends. */
  mailer: Mailer;
  /** Delivers the mails recorded in `mail_outbox` (ADR 025): server.ts starts it, routes nudge it. */
  outbox: OutboxWorker;
  /** Live chat events: in-process on SQLite, shared with the other instances on PostgreSQL. */
  chatHub: ChatHub;
  /** PostgreSQL only: messages to and from the other instances on the database (LISTEN/NOTIFY). */
  instanceBus?: InstanceBus;
  /** Uploaded originals (ADR 015): in the database on PostgreSQL, files in uploadsDir on SQLite. */
  originals: OriginalStore;
  /** SQLite shops' originals folder ($DATA_DIR/uploads); nothing is written there on PostgreSQL. */
  uploadsDir: string;
  /** This instance's cache of resized sizes ($DATA_DIR/cache). */
  cacheDir: string;
  /** The audience and sales counters, in memory until their next batch (ADR 034). */
  stats: StatsRecorder;
  /**
   * Counts a signed-in customer's page view for the inactivity job (docs/product.md §10.21): the
   * account feature's, handed from here to the session's reading (ADR 031). Never awaited, never failing.
   */
  recordRequestActivity: (
    request: Pick<Request, "method" | "headers">,
    user: { id: string; impersonated: boolean },
  ) => void;
}

export function createAppContext(env: Env): AppContext {
  const handle = openDatabase(env);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    outboxDir: path.join(env.dataDir, "outbox"),
    from: `Nacre <${env.ADMIN_EMAIL}>`,
  });
  // The worker reads the context's mailer at each delivery: a test may swap the transport.
  const context = {} as AppContext;
  const outbox = createOutboxWorker({
    db: handle.db,
    kind: handle.kind,
    mailer: () => context.mailer,
    // Several instances share a PostgreSQL database: another one's mails are seen within seconds.
    pollMs: handle.kind === "postgres" ? 5_000 : 60_000,
  });
  // Several instances may share a PostgreSQL database (ADR 014): what one publishes reaches all.
  const instanceBus =
    handle.pool && env.DATABASE_URL
      ? createInstanceBus({ connectionString: env.DATABASE_URL, pool: handle.pool })
      : undefined;
  const chatHub = instanceBus
    ? createSharedChatHub({ bus: instanceBus, load: (ref) => loadChatEvent(handle.db, ref) })
    : createChatHub();
  const auth = createAuth({
    env,
    db: handle.db,
    outbox,
    onSessionEnded: (sessionId) => void chatHub.revoke({ sessionId }),
  });
  const uploadsDir = path.join(env.dataDir, "uploads");
  const cacheDir = path.join(env.dataDir, "cache");
  const stats = createStatsRecorder({ db: handle.db });
  return Object.assign(context, {
    ...handle,
    async close() {
      forgetQueuedSizes(cacheDir);
      // The figures counted since the last batch are written before the database closes.
      await stats.stop();
      await outbox.stop();
      await instanceBus?.close();
      await handle.close();
    },
    env,
    auth,
    mailer,
    outbox,
    chatHub,
    instanceBus,
    // The database is the originals' source of truth when every instance shares it (ADR 015).
    originals:
      handle.kind === "postgres"
        ? createDatabaseOriginalStore(handle.db)
        : createDiskOriginalStore(uploadsDir),
    uploadsDir,
    cacheDir,
    stats,
    recordRequestActivity: (
      request: Pick<Request, "method" | "headers">,
      user: { id: string; impersonated: boolean },
    ) => recordRequestActivity(handle.db, request, user),
  });
}

let current: AppContext | undefined;

export function getAppContext(): AppContext {
  current ??= createAppContext(getEnv());
  return current;
}

/**
 * Makes `ctx` the process's context: the route tests run the app in their own process, on a
 * context over a copy of the demo database (tests/support/test-shop.ts); undefined forgets it.
 */
export function setAppContext(ctx: AppContext | undefined) {
  current = ctx;
}

export const getDb = () => getAppContext().db;
export const getAuth = () => getAppContext().auth;
