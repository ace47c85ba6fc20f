/**
 * The demo shop on the run's PostgreSQL, as a template every test database of the "postgres"
 * project copies (tests/support/demo-snapshot.ts): the SQLite snapshot moved by the shop's own
 * `npm run move-to-postgres` code (every table, every original into image_files), then started
 * once as `npm start` would (settings, admin, the search index the move leaves to the first start).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createAppContext } from "~/server/context.server";
import { parseEnv } from "~/server/env.server";
import { moveToPostgres } from "~/server/move-to-postgres.server";
import { prepareShop } from "~/server/startup.server";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "./demo-snapshot";
import { TEST_AUTH_SECRET } from "./test-database";

/** Creates the template from `snapshot`; returns its name and how to drop it. */
export async function createPostgresTemplate(
  adminUrl: string,
  snapshot: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  // A server of one's own (TEST_DATABASE_URL) may serve two runs at once: a name of its own.
  const name = `nacre_demo_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const report = await moveToPostgres({ fromDataDir: snapshot, toUrl: url.toString() });
  if (!report.committed) throw new Error("la boutique de démonstration n'a pas pu passer sur PostgreSQL");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-template-"));
  const ctx = createAppContext(
    parseEnv({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED_DEMO: "1",
      ADMIN_PASSWORD: DEMO_ADMIN.password,
      DEMO_PASSWORD: DEMO_CUSTOMER.password,
      PUBLIC_URL: "http://localhost:3000",
    }),
  );
  try {
    await prepareShop(ctx);
  } finally {
    await ctx.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
