import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * Small modules shared by many pages become chunks of their own, each with its own stylesheet, and
 * every stylesheet blocks the first paint: on a phone each costs a round trip (Lighthouse counted
 * nine on /galerie). What every page loads anyway travels as one "shell" chunk, the product cards,
 * page headings and feature bar as "cards", the listings' pieces as "catalogue" (the product page's
 * own pieces travel with it) and the home page's sections as one. Lazily imported modules are left
 * alone.
 */
const SHELL =
  /\/app\/(components\/(toast|icons|button\.module\.css)|styles\/error-page\.module\.css|lib\/use-(focus-trap|scroll-lock)|features\/(basket\/(basket-context|guest-storage)|chat\/chat-(context|types)))/;
const CARDS =
  /\/app\/(features\/catalogue\/(product-card|inline-edit)|components\/(page-intro|text-image-section|feature-bar))/;
const CATALOGUE = /\/app\/features\/catalogue\/(listing-page|filter-sidebar|listing-memory|listing-query)/;
const HOME = /\/app\/(features\/home\/|features\/reviews\/testimonials)/;
/**
 * A group takes its modules' dependencies along, so the first group to claim a module keeps it. The
 * shell (what the root route imports, framework included) claims first: else the listings' group took
 * the focus trap and the cards' group took the basket state, and every page loaded the catalogue and
 * the product cards with the header (docs/product.md §10.17: 135 KB of JavaScript at most).
 */
const CHUNK_GROUPS = [
  { name: "shell", test: SHELL, priority: 4 },
  { name: "cards", test: CARDS, priority: 3 },
  { name: "catalogue", test: CATALOGUE, priority: 2 },
  { name: "home-page", test: HOME, priority: 1 },
];

// The SSR build's entry is our Express app (app/server/http-app.server.ts), which embeds the
// React Router server build: one bundle holds every server module and the dependencies it can, so
// the database, auth and realtime singletons exist once per process. What is imported on demand
// (the demo seed, db/seed/, among others) makes chunks of its own.
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
      ? {
          // Every dependency bundled but the native ones and those that read files beside their code
          // (pdfkit's fonts) or load modules by name (express, nodemailer, pg): a start loads 77 ES
          // modules instead of 828, 1.4 → 0.6 s of CPU to import the server (README.md "Where the
          // time goes"; the suites start it about a hundred times, a server at each restart).
          noExternal: true,
          external: ["better-sqlite3", "sharp", "pg", "pdfkit", "nodemailer", "express", "compression"],
        }
      : undefined,
  build: {
    rollupOptions: isSsrBuild
      ? { input: "./app/server/http-app.server.ts" }
      : { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  plugins: [reactRouter()],
}));
