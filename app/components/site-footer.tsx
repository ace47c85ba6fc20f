/**
 * docs/product.md §2 "Footer": site map, postal address, phone, e-mail, social links, legal links, the
 * copyright line with the current year, a credit line, and the install button when available.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { MailIcon, PearlMark, PhoneIcon, PinIcon } from "./icons";
import { InstallAppButton } from "./install-app-button";
import { NAV_LINKS } from "./nav-links";
import styles from "./site-footer.module.css";
import { type SocialLinks, SocialLinksList } from "./social-links";

export const LEGAL_LINKS = [
  { to: "/mentions-legales", label: "Mentions légales" },
  { to: "/politique-de-confidentialite", label: "Politique de confidentialité" },
  { to: "/cgv", label: "Conditions générales de vente" },
  // Code de la consommation L221-21, D221-5: the withdrawal function, reachable from every page.
  { to: "/retractation", label: "Rétractation" },
] as const;

interface SiteFooterProps {
  shopName: string;
  tagline: string;
  addressLine: string;
  postalCode: string;
  city: string;
  phone: string;
  phoneHref: string;
  email: string;
  socials: SocialLinks;
  year: number;
  showInstallButton: boolean;
  /** The « Nouvelles créations » sign-up, made by the shell (components never import features). */
  alertSignup?: ReactNode;
}

export function SiteFooter(props: SiteFooterProps) {
  return (
    <footer className={styles.footer}>
      <svg className={styles.wave} viewBox="0 0 1440 60" preserveAspectRatio="none" aria-hidden="true">
        <path d="M0 30c120-22 240-22 360 0s240 22 360 0 240-22 360 0 240 22 360 0v30H0Z" />
      </svg>
      <div className={styles.inner}>
        <section className={styles.brandColumn} aria-label={props.shopName}>
          <p className={styles.brand}>
            <PearlMark size={32} />
            <span>{props.shopName}</span>
          </p>
          <p className={styles.tagline}>{props.tagline}</p>
          <SocialLinksList socials={props.socials} className={styles.socials} />
        </section>

        <nav className={styles.column} aria-label="Plan du site">
          <h2 className={styles.heading}>Plan du site</h2>
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <section className={styles.column} aria-labelledby="footer-contact">
          <h2 className={styles.heading} id="footer-contact">
            Nous trouver
          </h2>
          <address className={styles.contact}>
            <p>
              <PinIcon size={18} />
              <span>
                {props.addressLine}
                <br />
                {props.postalCode} {props.city}
              </span>
            </p>
            {props.phone ? (
              <p>
                <PhoneIcon size={18} />
                <a href={`tel:${props.phoneHref}`}>{props.phone}</a>
              </p>
            ) : null}
            {props.email ? (
              <p>
                <MailIcon size={18} />
                <a href={`mailto:${props.email}`}>{props.email}</a>
              </p>
            ) : null}
          </address>
        </section>

        <nav className={styles.column} aria-label="Informations légales">
          <h2 className={styles.heading}>Informations</h2>
          <ul>
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
          {props.showInstallButton ? <InstallAppButton className={styles.install} /> : null}
        </nav>
      </div>
      {props.alertSignup ? (
        <section className={`${styles.inner} ${styles.signup}`} aria-label="Nouvelles créations par e-mail">
          {props.alertSignup}
        </section>
      ) : null}
      <div className={styles.bottom}>
        <p>
          © {props.year} {props.shopName} — Tous droits réservés.
        </p>
        <p>
          Bijoux faits main en Bretagne, avec des perles de Tahiti · Site réalisé avec soin par l'atelier
          Nacre.
        </p>
      </div>
    </footer>
  );
}
