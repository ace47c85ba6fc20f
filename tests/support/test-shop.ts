/**
 * A shop inside the test's own process, for the route tests (tests/routes): the app from its
 * sources (tests/support/server-build.ts), on a copy of the run's demo shop (tests/support/
 * demo-snapshot.ts) — the SQLite file and its pictures, or a PostgreSQL database made from the
 * template — with the shop's real Express app (http-app.server.ts: origin check, body limits,
 * page cache, React Router) listening on a loopback port. Nothing is spawned, seeded or bundled:
 * a shop is ready in milliseconds, and what it runs counts in the coverage of app/.
 *
 * One shop at a time per test file: the app reaches its context through getAppContext().
 */
import type { Server } from "node:http";
import path from "node:path";
import { type AppContext, createAppContext, setAppContext } from "~/server/context.server";
import { parseEnv } from "~/server/env.server";
import { createHttpApp } from "~/server/http-app.server";
import { prepareShop } from "~/server/startup.server";
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  databaseEnvOf,
  freePort,
  newDataDir,
  root,
  startFromDemoSnapshot,
} from "./shop-server";

export interface TestShop {
  url: string;
  port: number;
  dataDir: string;
  ctx: AppContext;
  close(): Promise<void>;
}

let open: TestShop | undefined;

/**
 * A fresh shop on the test back end, started as `npm start` would start it on a copy of the demo
 * (migrations, settings, admin, search index), with the test accounts' known passwords.
 */
export async function startTestShop(label: string, env: Record<string, string> = {}): Promise<TestShop> {
  if (open) throw new Error("une boutique de test tourne déjà dans ce fichier : fermez-la d'abord");
  const port = await freePort();
  const dataDir = newDataDir(label);
  startFromDemoSnapshot(dataDir, env);
  const ctx = createAppContext(
    parseEnv({
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      // The tests post from the address they reach the shop on.
      PUBLIC_URL_ALIASES: `http://127.0.0.1:${port}`,
      SEED_DEMO: "1",
      ADMIN_PASSWORD: DEMO_ADMIN.password,
      DEMO_PASSWORD: DEMO_CUSTOMER.password,
      IMAGE_SIZES_AT_START: "0",
      BACKUP_INTERVAL_HOURS: "0",
      ...databaseEnvOf(dataDir),
      ...env,
    }),
  );
  setAppContext(ctx);
  let server: Server | undefined;
  try {
    await prepareShop(ctx);
    // As server.ts: the outbox worker delivers the e-mails the shop records (ADR 025).
    ctx.outbox.start();
    // public/ stands for build/client: the same files, without the hashed bundles.
    const app = createHttpApp({ clientDir: path.join(root, "public"), requestLog: false });
    server = await new Promise<Server>((resolve, reject) => {
      const listening = app.listen(port, "127.0.0.1", () => resolve(listening));
      listening.on("error", reject);
    });
  } catch (error) {
    setAppContext(undefined);
    await ctx.close();
    throw error;
  }
  const listening = server;
  const shop: TestShop = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    ctx,
    async close() {
      await new Promise<void>((resolve) => {
        listening.close(() => resolve());
        listening.closeAllConnections();
      });
      await ctx.close();
      setAppContext(undefined);
      open = undefined;
    },
  };
  open = shop;
  return shop;
}
