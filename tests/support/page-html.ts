/**
 * Reading a server-rendered page in a route test without a DOM: its whole HTML as a crawler gets
 * it (streamed parts included), one element by an attribute of its opening tag, its visible text
 * and its links. Enough to check what a page shows; what it does once live is the browser layer's.
 */
import { expect } from "vitest";

export interface Page {
  status: number;
  location: string | null;
  html: string;
}

/** GET `path`, as a crawler (React Router then waits for every streamed part before answering). */
export async function getPage(base: string, path: string, cookie?: string): Promise<Page> {
  const response = await fetch(`${base}${path}`, {
    redirect: "manual",
    headers: { "user-agent": "Googlebot/2.1", ...(cookie ? { cookie } : {}) },
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** GET `path`, expecting a 200: its HTML. */
export async function pageHtml(base: string, path: string, cookie?: string): Promise<string> {
  const page = await getPage(base, path, cookie);
  expect(page.status, path).toBe(200);
  return page.html;
}

function decode(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");
}

/** The visible text, roughly: scripts, tags and React's text separators removed, spaces collapsed. */
export function textOf(html: string): string {
  return decode(
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The element whose opening tag carries `attribute` (e.g. `aria-label="Catégories"`), from its
 * opening tag to the matching closing one; fails the test when there is none.
 */
export function element(html: string, attribute: string): string {
  const found = elementOrNull(html, attribute);
  expect(found, `un élément ${attribute}`).not.toBeNull();
  return found as string;
}

export function elementOrNull(html: string, attribute: string): string | null {
  const at = html.indexOf(attribute);
  if (at < 0) return null;
  const start = html.lastIndexOf("<", at);
  const tag = /^<([a-zA-Z][a-zA-Z0-9]*)/.exec(html.slice(start))?.[1];
  if (!tag) return null;
  const pattern = new RegExp(`<${tag}[\\s>]|</${tag}>`, "g");
  pattern.lastIndex = start + 1;
  let depth = 1;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[0].startsWith("</") ? -1 : 1;
    if (depth === 0) return html.slice(start, match.index + match[0].length);
  }
  return null;
}

/** Every element `tag` of `html` (not nested in one another, as articles of a list). */
export function elements(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}[\\s>][\\s\\S]*?</${tag}>`, "g"))].map((match) => match[0]);
}

/** The links of `html`: their target and their text. */
export function links(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({
    href: decode(match[1] ?? ""),
    text: textOf(match[2] ?? ""),
  }));
}

/** The value of `name` in the first opening tag of `html`. */
export function attributeOf(html: string, name: string): string | undefined {
  const tag = /^<[^>]*>/.exec(html)?.[0] ?? "";
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decode(value);
}
