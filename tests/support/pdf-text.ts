/**
 * A PDF's words as a reader gets them: the real file read back with poppler's pdftotext, every run
 * of spaces (line ends, no-break spaces) made one space, so a test finds a sentence whatever its
 * line breaks on the page.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-pdf-"));
  const file = path.join(dir, "document.pdf");
  try {
    fs.writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" })
      .replace(/[\s\u00a0\u202f]+/g, " ")
      .trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
