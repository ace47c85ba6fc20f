/**
 * The multipart field bomb against the built server (docs/security.md "Bodies limited before they
 * are read"): three anonymous 48 MB bodies of 490,000 one-byte fields, sent at once by another
 * process to /contact, /auth and /reinitialiser-mot-de-passe, which the forms used to parse in full
 * (2.4–4.6 s of a stalled server each, /healthz waiting 5.7 s, sometimes a 500). Each gets a French
 * 413 that the server decides in under 100 ms (its own Server-Timing), and /healthz, asked again and
 * again while the bodies arrive, keeps answering in under 50 ms (95th percentile; none stalled). A
 * process of its own: the bodies must not be sent by the process that times the health check, nor
 * by the one that serves it.
 */
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ShopServer, startShop, stopServer } from "../support/shop-server";

let shop: ShopServer;

beforeAll(async () => {
  shop = await startShop("bombe", { SEED_DEMO: "0", BACKUP_INTERVAL_HOURS: "0" });
}, 180_000);

afterAll(async () => {
  if (shop) await stopServer(shop);
});

/**
 * A child process that builds the body, prints "prête", sends it to every path at once once it
 * reads a line, and prints one JSON line per answer: path, status, text, Server-Timing.
 */
const SENDER = `
const [origin, ...paths] = process.argv.slice(1);
const boundary = "----nacre-bombe";
const count = 490000, bytes = 48000000;
const closing = "--" + boundary + "--\\r\\n";
const bare = ("--" + boundary + '\\r\\nContent-Disposition: form-data; name=""\\r\\n\\r\\nx\\r\\n').length;
const nameLength = Math.floor((bytes - closing.length) / count) - bare;
const parts = [];
for (let i = 0; i < count; i++)
  parts.push("--" + boundary + '\\r\\nContent-Disposition: form-data; name="' + ("c" + i).padEnd(nameLength, "x") + '"\\r\\n\\r\\nx\\r\\n');
// One buffer: a Blob of 490,000 parts is sent a part at a time, and the sender would be the bottleneck.
const body = Buffer.from(parts.join("") + closing);
console.log("prête " + body.length);
process.stdin.once("data", async () => {
  await Promise.all(paths.map(async (path) => {
    const response = await fetch(origin + path, {
      method: "POST",
      headers: { origin, "content-type": "multipart/form-data; boundary=" + boundary },
      body,
    });
    console.log(JSON.stringify({ path, status: response.status, text: await response.text(), timing: response.headers.get("server-timing") }));
  }));
  process.exit(0);
});
`;

/** The three bombs sent once, /healthz timed meanwhile: each answer, and each health check's time. */
async function attack(paths: string[]) {
  const sender = spawn(process.execPath, ["-e", SENDER, shop.url, ...paths], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  const lines = () => output.split("\n").filter(Boolean);
  sender.stdout.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => sender.once("exit", resolve));
  while (!output.includes("prête")) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(Number(/prête (\d+)/.exec(output)?.[1])).toBeGreaterThan(47_000_000);

  sender.stdin.write("go\n");
  // The health check, one request after the other, until every bomb has its answer.
  const health: number[] = [];
  while (lines().length < paths.length + 1 && health.length < 2000) {
    const started = performance.now();
    const response = await fetch(`${shop.url}/healthz`);
    await response.arrayBuffer();
    health.push(performance.now() - started);
    expect(response.status).toBe(200);
  }
  await exited;
  const answers = lines()
    .slice(1)
    .map((line) => JSON.parse(line) as { path: string; status: number; text: string; timing: string });
  return { answers, health };
}

describe("the 48 MB body of 490,000 fields, three at once", () => {
  it("gets a French 413 decided in under 100 ms on each form, and /healthz keeps answering in under 50 ms", async () => {
    const paths = ["/contact", "/auth", "/reinitialiser-mot-de-passe"];
    // A server stalled by the bodies (the parsing this guards against took 2.4–4.6 s a body, so one
    // health check waited seconds) is slow at every attempt; a machine busy with the suite's other
    // files delays single round trips by tens of milliseconds at some. So the answers are checked at
    // each attempt, and in one of three the health checks must answer under 50 ms at the 95th
    // percentile and none may wait half a second (idle machine: every one under 40 ms).
    const attempts: { p95: number; max: number }[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const { answers, health } = await attack(paths);
      expect(answers.map((answer) => answer.path).sort()).toEqual([...paths].sort());
      for (const answer of answers) {
        expect(answer.status, answer.path).toBe(413);
        expect(answer.text, answer.path).toBe("Requête trop volumineuse (1 Mo au maximum).");
        const decided = Number(/corps;dur=([0-9.]+)/.exec(answer.timing ?? "")?.[1]);
        expect(decided, `${answer.path} ${answer.timing}`).toBeLessThan(100);
      }
      expect(health.length).toBeGreaterThan(0);
      const sorted = [...health].sort((a, b) => a - b);
      const times = {
        p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] as number,
        max: sorted.at(-1) as number,
      };
      attempts.push(times);
      console.info(
        `[bombe] 413 décidés en ${answers.map((a) => /corps;dur=([0-9.]+)/.exec(a.timing)?.[1]).join(", ")} ms ; /healthz ×${health.length}, médiane ${sorted[sorted.length >> 1]?.toFixed(1)} ms, p95 ${times.p95.toFixed(1)} ms, max ${times.max.toFixed(1)} ms`,
      );
      if (times.p95 < 50 && times.max < 500) break;
    }
    expect(
      attempts.some((times) => times.p95 < 50 && times.max < 500),
      `/healthz par essai : ${JSON.stringify(attempts)}`,
    ).toBe(true);
  }, 120_000);
});
