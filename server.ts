/**
 * Nacre's one Node entry. Production (`npm start`): loads the bundled app from build/server,
 * prepares the database (migrate, admin, demo seed) and serves on HOST:PORT. Development
 * (`npm run dev`): the same, with Vite's dev server for hot reloading.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

type AppModule = typeof import("./app/server/http-app.server");

const root = path.dirname(fileURLToPath(import.meta.url)).replace(/[/\\]build$/, "");
// Settings from `.env` beside package.json, when present; variables already set (systemd, the
// shell) win over the file's.
if (fs.existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
const dev = process.argv.includes("--dev");

async function loadApp(): Promise<{ mod: AppModule; options: Parameters<AppModule["createHttpApp"]>[0] }> {
  if (dev) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    const mod = (await devServer.ssrLoadModule("./app/server/http-app.server.ts")) as AppModule;
    return { mod, options: { devMiddlewares: devServer.middlewares } };
  }
  const mod = (await import(pathToFileURL(path.join(root, "build/server/index.js")).href)) as AppModule;
  return { mod, options: { clientDir: path.join(root, "build/client") } };
}

async function main() {
  // Everything the shop writes (database, backups, uploads, mails) is its user's only.
  process.umask(0o077);
  const { mod, options } = await loadApp();
  let env: ReturnType<AppModule["getEnv"]>;
  try {
    env = mod.getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  let report: Awaited<ReturnType<AppModule["prepareShop"]>>;
  try {
    // The demo's pictures are drawn by the build; a development checkout's first seed draws them there.
    report = await mod.prepareShop(mod.getAppContext(), {
      demoPictures: path.join(root, "build/demo-pictures"),
    });
  } catch (error) {
    if (!(error instanceof mod.StartupRefusedError)) throw error;
    console.error(`Démarrage refusé :\n${error.message}`);
    process.exit(1);
  }
  // In the background: files a crash left behind (ADR 010) never delay serving.
  void mod.sweepOrphanImages(mod.getAppContext());
  // In the background too: the image sizes this instance's cache lacks (ADR 010).
  void mod.makeMissingImageSizes(mod.getAppContext());
  const app = mod.createHttpApp(options);
  const server = app.listen(env.PORT, env.HOST, () => {
    console.info(mod.startupBanner(env, report).join("\n"));
    // `npm run restore` refuses to swap the database under a running shop.
    fs.writeFileSync(mod.pidFile(env.dataDir), String(process.pid));
  });
  const stopBackups = mod.startBackupSchedule();
  // Inactive accounts: warned, then deleted (docs/product.md §10.21); a first pass shortly after start.
  const stopInactivityPasses = mod.startInactivitySchedule(mod.getAppContext());
  // The « Nouvelles créations » digest: one instance sends it (docs/product.md §10.27, ADR 033).
  const stopAlertDigests = mod.startAlertDigestSchedule(mod.getAppContext());
  // The e-mails recorded in the outbox, those a crash or a restart left undelivered first (ADR 025).
  const mailOutbox = mod.getAppContext().outbox;
  mailOutbox.start();
  server.on("error", (error) => {
    console.error(`Impossible d'écouter sur ${env.HOST}:${env.PORT} : ${error.message}`);
    process.exit(1);
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stopBackups();
    stopInactivityPasses();
    stopAlertDigests();
    // Stops waking; a delivery under way finishes before the database closes (context close()).
    void mailOutbox.stop();
    fs.rmSync(mod.pidFile(env.dataDir), { force: true });
    mod.beginShutdown();
    server.close(() => {
      void mod
        .getAppContext()
        .close()
        .finally(() => process.exit(0));
    });
    // Connections that finish their last answer (a chat stream just ended, a request drained)
    // become idle after close(): close those too, instead of waiting for their keep-alive timeout.
    setInterval(() => server.closeIdleConnections(), 100).unref();
    server.closeIdleConnections();
    // Whatever still hangs after 10 s is cut: the database is closed either way.
    setTimeout(() => {
      void mod
        .getAppContext()
        .close()
        .finally(() => process.exit(0));
    }, 10_000).unref();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error("Échec du démarrage :", error);
  process.exit(1);
});
