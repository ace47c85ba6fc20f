import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The SSR build's entry is our Express app (app/server/http-app.server.ts), which embeds the
// React Router server build: one bundle holds every server module, so the database, auth and
// realtime singletons exist once per process.
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    rollupOptions: isSsrBuild ? { input: "./app/server/http-app.server.ts" } : undefined,
  },
  plugins: [reactRouter()],
}));
