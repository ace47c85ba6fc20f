/**
 * The CGV's versions (docs/product.md §10.26, ADR 029; Code de la consommation L221-13). The CGV are
 * generated from the settings and the order flow (legal.server.ts): whenever the text they render to
 * changes — a setting, or the template with a new release — it is a new version, numbered and dated.
 * Nothing has to remember to publish it: the current version is computed on demand (the /cgv page,
 * a payment), by rendering the text, hashing it and comparing with the latest version kept; a
 * different text is inserted as the next number. An order keeps the number in force at its payment,
 * when the contract is concluded (CGV article 5), so the customer can always read the text they
 * accepted, as HTML or PDF, whatever the settings become.
 */
import crypto from "node:crypto";
import {
  fillLegalText,
  getLegalDetails,
  type LegalDocument,
  renderFilledText,
} from "~/features/content/legal.server";
import { filledMarkdown, splitFilledMarkdown } from "~/features/content/legal-template";
import { calendarDay } from "~/lib/dates";
import type { DB } from "~/server/database.server";

export interface CgvVersion {
  number: number;
  title: string;
  lead: string;
  markdown: string;
  contentHash: string;
  /** ISO instant the version took effect. */
  effectiveAt: string;
}

/** The CGV page of one version: the text as published, its number and date. */
export interface CgvVersionDocument extends LegalDocument {
  version: { number: number; effectiveAt: string; pdfHref: string };
}

export function cgvContentHash(text: { title: string; lead: string; markdown: string }): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([text.title, text.lead, text.markdown]))
    .digest("hex");
}

/** The CGV as the settings fill them right now, not yet numbered. */
export async function renderCurrentCgv(db: DB) {
  const filled = fillLegalText("cgv", await getLegalDetails(db));
  const text = { title: filled.title, lead: filled.lead, markdown: filledMarkdown(filled) };
  return { ...text, contentHash: cgvContentHash(text) };
}

type Row = {
  number: number;
  title: string;
  lead: string;
  markdown: string;
  content_hash: string;
  effective_at: string;
};

function fromRow(row: Row): CgvVersion {
  return {
    number: Number(row.number),
    title: row.title,
    lead: row.lead,
    markdown: row.markdown,
    contentHash: row.content_hash,
    effectiveAt: row.effective_at,
  };
}

async function latestVersion(db: DB): Promise<CgvVersion | null> {
  const row = await db
    .selectFrom("cgv_versions")
    .selectAll()
    .orderBy("number", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? fromRow(row) : null;
}

/**
 * The version in force now: the latest one if the CGV still render to its text, else a new one
 * taking effect `now`. Two requests (or instances) publishing the same change at once agree on one
 * number: the loser of the insert (the number is the key; `on conflict do nothing` waits for the
 * winner on PostgreSQL) reads the winner's row and takes it when it holds the same text.
 */
export async function currentCgvVersion(db: DB, now: Date = new Date()): Promise<CgvVersion> {
  const current = await renderCurrentCgv(db);
  for (let attempt = 0; attempt < 5; attempt++) {
    const latest = await latestVersion(db);
    if (latest && latest.contentHash === current.contentHash) return latest;
    const number = (latest?.number ?? 0) + 1;
    // Never dated before the version it follows, whatever a test's or a skewed clock says.
    const effectiveAt =
      latest && Date.parse(latest.effectiveAt) > now.getTime() ? latest.effectiveAt : now.toISOString();
    const inserted = await db
      .insertInto("cgv_versions")
      .values({
        number,
        title: current.title,
        lead: current.lead,
        markdown: current.markdown,
        content_hash: current.contentHash,
        effective_at: effectiveAt,
      })
      .onConflict((oc) => oc.column("number").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return fromRow(inserted);
  }
  throw new Error("Conditions générales de vente : impossible d'en publier la version en vigueur.");
}

/** A route's "12" → 12; anything else (letters, signs, leading zeros, huge numbers) is no version. */
export function versionNumber(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,8}$/.test(param)) return null;
  return Number(param);
}

export async function findCgvVersion(db: DB, number: number): Promise<CgvVersion | null> {
  if (!Number.isSafeInteger(number) || number < 1) return null;
  const row = await db.selectFrom("cgv_versions").selectAll().where("number", "=", number).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** "/cgv/versions/3/pdf": the PDF of a version, named CGV-v3.pdf. */
export function cgvPdfHref(number: number): string {
  return `/cgv/versions/${number}/pdf`;
}

export function cgvVersionHref(number: number): string {
  return `/cgv/versions/${number}`;
}

/** A kept version as the legal page shows it: dated by the day it took effect (Europe/Paris). */
export function cgvVersionDocument(version: CgvVersion): CgvVersionDocument {
  const { preamble, sections } = splitFilledMarkdown(version.markdown);
  return {
    ...renderFilledText(
      { title: version.title, lead: version.lead, preamble, sections },
      calendarDay(version.effectiveAt),
    ),
    version: {
      number: version.number,
      effectiveAt: version.effectiveAt,
      pdfHref: cgvPdfHref(version.number),
    },
  };
}
