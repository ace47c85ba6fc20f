/**
 * The legal texts (./legal/*.md) are Markdown with the shop's fields as placeholders, a Mustache
 * subset:
 *   {{field}}                    the field's value, written as literal text (never read as Markdown
 *                                or HTML, so a shop name like "<b>" or "*" shows as typed)
 *   {{#field}}…{{/field}}        what is inside only when the field is not blank
 *   {{^field}}…{{/field}}        what is inside only when the field is blank
 *   {{> name}}                   the shared passage ./legal/name.md
 * A section opens and closes on one line; a line that only held blank fields is left out, so a
 * list of details loses the lines the settings do not give. Each `## Title {#anchor}` starts a
 * section of the page (its table of contents lists them); what comes before the first one is the
 * preamble. A front matter gives the page's title, lead and date of last revision.
 */

export type TemplateValues = Readonly<Record<string, string>>;

export interface LegalTemplateSection {
  id: string;
  title: string;
  /** Markdown, placeholders filled. */
  body: string;
}

export interface FilledLegalTemplate {
  title: string;
  lead: string;
  /** ISO date (YYYY-MM-DD). */
  updatedOn: string;
  preamble: string;
  sections: LegalTemplateSection[];
}

const TAG = /\{\{\s*([#^/>]?)\s*([\w-]+)\s*\}\}/g;
const HEADING = /^## (.+?) \{#([a-z0-9-]+)\}\s*$/;

/** A value as literal Markdown text: every ASCII punctuation mark escaped, whitespace on one line. */
export function markdownText(value: string): string {
  return value.replace(/\s+/g, " ").replace(/[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/g, "\\$&");
}

function expandPartials(source: string, partials: TemplateValues, depth = 0): string {
  return source.replace(/\{\{\s*>\s*([\w-]+)\s*\}\}/g, (_, name: string) => {
    const partial = partials[name];
    if (partial === undefined) throw new Error(`Texte légal : passage « ${name} » inconnu.`);
    if (depth > 4) throw new Error(`Texte légal : le passage « ${name} » s'inclut lui-même.`);
    return expandPartials(partial.replace(/\n+$/, ""), partials, depth + 1);
  });
}

type TemplateNode =
  | string
  | { field: string }
  | { section: string; inverted: boolean; children: TemplateNode[] };

function fieldValue(values: TemplateValues, field: string): string {
  const value = values[field];
  if (value === undefined) throw new Error(`Texte légal : champ « ${field} » inconnu.`);
  return value;
}

/** Fills the placeholders of one line. */
export function fillLine(line: string, values: TemplateValues, write: (value: string) => string): string {
  const root: TemplateNode[] = [];
  const open: { section: string; children: TemplateNode[] }[] = [{ section: "", children: root }];
  const current = () => open[open.length - 1] as { section: string; children: TemplateNode[] };
  let last = 0;
  for (const match of line.matchAll(TAG)) {
    const [tag, kind, name] = match as unknown as [string, string, string];
    if (match.index > last) current().children.push(line.slice(last, match.index));
    last = match.index + tag.length;
    if (kind === "#" || kind === "^") {
      const node = { section: name, inverted: kind === "^", children: [] as TemplateNode[] };
      fieldValue(values, name);
      current().children.push(node);
      open.push(node);
    } else if (kind === "/") {
      if (current().section !== name)
        throw new Error(`Texte légal : « ${tag} » ne ferme rien dans « ${line} ».`);
      open.pop();
    } else if (kind === ">") {
      throw new Error(`Texte légal : passage « ${name} » non développé.`);
    } else {
      fieldValue(values, name);
      current().children.push({ field: name });
    }
  }
  if (open.length > 1)
    throw new Error(`Texte légal : « {{#${current().section}}} » n'est pas fermé sur sa ligne.`);
  if (last < line.length) root.push(line.slice(last));

  const render = (nodes: TemplateNode[]): string =>
    nodes
      .map((node) => {
        if (typeof node === "string") return node;
        if ("field" in node) return write(fieldValue(values, node.field));
        const blank = fieldValue(values, node.section).trim() === "";
        return blank === node.inverted ? render(node.children) : "";
      })
      .join("");
  return render(root);
}

/** Fills every line; a line that had text and is left blank (only blank fields) is dropped. */
export function fillTemplate(source: string, values: TemplateValues, write = markdownText): string {
  return source
    .split("\n")
    .flatMap((line) => {
      const filled = fillLine(line, values, write);
      return line.trim() !== "" && filled.trim() === "" ? [] : [filled];
    })
    .join("\n");
}

function frontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) throw new Error("Texte légal : l'en-tête (---) manque.");
  const fields: Record<string, string> = {};
  for (const line of (match[1] as string).split("\n")) {
    const field = /^(\w+):\s*(.*)$/.exec(line);
    if (field) fields[field[1] as string] = (field[2] as string).trim();
  }
  return { fields, body: source.slice(match[0].length) };
}

/** Splits a legal text into its front matter, preamble and sections, placeholders filled. */
export function fillLegalTemplate(
  source: string,
  values: TemplateValues,
  partials: TemplateValues = {},
): FilledLegalTemplate {
  const { fields, body } = frontMatter(source);
  const { title = "", lead = "", updated = "" } = fields;
  if (!title || !/^\d{4}-\d{2}-\d{2}$/.test(updated)) {
    throw new Error("Texte légal : l'en-tête doit donner title et updated (AAAA-MM-JJ).");
  }
  const plain = (value: string) => value;
  const parts: { id: string; title: string; lines: string[] }[] = [{ id: "", title: "", lines: [] }];
  for (const line of expandPartials(body, partials).split("\n")) {
    const heading = HEADING.exec(line);
    if (heading) parts.push({ title: heading[1] as string, id: heading[2] as string, lines: [] });
    else (parts[parts.length - 1] as (typeof parts)[number]).lines.push(line);
  }
  const [preamble, ...sections] = parts as [(typeof parts)[number], ...typeof parts];
  const ids = new Set<string>();
  for (const section of sections) {
    if (ids.has(section.id)) throw new Error(`Texte légal : l'ancre « ${section.id} » est en double.`);
    ids.add(section.id);
  }
  return {
    title: fillLine(title, values, plain),
    lead: fillLine(lead, values, plain),
    updatedOn: updated,
    preamble: fillTemplate(preamble.lines.join("\n"), values).trim(),
    sections: sections.map((section) => ({
      id: section.id,
      title: fillLine(section.title, values, plain),
      body: fillTemplate(section.lines.join("\n"), values).trim(),
    })),
  };
}

/**
 * A filled text back to one Markdown document (preamble, then `## Title {#anchor}` sections): the
 * form a published CGV version keeps (ADR 029). The values in it are already escaped.
 */
export function filledMarkdown(filled: Pick<FilledLegalTemplate, "preamble" | "sections">): string {
  const sections = filled.sections.map(
    (section) => `## ${section.title} {#${section.id}}\n\n${section.body}`,
  );
  return [filled.preamble, ...sections].filter(Boolean).join("\n\n");
}

/** The reverse of filledMarkdown: no placeholder is read, the text is kept as it was published. */
export function splitFilledMarkdown(markdown: string): Pick<FilledLegalTemplate, "preamble" | "sections"> {
  const parts: { id: string; title: string; lines: string[] }[] = [{ id: "", title: "", lines: [] }];
  for (const line of markdown.split("\n")) {
    const heading = HEADING.exec(line);
    if (heading) parts.push({ title: heading[1] as string, id: heading[2] as string, lines: [] });
    else (parts[parts.length - 1] as (typeof parts)[number]).lines.push(line);
  }
  const [preamble, ...sections] = parts as [(typeof parts)[number], ...typeof parts];
  return {
    preamble: preamble.lines.join("\n").trim(),
    sections: sections.map((section) => ({
      id: section.id,
      title: section.title,
      body: section.lines.join("\n").trim(),
    })),
  };
}
