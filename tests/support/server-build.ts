/**
 * React Router's server build, assembled from the sources for the route tests: what the
 * framework's Vite plugin generates as `virtual:react-router/server-build` (the same route table,
 * from app/routes.ts, and the same entry), which vitest.config.ts maps to this module. The app then
 * runs in the test's own process, from its TypeScript sources, through its real request handler
 * (app/server/http-app.server.ts).
 *
 * The browser's asset manifest is a plain one: pages name /app/… modules instead of hashed bundles.
 * What depends on the real bundles (scripts, CSP hashes, first-load JavaScript) is tested on the
 * built server (tests/integration) and in the browser (tests/e2e).
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  type ServerBuild,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
} from "react-router";
import * as entryServer from "../../app/entry.server";
import * as rootModule from "../../app/root";
import routeConfig from "../../app/routes";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

const routeModules = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}", { eager: true });

/**
 * The plugin's transform of every route module: its page, error boundary and hydrate fallback
 * receive the route's data as props (loaderData, actionData, params, matches).
 */
function withProps(module: RouteModule): RouteModule {
  const wrapped: Record<string, unknown> = { ...module };
  if (module.default) wrapped.default = UNSAFE_withComponentProps(module.default as never);
  if (module.ErrorBoundary)
    wrapped.ErrorBoundary = UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as never);
  if (module.HydrateFallback)
    wrapped.HydrateFallback = UNSAFE_withHydrateFallbackProps(module.HydrateFallback as never);
  return wrapped as unknown as RouteModule;
}

/** React Router's own id of a route file: its path under app/, without the extension. */
const routeId = (file: string) => file.replace(/\.[jt]sx?$/, "");

const routes: ServerBuild["routes"] = {
  root: {
    id: "root",
    parentId: undefined,
    path: "",
    index: undefined,
    caseSensitive: undefined,
    module: withProps(rootModule as unknown as RouteModule),
  },
};

function addRoutes(entries: RouteConfigEntry[], parentId: string) {
  for (const entry of entries) {
    const id = entry.id ?? routeId(entry.file);
    const module = routeModules[`../../app/${entry.file}`];
    if (!module) throw new Error(`module de route introuvable : app/${entry.file}`);
    routes[id] = {
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      module: withProps(module),
    };
    if (entry.children) addRoutes(entry.children, id);
  }
}
addRoutes(routeConfig, "root");

const manifestRoutes = Object.fromEntries(
  Object.values(routes).map((route) => {
    const module = route?.module as unknown as Record<string, unknown>;
    return [
      route?.id,
      {
        id: route?.id,
        parentId: route?.parentId,
        path: route?.path,
        index: route?.index,
        caseSensitive: route?.caseSensitive,
        hasAction: "action" in module,
        hasLoader: "loader" in module,
        hasClientAction: "clientAction" in module,
        hasClientLoader: "clientLoader" in module,
        hasClientMiddleware: "clientMiddleware" in module,
        hasDefaultExport: "default" in module,
        hasErrorBoundary: "ErrorBoundary" in module,
        module: `/app/${route?.id}.js`,
        imports: [],
        css: [],
      },
    ];
  }),
);

export const assets = {
  entry: { module: "/app/entry.client.js", imports: [], css: [] },
  routes: manifestRoutes,
  url: "/app/manifest.js",
  version: "sources",
} as unknown as ServerBuild["assets"];
export const assetsBuildDirectory = "build/client";
export const basename = "/";
export const future = {} as ServerBuild["future"];
export const ssr = true;
export const isSpaMode = false;
export const prerender: string[] = [];
export const routeDiscovery = { mode: "lazy", manifestPath: "/__manifest" } as const;
export const publicPath = "/";
export const entry = { module: entryServer };
export { routes };
export const allowedActionOrigins = false;
