/**
 * Makes tests/fixtures/release-0.1.sqlite: the database of release 0.1 (migrations 0001–0004, the
 * demo seed, then a customer who signed up, chatted, wrote through the contact form and asked for a
 * password reset, so every table has rows). tests/integration/update-keeps-data.test.ts starts
 * today's code on a copy of it. Made once, from release 0.1's code, and committed: regenerating it
 * from later code would no longer be the previous release's data.
 *
 *   npm run build && npx tsx scripts/make-release-fixture.ts
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  freePort,
  newDataDir,
  root,
  signUp,
  startServer,
  stopServer,
  waitHealthy,
} from "../tests/support/shop-server";

const fixture = path.join(root, "tests/fixtures/release-0.1.sqlite");
const customer = { email: "ancienne-cliente@exemple.fr", name: "Vaimiti Teriierooiterai" };

const shop = startServer({ port: await freePort(), dataDir: newDataDir("release-fixture") });
await waitHealthy(shop, 180_000);
const origin = shop.url;

// On any failure the server must not outlive this script.
process.on("exit", () => shop.child.kill("SIGKILL"));
const cookie = await signUp(shop.url, customer.email, customer.name);
const chat = (body: unknown) =>
  fetch(`${shop.url}/api/chat`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
for (const answer of [
  await chat({ intent: "open" }),
  await chat({ intent: "send", content: "Bonjour, la bague Lagon existe-t-elle en 54 ?" }),
  await fetch(`${shop.url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({
      "form-name": "contact",
      name: customer.name,
      email: customer.email,
      message: "Je souhaite commander le collier Keshi, pouvez-vous m'envoyer un lien de paiement ?",
    }),
  }),
  await fetch(`${shop.url}/api/auth/request-password-reset`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ email: customer.email, redirectTo: "/reinitialiser-mot-de-passe" }),
  }),
]) {
  if (answer.status >= 400) throw new Error(`${answer.url} : ${answer.status} ${await answer.text()}`);
}
await stopServer(shop);

// VACUUM INTO: one compact file, the WAL folded in.
fs.rmSync(fixture, { force: true });
fs.mkdirSync(path.dirname(fixture), { recursive: true });
const db = new SQLite(path.join(shop.dataDir, "nacre.sqlite"));
db.prepare("vacuum into ?").run(fixture);
const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").all() as {
  name: string;
}[];
for (const { name } of tables) {
  const { count } = db.prepare(`select count(*) as count from "${name}"`).get() as { count: number };
  console.info(`${name.padEnd(24)} ${count}`);
}
db.close();
fs.rmSync(shop.dataDir, { recursive: true, force: true });
console.info(`${fixture} : ${fs.statSync(fixture).size} octets`);
