/**
 * The shared layout of the long legal texts (mentions légales, confidentialité, CGV): the page
 * intro, a table of contents built from the sections, the update date and the text at a readable
 * measure. The texts are Markdown rendered on the server (app/server/legal.server.ts).
 */
import { type RefObject, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { PageIntro } from "~/components/page-intro";
import styles from "./legal-page.module.css";

export interface LegalPageDocument {
  title: string;
  lead: string;
  /** ISO date (YYYY-MM-DD) of the last revision of the text. */
  updatedOn: string;
  preambleHtml: string;
  /** Each section's HTML starts with its <h2 id>, the anchor the table of contents links to. */
  sections: readonly { id: string; title: string; html: string }[];
  /** A versioned text (the CGV, ADR 029): its number, when it took effect, its PDF. */
  version?: { number: number; effectiveAt: string; pdfHref: string };
}

const frenchDate = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "UTC" });

/** Links to the shop's own pages inside the rendered text navigate like the rest of the site. */
function useInAppLinks(container: RefObject<HTMLElement | null>) {
  const navigate = useNavigate();
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a");
      const href = link?.getAttribute("href");
      if (!link || !href?.startsWith("/") || href.startsWith("//") || link.target) return;
      event.preventDefault();
      navigate(href);
    };
    element.addEventListener("click", follow);
    return () => element.removeEventListener("click", follow);
  }, [container, navigate]);
}

export function LegalPage({
  eyebrow = "Informations légales",
  document,
}: {
  eyebrow?: string;
  document: LegalPageDocument;
}) {
  const contents = useRef<HTMLDetailsElement>(null);
  const article = useRef<HTMLElement>(null);
  useInAppLinks(article);
  // Folded on phones so the text comes first; wide screens show it open beside the text.
  useEffect(() => {
    const wide = window.matchMedia("(min-width: 1024px)");
    const follow = () => {
      if (wide.matches && contents.current) contents.current.open = true;
    };
    follow();
    wide.addEventListener("change", follow);
    return () => wide.removeEventListener("change", follow);
  }, []);

  return (
    <>
      <PageIntro eyebrow={eyebrow} title={document.title}>
        {document.lead ? <p>{document.lead}</p> : null}
      </PageIntro>
      <div className={styles.layout}>
        <nav className={styles.toc} aria-label="Sommaire">
          <details ref={contents}>
            <summary className={styles.tocTitle}>Sommaire</summary>
            <ol className={styles.tocList}>
              {document.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </details>
        </nav>
        <article ref={article} className={styles.article}>
          {document.version ? (
            <p className={styles.updated}>
              Version {document.version.number}, en vigueur depuis le{" "}
              <time dateTime={document.updatedOn}>{frenchDate.format(new Date(document.updatedOn))}</time> —{" "}
              <a href={document.version.pdfHref} download={`CGV-v${document.version.number}.pdf`}>
                télécharger en PDF
              </a>
            </p>
          ) : (
            <p className={styles.updated}>
              Dernière mise à jour&nbsp;:{" "}
              <time dateTime={document.updatedOn}>{frenchDate.format(new Date(document.updatedOn))}</time>
            </p>
          )}
          {document.preambleHtml ? (
            <div
              className={styles.preamble}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own legal text, rendered on the server; the settings' values in it are escaped.
              dangerouslySetInnerHTML={{ __html: document.preambleHtml }}
            />
          ) : null}
          {document.sections.map((section) => (
            <section
              key={section.id}
              className={styles.section}
              aria-labelledby={section.id}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: as above.
              dangerouslySetInnerHTML={{ __html: section.html }}
            />
          ))}
        </article>
      </div>
    </>
  );
}
