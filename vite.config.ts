import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

// The SSR build's entry is our Express app (app/server/http-app.server.ts), which embeds the
// React Router server build: one bundle holds every server module, so the database, auth and
// realtime singletons exist once per process.
export default defineConfig(({ isSsrBuild, command }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      // react-router 7's package exports name only its development build (remix-run/react-router
      // #12532, #14102); its production build drops the dev warnings. Browser bundle only, and both
      // entry points, so one copy of the router is shipped.
      ...(command === "build" && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction("dom-export.mjs") },
          ]
        : []),
    ],
  },
  build: {
    rollupOptions: isSsrBuild ? { input: "./app/server/http-app.server.ts" } : undefined,
  },
  plugins: [reactRouter()],
}));
