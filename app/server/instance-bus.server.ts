/**
 * Messages between the shop's instances when several share one PostgreSQL database (ADR 014): live
 * chat events (ADR 007) and "a write happened, forget your cached pages" (ADR 008). PostgreSQL's
 * own LISTEN/NOTIFY carries them, so running several instances needs no other service.
 *
 * Sending is one `pg_notify` on the pool. Receiving uses one dedicated connection per instance
 * (a plain `pg.Client`, never a pooled one: a pooled connection is handed to other queries and its
 * LISTEN would follow it), opened on first use, listening on every channel below, and opened again
 * with a growing delay when it drops. What was notified while it was down is lost: whoever listens
 * is told when it is back (`onResume`), with the moment from which to catch up.
 */
import crypto from "node:crypto";
import pg from "pg";

/** Every channel the shop uses; the listener subscribes to all of them at once. */
export const BUS_CHANNELS = { chat: "nacre_chat", pages: "nacre_pages" } as const;
export type BusChannel = (typeof BUS_CHANNELS)[keyof typeof BUS_CHANNELS];

/** An instance id, then a space, before each payload: receivers can tell their own notifications. */
const SENDER_LENGTH = 16;

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; what a caller may send, once the
 * sender's id is added. Measured in UTF-8 bytes, not characters.
 */
export const BUS_PAYLOAD_MAX_BYTES = 7999 - SENDER_LENGTH - 1;

/** Delays before each new attempt to listen again, the last one repeated. */
const RETRY_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000] as const;

export interface BusDelivery {
  /** The notification was sent by this very instance (its own subscribers were served already). */
  fromThisInstance: boolean;
}

export interface InstanceBus {
  /** Sends `payload` to every instance listening on `channel`, this one included. */
  send(channel: BusChannel, payload: string): Promise<void>;
  /** Calls `receive` for each payload notified on `channel`; the first call starts the listener. */
  listen(channel: BusChannel, receive: (payload: string, delivery: BusDelivery) => void): () => void;
  /**
   * Calls `resume` each time the listener is (again) in place, with the moment from which
   * notifications may have been missed: since the first `listen` on the first connection, since
   * the last sign of life of the connection that dropped on a reconnection.
   */
  onResume(resume: (missedSince: Date) => void): () => void;
  /** Whether the listener is connected and listening now. */
  readonly listening: boolean;
  /** Stops listening for good and closes the listener's connection (graceful shutdown). */
  close(): Promise<void>;
}

export interface InstanceBusOptions {
  /** The DATABASE_URL: the listener opens its own connection with it. */
  connectionString: string;
  /** The shop's pool, which sends the notifications. */
  pool: pg.Pool;
  retryDelaysMs?: readonly number[];
}

export function createInstanceBus({
  connectionString,
  pool,
  retryDelaysMs = RETRY_DELAYS_MS,
}: InstanceBusOptions): InstanceBus {
  const sender = crypto.randomBytes(SENDER_LENGTH / 2).toString("hex");
  const receivers = new Map<string, Set<(payload: string, delivery: BusDelivery) => void>>();
  const resumeListeners = new Set<(missedSince: Date) => void>();
  const channels = Object.values(BUS_CHANNELS);

  let started = false;
  let closed = false;
  let client: pg.Client | null = null;
  let connecting: pg.Client | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // From when a notification may have been missed: the listener is not in place since then.
  let missedSince = new Date();
  // The last moment the current connection was known to work.
  let aliveAt = new Date();

  function dispatch(message: pg.Notification) {
    const text = message.payload ?? "";
    const payload = text.slice(SENDER_LENGTH + 1);
    const delivery = { fromThisInstance: text.slice(0, SENDER_LENGTH) === sender };
    for (const receive of receivers.get(message.channel) ?? []) {
      try {
        receive(payload, delivery);
      } catch (error) {
        console.error(`Message « ${message.channel} » des autres instances non traité`, error);
      }
    }
  }

  async function connect() {
    if (closed) return;
    const next = new pg.Client({ connectionString, application_name: "nacre-listen", keepAlive: true });
    // Without a listener an error event would take the process down; `lost` handles it.
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    connecting = next;
    try {
      await next.connect();
      for (const channel of channels) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners("end");
      next.end().catch(() => {});
      retry(error);
      return;
    } finally {
      connecting = null;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    next.on("notification", (message) => {
      aliveAt = new Date();
      dispatch(message);
    });
    client = next;
    aliveAt = new Date();
    if (attempt > 0) console.info("Écoute des autres instances rétablie (PostgreSQL).");
    attempt = 0;
    const since = missedSince;
    for (const resume of resumeListeners) {
      try {
        resume(since);
      } catch (error) {
        console.error("Reprise après une coupure de l'écoute impossible", error);
      }
    }
  }

  function retry(error: unknown, what = "impossible") {
    if (closed) return;
    const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)] ?? 1000;
    // Logged once per outage, not at every attempt.
    if (attempt === 0) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`Écoute des autres instances ${what} (PostgreSQL) : ${reason} ; nouvel essai.`);
    }
    attempt += 1;
    retryTimer = setTimeout(() => void connect(), delay);
  }

  function lost(which: pg.Client, error?: Error) {
    if (client !== which) return;
    client = null;
    missedSince = aliveAt;
    which.removeAllListeners("notification");
    which.end().catch(() => {});
    retry(error ?? new Error("connexion fermée"), "perdue");
  }

  return {
    async send(channel, payload) {
      if (Buffer.byteLength(payload) > BUS_PAYLOAD_MAX_BYTES)
        throw new Error(`Message trop long pour NOTIFY (${Buffer.byteLength(payload)} octets).`);
      await pool.query("select pg_notify($1, $2)", [channel, `${sender} ${payload}`]);
    },
    listen(channel, receive) {
      const set = receivers.get(channel) ?? new Set();
      receivers.set(channel, set);
      set.add(receive);
      if (!started && !closed) {
        started = true;
        missedSince = new Date();
        void connect();
      }
      return () => {
        set.delete(receive);
      };
    },
    onResume(resume) {
      resumeListeners.add(resume);
      return () => {
        resumeListeners.delete(resume);
      };
    },
    get listening() {
      return client !== null;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      connecting?.end().catch(() => {});
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners("end");
        await current.end().catch(() => {});
      }
    },
  };
}
