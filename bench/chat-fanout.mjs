// `npm run bench` (chat part): starts the built server on an empty DATA_DIR, opens 1,000 live chat
// streams (/api/chat/flux: 500 as a customer, 500 as the admin — every one of them is entitled to
// every message of that customer's conversation), then sends messages one after another and
// measures how long each takes to reach all 1,000 subscribers, and what the streams cost the
// server in memory. Loopback only; bounded to about a minute.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 15);

if (!fs.existsSync(path.join(root, "build/server.js"))) {
  console.error("Run `npm run build` first.");
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-bench-chat-"));
const server = spawn(process.execPath, ["build/server.js"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // The benchmark signs in with these (a shop started without them generates random ones).
    ADMIN_PASSWORD: "Admin-Nacre-2026",
    DEMO_PASSWORD: "Cliente-Nacre-2026",
    PUBLIC_URL: base,
    SEED_DEMO: "0",
  },
  stdio: "ignore",
});

function rssMB() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
  return +(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024).toFixed(1);
}

async function waitHealthy() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

async function form(fields) {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams(fields),
  });
  if (response.status !== 302) throw new Error(`auth ${fields.intent}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function chat(cookie, body) {
  const response = await fetch(`${base}/api/chat`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`chat ${body.intent}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** One raw SSE subscriber: calls onMessage(content) for each chat message it receives. */
function subscribe(cookie, onMessage) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/chat/flux`,
      { headers: { cookie, accept: "text/event-stream" }, agent: false },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream: ${response.statusCode}`));
        response.setEncoding("utf8");
        let buffer = "";
        let synced = false;
        response.on("data", (chunk) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith("event: sync") && !synced) {
              synced = true;
              resolve(request);
            } else if (block.startsWith("event: message")) {
              const data = JSON.parse(block.slice(block.indexOf("data: ") + 6));
              onMessage(data.message.content);
            }
            end = buffer.indexOf("\n\n");
          }
        });
      },
    );
    request.on("error", reject);
  });
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

try {
  await waitHealthy();
  const customer = await form({
    intent: "signup",
    name: "Bench",
    email: "bench@exemple.fr",
    password: "Motdepasse-2026",
    passwordConfirm: "Motdepasse-2026",
  });
  const admin = await form({ intent: "login", email: "admin@nacre.test", password: "Admin-Nacre-2026" });
  await chat(customer, { intent: "open" });
  await new Promise((r) => setTimeout(r, 500));
  const idleRss = rssMB();

  // Arrival times of each message, per subscriber.
  const arrivals = new Map();
  const onMessage = (content) => {
    const list = arrivals.get(content);
    if (list) list.push(performance.now());
  };
  const opening = performance.now();
  const streams = [];
  for (let i = 0; i < SUBSCRIBERS; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(i + 50, SUBSCRIBERS); j++)
      batch.push(subscribe(j % 2 === 0 ? customer : admin, onMessage));
    streams.push(...(await Promise.all(batch)));
  }
  const openSeconds = (performance.now() - opening) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const subscribedRss = rssMB();

  const fanOut = [];
  const firstDelivery = [];
  let missing = 0;
  for (let m = 0; m < MESSAGES; m++) {
    const content = `Message de charge n° ${m}`;
    arrivals.set(content, []);
    const sent = performance.now();
    await chat(customer, { intent: "send", content });
    const deadline = Date.now() + 5000;
    while (arrivals.get(content).length < SUBSCRIBERS && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 2));
    const times = arrivals.get(content);
    missing += SUBSCRIBERS - times.length;
    if (times.length) {
      firstDelivery.push(Math.min(...times) - sent);
      fanOut.push(Math.max(...times) - sent);
    }
  }
  const rssAfter = rssMB();
  fanOut.sort((a, b) => a - b);
  firstDelivery.sort((a, b) => a - b);
  for (const stream of streams) stream.destroy();

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    subscribers: SUBSCRIBERS,
    messages: MESSAGES,
    openAllSeconds: +openSeconds.toFixed(2),
    serverRssIdleMB: idleRss,
    serverRssWithSubscribersMB: subscribedRss,
    serverRssAfterMessagesMB: rssAfter,
    perSubscriberKB: +(((subscribedRss - idleRss) * 1024) / SUBSCRIBERS).toFixed(1),
    firstDeliveryP50ms: +percentile(firstDelivery, 0.5).toFixed(1),
    allDeliveredP50ms: +percentile(fanOut, 0.5).toFixed(1),
    allDeliveredP95ms: +percentile(fanOut, 0.95).toFixed(1),
    allDeliveredMaxms: +fanOut.at(-1).toFixed(1),
    missingDeliveries: missing,
  };
  console.log(
    `\nSupport chat: ${SUBSCRIBERS} live subscribers, ${MESSAGES} messages (send → received by all)`,
  );
  console.table(results);
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "bench/results/chat-fanout.json"),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  if (missing > 0) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
}
