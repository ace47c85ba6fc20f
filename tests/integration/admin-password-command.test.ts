/**
 * `npm run admin:password` on a built shop (ADR 011): reads the password from standard input, never
 * prints it, and the shop then accepts it; a short one is refused in French and changes nothing.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  databaseEnvOf,
  freePort,
  newDataDir,
  root,
  type ShopServer,
  signIn,
  startServer,
  stopServer,
  waitHealthy,
} from "../support/shop-server";

const servers: ShopServer[] = [];
afterAll(async () => {
  for (const server of servers) await stopServer(server);
});

function adminPassword(dataDir: string, input: string) {
  return spawnSync(process.execPath, [path.join(root, "scripts/admin-password.mjs")], {
    cwd: root,
    input,
    encoding: "utf8",
    // The shop's database: its DATA_DIR, and on PostgreSQL its DATABASE_URL and AUTH_SECRET.
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      ADMIN_PASSWORD: "",
      ...databaseEnvOf(dataDir),
    },
  });
}

describe("npm run admin:password", () => {
  it("sets the admin's password from standard input without printing it; the shop accepts it", async () => {
    const dataDir = newDataDir("mot-de-passe-admin");
    const refused = adminPassword(dataDir, "court\n");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("Le mot de passe doit contenir entre 10 et 128 caractères.");

    const password = "Choisi-Depuis-Le-Serveur-2026";
    const set = adminPassword(dataDir, `${password}\n`);
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toContain("Mot de passe de admin@nacre.test défini (compte créé)");
    expect(set.stdout + set.stderr).not.toContain(password);

    const server = startServer({
      port: await freePort(),
      dataDir,
      env: { SEED_DEMO: "0", ADMIN_PASSWORD: "", BACKUP_INTERVAL_HOURS: "0" },
    });
    servers.push(server);
    await waitHealthy(server);
    // The account existed before this start: no password is generated, none is printed.
    expect(server.output()).not.toMatch(/mot de passe : \S/);
    await signIn(server.url, "admin@nacre.test", password);

    // Run again while the shop serves: the new password replaces the old one at once.
    const again = adminPassword(dataDir, "Encore-Un-Autre-2026\n");
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain("Mot de passe de admin@nacre.test changé");
    await expect(signIn(server.url, "admin@nacre.test", password)).rejects.toThrow();
    await signIn(server.url, "admin@nacre.test", "Encore-Un-Autre-2026");
  });
});
