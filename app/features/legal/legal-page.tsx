/**
 * The shared layout of the long legal texts (mentions légales, confidentialité, CGV): the page
 * intro, a table of contents built from the sections, the update date and the text at a readable
 * measure; plus the passages the three texts have in common (details lists, the cookie notice).
 */
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { PageIntro } from "~/components/page-intro";
import styles from "./legal-page.module.css";

export interface LegalSection {
  /** The anchor the table of contents links to, e.g. "editeur". */
  id: string;
  title: string;
  content: ReactNode;
}

const frenchDate = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "UTC" });

export function LegalPage({
  eyebrow = "Informations légales",
  title,
  lead,
  updatedOn,
  preamble,
  sections,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  /** ISO date (YYYY-MM-DD) of the last revision of the text. */
  updatedOn: string;
  preamble?: ReactNode;
  sections: readonly LegalSection[];
}) {
  const contents = useRef<HTMLDetailsElement>(null);
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
      <PageIntro eyebrow={eyebrow} title={title}>
        {lead}
      </PageIntro>
      <div className={styles.layout}>
        <nav className={styles.toc} aria-label="Sommaire">
          <details ref={contents}>
            <summary className={styles.tocTitle}>Sommaire</summary>
            <ol className={styles.tocList}>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </details>
        </nav>
        <article className={styles.article}>
          <p className={styles.updated}>
            Dernière mise à jour&nbsp;:{" "}
            <time dateTime={updatedOn}>{frenchDate.format(new Date(updatedOn))}</time>
          </p>
          {preamble ? <div className={styles.preamble}>{preamble}</div> : null}
          {sections.map((section) => (
            <section key={section.id} className={styles.section} aria-labelledby={section.id}>
              <h2 id={section.id}>{section.title}</h2>
              {section.content}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}

/** A framed passage: the legal-guarantee notice or the withdrawal form to copy. */
export function LegalBox({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className={styles.box}>
      {title ? <p className={styles.boxTitle}>{title}</p> : null}
      {children}
    </div>
  );
}

/** "14 rue des Goélands, 56170 Quiberon", leaving out whatever the settings do not give. */
export function postalAddress(details: { addressLine: string; postalCode: string; city: string }): string {
  const town = [details.postalCode, details.city].filter(Boolean).join(" ");
  return [details.addressLine, town].filter(Boolean).join(", ");
}

/** A list of "Label : value" lines, in the order given; lines whose value is blank are left out. */
export function DetailList({ items }: { items: Record<string, ReactNode> }) {
  return (
    <ul>
      {Object.entries(items)
        .filter(([, value]) => value !== "" && value !== null && value !== undefined)
        .map(([label, value]) => (
          <li key={label}>
            <strong>{label}&nbsp;:</strong> {value}
          </li>
        ))}
    </ul>
  );
}

export function MailLink({ email }: { email: string }) {
  return email ? <a href={`mailto:${email}`}>{email}</a> : <Link to="/contact">page Contact</Link>;
}

/**
 * What the site really stores in the browser (the session cookie of signed-in customers, the guest
 * basket in local storage, the listing filters in session storage) and the cookie-management
 * module: nothing needs consent, so there is no banner, and the browser is where one deletes them.
 */
export function CookieNotice({ shopName }: { shopName: string }) {
  return (
    <>
      <p>
        Un cookie est un petit fichier déposé dans votre navigateur lors de la consultation d'un site.{" "}
        {shopName} n'utilise que des cookies et des données de stockage strictement nécessaires au
        fonctionnement du site&nbsp;:
      </p>
      <ul>
        <li>
          <strong>le cookie de session «&nbsp;nacre.session_token&nbsp;»</strong>, déposé uniquement lorsque
          vous vous connectez à votre compte client. Il contient un identifiant aléatoire qui vous garde
          connecté(e)&nbsp;; il est supprimé lorsque vous vous déconnectez et expire au bout de 30 jours sans
          visite&nbsp;;
        </li>
        <li>
          <strong>le stockage local de votre navigateur</strong> («&nbsp;guestCart&nbsp;» et
          «&nbsp;guestFavorites&nbsp;»), qui conserve le panier et les favoris des visiteurs non connectés.
          Ces informations restent sur votre appareil&nbsp;; elles ne sont rattachées à votre compte que si
          vous vous connectez&nbsp;;
        </li>
        <li>
          <strong>le stockage de session</strong>, qui retient les filtres, le tri et la catégorie choisis
          dans le catalogue et la galerie, et s'efface à la fermeture de l'onglet.
        </li>
      </ul>
      <h3>Module de gestion des cookies</h3>
      <p>
        Notre module de gestion des cookies repose sur un principe simple&nbsp;: le site ne dépose aucun
        cookie publicitaire, de mesure d'audience ou de réseau social, et n'intègre aucun traceur tiers. Les
        cookies et données décrits ci-dessus étant indispensables au service que vous demandez, ils sont
        dispensés de consentement (article 82 de la loi «&nbsp;Informatique et Libertés&nbsp;»). C'est
        pourquoi aucun bandeau de consentement ne s'affiche&nbsp;: il n'y a rien à accepter ni à refuser. Si
        un cookie soumis à consentement devait un jour être ajouté, un bandeau vous permettrait de l'accepter
        ou de le refuser avant tout dépôt, et de changer d'avis à tout moment.
      </p>
      <p>
        Vous pouvez à tout moment consulter et supprimer les cookies et les données du site depuis votre
        navigateur&nbsp;:
      </p>
      <ul>
        <li>
          <strong>Chrome et Edge</strong>&nbsp;: Paramètres, rubrique «&nbsp;Confidentialité&nbsp;», puis
          effacement des données de navigation (cookies et autres données de site)&nbsp;;
        </li>
        <li>
          <strong>Firefox</strong>&nbsp;: Paramètres, «&nbsp;Vie privée et sécurité&nbsp;», puis
          «&nbsp;Cookies et données de sites&nbsp;» et «&nbsp;Effacer les données&nbsp;»&nbsp;;
        </li>
        <li>
          <strong>Safari</strong>&nbsp;: Réglages, «&nbsp;Confidentialité&nbsp;», puis «&nbsp;Gérer les
          données de sites web&nbsp;» (sur iPhone&nbsp;: réglages de Safari, «&nbsp;Effacer historique et
          données de site&nbsp;»).
        </li>
      </ul>
      <p>
        Supprimer le cookie de session vous déconnecte de votre compte&nbsp;; effacer les données du site vide
        aussi le panier et les favoris enregistrés sur cet appareil. Bloquer tous les cookies empêche la
        connexion à votre compte, mais laisse libre la consultation du catalogue.
      </p>
    </>
  );
}
