/**
 * Page views counted on the server, without cookies (ADR 034, docs/product.md §10.29). Mounted
 * before the page cache's hits (http-app.server.ts): most views are answered from the cache and
 * never reach React Router. The middleware only looks at the request, then counts once the answer
 * has gone (`finish`): a view never waits for the counting, and a page that failed is not one.
 *
 * A view is a GET answered 200 with an HTML page, or — the shop navigates in the browser once
 * loaded — with a page's data (`/catalogue.data`) fetched for a navigation: a data request from the
 * page it is about (the `Referer`, sent by the browser for same-origin requests) is that page
 * refreshing itself after a form, not a new view. Pages are counted by route (`/catalogue/produit/:slug`),
 * never by raw address: a query string or a private link's token is never kept. Product and sold
 * pieces' pages count for the piece too, by slug.
 */
import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { isCountedVisitor } from "./counted-visitor.server";
import type { StatsRecorder } from "./stats-recorder.server";

/** The routes whose views also count for the piece they show (by its slug). */
const PIECE_ROUTES = new Set(["/catalogue/produit/:slug", "/galerie/vendu/:slug"]);
/** Never counted: the dashboard, the API, the files. */
const NOT_PAGES = /^\/(?:admin|api|assets|images)(?:\/|$)/;

export interface RouteOfPath {
  /** The route as written in app/routes.ts, with a leading slash. */
  pattern: string;
  slug?: string;
}

/** Maps an address to its route, from React Router's own route table (the build's). */
export function routeMatcher(routes: ServerBuild["routes"]): (path: string) => RouteOfPath | undefined {
  const nodes = new Map<string, RouteObject & { children: RouteObject[] }>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index as false | undefined,
      caseSensitive: route.caseSensitive,
      children: [],
    });
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id);
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (node) (parent ? parent.children : roots).push(node);
  }
  // An index route cannot have children: React Router refuses the tree otherwise.
  for (const node of nodes.values()) if (node.index) delete (node as RouteObject).children;
  // The same few hundred addresses come back all day: their route is remembered.
  const known = new Map<string, RouteOfPath | undefined>();
  return (path) => {
    if (known.has(path)) return known.get(path);
    const matches = matchRoutes(roots, path);
    let found: RouteOfPath | undefined;
    if (matches) {
      const parts = matches.flatMap((match) => (match.route.path ? [match.route.path] : []));
      const pattern = `/${parts.join("/")}`.replace(/\/+/g, "/");
      const last = matches.at(-1);
      found = {
        pattern: pattern.length > 1 ? pattern.replace(/\/$/, "") : pattern,
        slug: PIECE_ROUTES.has(pattern) ? last?.params.slug : undefined,
      };
    }
    if (known.size >= 2000) known.clear();
    known.set(path, found);
    return found;
  };
}

/** The referring site's domain, or undefined for none, our own or a non-web address. */
export function referringDomain(
  referer: string | undefined,
  ownHosts: ReadonlySet<string>,
): string | undefined {
  if (!referer) return undefined;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  const host = url.hostname.toLowerCase();
  if (!host || ownHosts.has(host)) return undefined;
  return host;
}

function pathOfReferer(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).pathname;
  } catch {
    return undefined;
  }
}

export interface PageViewOptions {
  stats: () => StatsRecorder;
  routeOf: (path: string) => RouteOfPath | undefined;
  /** The shop's own host names (PUBLIC_URL and its aliases): a referrer there is internal. */
  ownHosts: ReadonlySet<string>;
}

export function countPageViews({ stats, routeOf, ownHosts }: PageViewOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" && !NOT_PAGES.test(req.path)) {
      const path = req.path;
      const data = path.endsWith(".data");
      // A file (`/favicon.ico`, `/robots.txt`) is not a page.
      if (
        (data || !/\.[a-z0-9]+$/i.test(path)) &&
        isCountedVisitor({
          userAgent: req.headers["user-agent"],
          cookie: req.headers.cookie,
          purpose: header(req.headers["sec-purpose"] ?? req.headers.purpose),
          objection: header(req.headers["sec-gpc"] ?? req.headers.dnt),
        })
      ) {
        res.once("finish", () => counted(req, res, data));
      }
    }
    next();
  };

  function counted(req: Request, res: Response, data: boolean) {
    if (res.statusCode !== 200) return;
    const type = String(res.getHeader("Content-Type") ?? "");
    let page = req.path;
    if (data) {
      // React Router's data of a page: `/_root.data` is the home page's.
      if (!type.startsWith("text/x-script")) return;
      page = page.slice(0, -".data".length);
      if (page === "/_root") page = "/";
      // The page refreshing its own data after a form was sent: not a new view.
      if (pathOfReferer(req.headers.referer) === page) return;
    } else if (!type.startsWith("text/html")) return;
    const route = routeOf(page);
    if (!route) return;
    const recorder = stats();
    recorder.count("page_view", route.pattern);
    if (route.slug) recorder.count("piece_view", route.slug);
    if (!data) {
      const domain = referringDomain(req.headers.referer, ownHosts);
      if (domain) recorder.count("referrer", domain);
    }
    // The client's address as the app settled it (http-app.server.ts: the proxy's word or the socket's).
    recorder.visitor(String(req.headers["x-forwarded-for"] ?? ""), req.headers["user-agent"] ?? "");
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(",") : value;
}
