/**
 * The multipart field bomb against the built server (docs/security.md "Bodies limited before they
 * are read"): three anonymous 48 MB bodies of 490,000 one-byte fields, sent at once by another
 * process to /contact, /auth and /reinitialiser-mot-de-passe, which the forms used to parse in full
 * (2.4–4.6 s of a stalled server each, /healthz waiting 5.7 s, sometimes a 500). Each gets a French
 * 413 that the server decides in under 100 ms (its own Server-Timing), and /healthz, asked again and
 * again while the bodies arrive, keeps answering, and tells that the server's event loop was never
 * held 50 ms meanwhile (its own measure: app/server/event-loop-delay.server.ts). A process of its
 * own: the bodies must not be sent by the process that asks for the health check, nor by the one
 * that serves it.
 *
 * Across a network the attacker's machine does the sending; here the sender shares the server's
 * two cores, so it runs at the lowest CPU priority, and the health check is asked at a monitor's
 * pace (every 10 ms), not in a flood: the 48 MB copies and a thousand health checks a second took
 * the cores from the server (a CPU profile of it during the bombs: idle but for a few ms, while its
 * timer fired 40–56 ms late), and the bound then measured the harness. The server's measure covers
 * every moment in between all the same.
 */
import { spawn } from "node:child_process";
import os from "node:os";
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

/** The longest event-loop delay the server measured since the previous health check (ms). */
function loopDelay(response: Response): number {
  return Number(/boucle;dur=([0-9.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);
}

/**
 * The three bombs sent once, /healthz asked meanwhile: each answer, and the longest delay the
 * server's event loop saw from the moment they were sent until the last was answered.
 */
async function attack(paths: string[]) {
  const sender = spawn(process.execPath, ["-e", SENDER, shop.url, ...paths], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  // The attacker's copies wait for the server (see above).
  if (sender.pid) os.setPriority(sender.pid, 19);
  let output = "";
  const lines = () => output.split("\n").filter(Boolean);
  sender.stdout.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => sender.once("exit", resolve));
  while (!output.includes("prête")) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(Number(/prête (\d+)/.exec(output)?.[1])).toBeGreaterThan(47_000_000);

  // A health check first: the server's window of delays starts now.
  expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
  sender.stdin.write("go\n");
  // The health check, every 10 ms, until every bomb has its answer: each is answered (the server
  // is never stalled) and tells the loop's longest delay since the previous.
  const delays: number[] = [];
  let checks = 0;
  const check = async () => {
    const response = await fetch(`${shop.url}/healthz`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    checks++;
    delays.push(loopDelay(response));
  };
  while (lines().length < paths.length + 1 && checks < 2000) {
    await check();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await exited;
  await check();
  const answers = lines()
    .slice(1)
    .map((line) => JSON.parse(line) as { path: string; status: number; text: string; timing: string });
  return { answers, checks, longestDelay: Math.max(...delays) };
}

describe("the 48 MB body of 490,000 fields, three at once", () => {
  it("gets a French 413 decided in under 100 ms on each form, and the server's event loop is never held 50 ms", async () => {
    const paths = ["/contact", "/auth", "/reinitialiser-mot-de-passe"];
    // The parsing this guards against held the loop 2.4–4.6 s a body. The delay is the server's own
    // measure (its /healthz Server-Timing), so another process's load on the machine does not count
    // — except when it keeps the server itself off both cores for a moment: so the answers are
    // checked at each attempt, and in one of three the loop must never have waited 50 ms.
    const attempts: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const { answers, checks, longestDelay } = await attack(paths);
      expect(answers.map((answer) => answer.path).sort()).toEqual([...paths].sort());
      for (const answer of answers) {
        expect(answer.status, answer.path).toBe(413);
        expect(answer.text, answer.path).toBe("Requête trop volumineuse (1 Mo au maximum).");
        const decided = Number(/corps;dur=([0-9.]+)/.exec(answer.timing ?? "")?.[1]);
        expect(decided, `${answer.path} ${answer.timing}`).toBeLessThan(100);
      }
      expect(checks).toBeGreaterThan(1);
      expect(Number.isFinite(longestDelay)).toBe(true);
      attempts.push(longestDelay);
      console.info(
        `[bombe] 413 décidés en ${answers.map((a) => /corps;dur=([0-9.]+)/.exec(a.timing)?.[1]).join(", ")} ms ; /healthz ×${checks}, boucle retenue au plus ${longestDelay.toFixed(1)} ms`,
      );
      if (longestDelay < 50) break;
    }
    expect(
      attempts.some((delay) => delay < 50),
      `plus longue attente de la boucle par essai (ms) : ${JSON.stringify(attempts)}`,
    ).toBe(true);
  }, 120_000);
});
