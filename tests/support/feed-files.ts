/**
 * Strict readers of the shopping feeds' two file formats (docs/product.md §10.28), so a test reads
 * a feed the way its platform does, and an ill-formed file fails the test instead of being searched
 * with a regular expression:
 *
 * - `parseXml`: an XML 1.0 well-formedness check that builds the tree — one root, tags nested and
 *   closed in order, attributes quoted, every `&` a known entity, no `<` or `]]>` in text, every
 *   prefix declared by an `xmlns:` attribute; it throws, naming the offset, on the first fault.
 * - `parseCsv`: RFC 4180 as Meta reads a CSV — a quote only around a whole field, `""` inside,
 *   commas and line breaks allowed in a quoted field; it throws on a stray quote.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities decoded (its children's left out). */
  text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*$/;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  if (raw.includes("<")) throw new Error(`XML : « < » dans un texte ou un attribut (position ${at})`);
  return raw.replace(/&([^;\s&]*);?/g, (match, entity: string) => {
    if (!match.endsWith(";")) throw new Error(`XML : « & » non échappé (position ${at})`);
    if (entity in ENTITIES) return ENTITIES[entity] as string;
    const code = /^#x([0-9a-f]+)$/i.exec(entity)?.[1] ?? /^#(\d+)$/.exec(entity)?.[1];
    if (code === undefined) throw new Error(`XML : entité inconnue &${entity}; (position ${at})`);
    return String.fromCodePoint(entity.startsWith("#x") ? Number.parseInt(code, 16) : Number(code));
  });
}

export function parseXml(source: string): XmlElement {
  let at = 0;
  const declaration = /^<\?xml[^?]*\?>/.exec(source);
  if (declaration) at = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const namespaces: Set<string>[] = [];
  while (at < source.length) {
    const open = source.indexOf("<", at);
    const text = source.slice(at, open === -1 ? source.length : open);
    if (text.includes("]]>")) throw new Error(`XML : « ]]> » dans un texte (position ${at})`);
    const current = stack.at(-1);
    if (current) current.text += decode(text, at);
    else if (text.trim()) throw new Error(`XML : texte hors de l'élément racine (position ${at})`);
    if (open === -1) break;
    if (source.startsWith("<!--", open)) {
      const end = source.indexOf("-->", open);
      if (end === -1) throw new Error(`XML : commentaire non fermé (position ${open})`);
      at = end + 3;
      continue;
    }
    const close = source.indexOf(">", open);
    if (close === -1) throw new Error(`XML : balise non fermée (position ${open})`);
    const tag = source.slice(open + 1, close);
    at = close + 1;
    if (tag.startsWith("/")) {
      const name = tag.slice(1).trim();
      const element = stack.pop();
      namespaces.pop();
      if (!element || element.name !== name)
        throw new Error(`XML : </${name}> ferme <${element?.name ?? "rien"}> (position ${open})`);
      continue;
    }
    const selfClosing = tag.endsWith("/");
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const name = /^\S+/.exec(body)?.[0] ?? "";
    if (!NAME.test(name)) throw new Error(`XML : nom de balise invalide « ${name} » (position ${open})`);
    const attributes: Record<string, string> = {};
    let rest = body.slice(name.length);
    for (;;) {
      rest = rest.trimStart();
      if (!rest) break;
      const attribute = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(rest);
      if (!attribute) throw new Error(`XML : attribut mal formé dans <${name}> (position ${open})`);
      const [whole, attributeName = "", , double, single] = attribute;
      if (attributeName in attributes)
        throw new Error(`XML : attribut ${attributeName} répété (position ${open})`);
      attributes[attributeName] = decode(double ?? single ?? "", open);
      rest = rest.slice(whole.length);
    }
    const declared = new Set([
      ...(namespaces.at(-1) ?? []),
      ...Object.keys(attributes)
        .filter((key) => key.startsWith("xmlns:"))
        .map((key) => key.slice(6)),
    ]);
    for (const prefixed of [name, ...Object.keys(attributes).filter((key) => !key.startsWith("xmlns"))]) {
      const prefix = prefixed.includes(":") ? prefixed.split(":")[0] : null;
      if (prefix && prefix !== "xml" && !declared.has(prefix))
        throw new Error(`XML : préfixe ${prefix} non déclaré (position ${open})`);
    }
    const element: XmlElement = { name, attributes, children: [], text: "" };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else if (root) throw new Error(`XML : second élément racine <${name}> (position ${open})`);
    else root = element;
    if (!selfClosing) {
      stack.push(element);
      namespaces.push(declared);
    }
  }
  if (stack.length) throw new Error(`XML : <${stack.at(-1)?.name}> jamais fermé`);
  if (!root) throw new Error("XML : aucun élément");
  return root;
}

/** The children of `element` named `name`. */
export const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((child) => child.name === name);

export function parseCsv(source: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let at = 0;
  for (;;) {
    let value = "";
    if (source[at] === '"') {
      at += 1;
      for (;;) {
        const quote = source.indexOf('"', at);
        if (quote === -1) throw new Error(`CSV : champ entre guillemets non fermé (position ${at})`);
        value += source.slice(at, quote);
        if (source[quote + 1] === '"') {
          value += '"';
          at = quote + 2;
        } else {
          at = quote + 1;
          break;
        }
      }
    } else {
      const end = source.slice(at).search(/[,\r\n]|$/);
      value = source.slice(at, at + end);
      if (value.includes('"')) throw new Error(`CSV : guillemet dans un champ non entouré (position ${at})`);
      at += end;
    }
    row.push(value);
    if (source[at] === ",") {
      at += 1;
      continue;
    }
    rows.push(row);
    row = [];
    if (source.startsWith("\r\n", at)) at += 2;
    else if (source[at] === "\n") at += 1;
    else if (at < source.length) throw new Error(`CSV : caractère inattendu après un champ (position ${at})`);
    if (at >= source.length) return rows;
  }
}

/** The CSV's rows as records keyed by the header row's names. */
export function csvRecords(source: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(source);
  if (!header) throw new Error("CSV : aucune ligne d'en-tête");
  for (const row of rows)
    if (row.length !== header.length)
      throw new Error(`CSV : ${row.length} champs au lieu de ${header.length} (ligne « ${row[0]} »)`);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ""])));
}
