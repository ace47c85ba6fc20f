import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * Small modules shared by many pages become chunks of their own, each with its own stylesheet, and
 * every stylesheet blocks the first paint: on a phone each costs a round trip (Lighthouse counted
 * nine on /galerie). What every page loads anyway travels as one "shell" chunk, the product cards
 * and page headings as "cards", the listings' and product pages' pieces as "catalogue" and the
 * home page's sections as one. Lazily imported modules
 * are left alone.
 */
const SHELL = /\/app\/(components\/(toast|icons|button\.module\.css)|styles\/error-page\.module\.css)/;
const CARDS =
  /\/app\/(features\/catalogue\/(product-card|inline-edit)|components\/(page-intro|text-image-section))/;
const CATALOGUE =
  /\/app\/features\/catalogue\/(listing-page|filter-sidebar|listing-memory|listing-query|back-button|product-facts|similar-products|gallery-images)/;
const HOME = /\/app\/(features\/home\/|components\/feature-bar|features\/reviews\/testimonials)/;
function shellChunk(id: string): string | undefined {
  if (SHELL.test(id)) return "shell";
  if (CARDS.test(id)) return "cards";
  if (CATALOGUE.test(id)) return "catalogue";
  if (HOME.test(id)) return "home-page";
  return undefined;
}

// The SSR build's entry is our Express app (app/server/http-app.server.ts), which embeds the
// React Router server build: one bundle holds every server module, so the database, auth and
// realtime singletons exist once per process. Only the demo seed (db/seed/, imported on demand)
// is a chunk of its own.
export default defineConfig(({ isSsrBuild, command }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      // react-router 7's package exports name only its development build (remix-run/react-router
      // #12532, #14102); its production build drops the dev warnings and checks. Both entry
      // points, so one copy of the router is shipped; on the server too, where the router and its
      // Node adapters are bundled (below) so they all use it (ADR 018).
      ...(command === "build"
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction("dom-export.mjs") },
          ]
        : []),
    ],
  },
  ssr:
    command === "build"
      ? { noExternal: ["react-router", "@react-router/node", "@react-router/express"] }
      : undefined,
  build: {
    rollupOptions: isSsrBuild
      ? { input: "./app/server/http-app.server.ts" }
      : { output: { manualChunks: shellChunk } },
  },
  plugins: [reactRouter()],
}));
