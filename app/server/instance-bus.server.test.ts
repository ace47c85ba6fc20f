/**
 * The instance bus (ADR 014) on a real PostgreSQL: two buses on one database stand for two
 * instances. Each hears the other's notifications and its own (flagged as such), payloads up to
 * the documented size pass whole, a listener cut by the server comes back by itself and says from
 * when it may have missed something, and close() ends the listening connection for good.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabaseUrl } from "../../tests/support/test-database";
import {
  BUS_CHANNELS,
  BUS_PAYLOAD_MAX_BYTES,
  type BusDelivery,
  createInstanceBus,
  type InstanceBus,
} from "./instance-bus.server";

let url: string;
let admin: pg.Client;
const pools: pg.Pool[] = [];
const buses: InstanceBus[] = [];

function instance() {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const bus = createInstanceBus({ connectionString: url, pool });
  pools.push(pool);
  buses.push(bus);
  const heard: { channel: string; payload: string; delivery: BusDelivery }[] = [];
  const resumed: Date[] = [];
  for (const channel of Object.values(BUS_CHANNELS))
    bus.listen(channel, (payload, delivery) => heard.push({ channel, payload, delivery }));
  bus.onResume((since) => resumed.push(since));
  return { bus, heard, resumed };
}

async function listeners(): Promise<number> {
  const { rows } = await admin.query(
    "select count(*)::int as n from pg_stat_activity where application_name = 'nacre-listen' and datname = current_database()",
  );
  return rows[0].n;
}

let a: ReturnType<typeof instance>;
let b: ReturnType<typeof instance>;

beforeAll(async () => {
  url = createTestDatabaseUrl("bus");
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  a = instance();
  b = instance();
  await vi.waitFor(() => expect(a.bus.listening && b.bus.listening).toBe(true), { timeout: 5000 });
});

afterAll(async () => {
  for (const bus of buses) await bus.close();
  for (const pool of pools) await pool.end();
  await admin.end();
});

describe("instance bus over LISTEN/NOTIFY", () => {
  it("tells every instance, the sender included, and says which one sent it", async () => {
    a.heard.length = 0;
    b.heard.length = 0;
    await a.bus.send(BUS_CHANNELS.chat, "bonjour de A");
    await b.bus.send(BUS_CHANNELS.pages, "");
    await vi.waitFor(() => expect(a.heard.length + b.heard.length).toBe(4));
    expect(b.heard).toEqual([
      { channel: "nacre_chat", payload: "bonjour de A", delivery: { fromThisInstance: false } },
      { channel: "nacre_pages", payload: "", delivery: { fromThisInstance: true } },
    ]);
    expect(a.heard).toEqual([
      { channel: "nacre_chat", payload: "bonjour de A", delivery: { fromThisInstance: true } },
      { channel: "nacre_pages", payload: "", delivery: { fromThisInstance: false } },
    ]);
  });

  it("carries payloads up to BUS_PAYLOAD_MAX_BYTES whole, and refuses larger ones itself", async () => {
    b.heard.length = 0;
    // Two-byte characters: the limit is in bytes, as PostgreSQL counts it.
    const largest = "é".repeat(Math.floor(BUS_PAYLOAD_MAX_BYTES / 2)) + "x".repeat(BUS_PAYLOAD_MAX_BYTES % 2);
    expect(Buffer.byteLength(largest)).toBe(BUS_PAYLOAD_MAX_BYTES);
    await a.bus.send(BUS_CHANNELS.chat, largest);
    await vi.waitFor(() => expect(b.heard).toHaveLength(1));
    expect(b.heard[0]?.payload).toBe(largest);
    // The sender hears it too: waited for here, so that it cannot arrive during the next test.
    await vi.waitFor(() => expect(a.heard.some((heard) => heard.payload === largest)).toBe(true));
    await expect(a.bus.send(BUS_CHANNELS.chat, `${largest}é`)).rejects.toThrow(/trop long/);
  });

  it("listens again by itself after the server cut its connection, and says since when it may have missed", async () => {
    // A last message both hear, so that no late delivery of an earlier test moves A's last sign of
    // life past the moment we note: A heard it between `sentAt` and `heardAt`.
    a.heard.length = 0;
    b.heard.length = 0;
    const sentAt = new Date();
    await a.bus.send(BUS_CHANNELS.chat, "avant la coupure");
    // By content, not by count: whatever else arrives meanwhile, both heard this one.
    const heardIt = (instance: typeof a) =>
      instance.heard.some((heard) => heard.payload === "avant la coupure");
    await vi.waitFor(() => expect(heardIt(a) && heardIt(b)).toBe(true));
    const heardAt = new Date();
    const resumedA = a.resumed.length;
    const resumedB = b.resumed.length;
    expect(await listeners()).toBe(2);
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'nacre-listen' and datname = current_database()",
    );
    await vi.waitFor(() => expect(a.resumed.length > resumedA && b.resumed.length > resumedB).toBe(true), {
      timeout: 10_000,
    });
    expect(a.bus.listening).toBe(true);
    // Since the last sign of life of the lost connection: the message heard just before the cut.
    expect(a.resumed.at(-1)?.getTime()).toBeGreaterThanOrEqual(sentAt.getTime());
    expect(a.resumed.at(-1)?.getTime()).toBeLessThanOrEqual(heardAt.getTime());
    b.heard.length = 0;
    await a.bus.send(BUS_CHANNELS.chat, "après la coupure");
    await vi.waitFor(() => expect(b.heard.map((h) => h.payload)).toEqual(["après la coupure"]));
    expect(await listeners()).toBe(2);
  });

  it("closes its listening connection for good", async () => {
    await a.bus.close();
    await vi.waitFor(async () => expect(await listeners()).toBe(1));
    expect(a.bus.listening).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await listeners()).toBe(1);
  });
});
