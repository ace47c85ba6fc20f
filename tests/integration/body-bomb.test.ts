/**
 * The multipart field bomb against the built server (docs/security.md "Bodies limited before they
 * are read"): three anonymous 48 MB bodies of 490,000 one-byte fields, sent at once by another
 * process to /contact, /auth and /reinitialiser-mot-de-passe, which the forms used to parse in full
 * (2.4–4.6 s of a stalled server each, /healthz waiting 5.7 s, sometimes a 500). Each gets a French
 * 413 that the server decides in under 100 ms (its own Server-Timing), and /healthz, asked again and
 * again while the bodies arrive, answers every time in under 50 ms. A process of its own: the bodies
 * must not be sent by the process that times the health check, nor by the one that serves it.
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
  it("gets a French 413 decided in under 100 ms on each form, and /healthz answers in under 50 ms throughout", async () => {
    const paths = ["/contact", "/auth", "/reinitialiser-mot-de-passe"];
    // A server stalled by the bodies (the parsing this guards against took 2.4–4.6 s a body) is
    // slow at every attempt; a machine busy with the suite's other files only at some. So the
    // answers are checked at each attempt, and the health check's bound must hold in one of three.
    const slowest: number[] = [];
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
      const slowestHere = Math.max(...health);
      slowest.push(slowestHere);
      console.info(
        `[bombe] 413 décidés en ${answers.map((a) => /corps;dur=([0-9.]+)/.exec(a.timing)?.[1]).join(", ")} ms ; /healthz ×${health.length}, médiane ${[...health].sort((a, b) => a - b)[health.length >> 1]?.toFixed(1)} ms, max ${slowestHere.toFixed(1)} ms`,
      );
      if (slowestHere < 50) break;
    }
    expect(
      Math.min(...slowest),
      `/healthz le plus lent de chaque essai : ${slowest.join(", ")}`,
    ).toBeLessThan(50);
  }, 120_000);
});
