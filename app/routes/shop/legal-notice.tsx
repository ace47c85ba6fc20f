/** /mentions-legales — who publishes and hosts the site (LCEN art. 6), filled from the shop settings. */
import { Link } from "react-router";
import {
  CookieNotice,
  DetailList,
  LegalPage,
  type LegalSection,
  MailLink,
  postalAddress,
} from "~/features/legal/legal-page";
import { pageMeta, siteOf } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { getLegalDetails } from "~/server/legal.server";
import type { Route } from "./+types/legal-notice";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOf(matches), {
    path: "/mentions-legales",
    title: "Mentions légales — Nacre",
    description:
      "Éditeur, directrice de la publication, hébergeur, propriété intellectuelle, données personnelles et cookies du site Nacre.",
  });

export async function loader() {
  return getLegalDetails(getDb());
}

export default function LegalNoticePage({ loaderData: shop }: Route.ComponentProps) {
  const address = postalAddress(shop);
  const sections: LegalSection[] = [
    {
      id: "editeur",
      title: "Éditeur du site",
      content: (
        <>
          <p>
            Le site {shop.shopName} est édité par {shop.ownerName || shop.shopName}, créatrice de bijoux
            artisanaux&nbsp;:
          </p>
          <DetailList
            items={{
              "Nom commercial": shop.shopName,
              Exploitante: shop.ownerName,
              "Forme juridique": shop.legalForm,
              SIRET: shop.siret,
              Adresse: address,
              Téléphone: shop.phone,
              "E-mail": shop.email ? <MailLink email={shop.email} /> : "",
            }}
          />
        </>
      ),
    },
    {
      id: "publication",
      title: "Directrice de la publication",
      content: (
        <p>
          La directrice de la publication est {shop.ownerName || `la responsable de ${shop.shopName}`}. Pour
          toute remarque sur le contenu du site, écrivez à <MailLink email={shop.email} />.
        </p>
      ),
    },
    {
      id: "hebergeur",
      title: "Hébergeur",
      content: (
        <>
          <p>Le site et ses données sont hébergés par&nbsp;:</p>
          <DetailList
            items={{
              Hébergeur: shop.hostName,
              Adresse: shop.hostAddress,
            }}
          />
        </>
      ),
    },
    {
      id: "acces",
      title: "Accès au site",
      content: (
        <p>
          Le site est accessible gratuitement, à tout moment, à toute personne disposant d'un accès à
          internet. {shop.shopName} s'efforce d'en assurer la disponibilité mais peut en suspendre l'accès,
          notamment pour des opérations de maintenance, sans que cela ouvre droit à indemnité. Les frais
          d'accès et de connexion restent à la charge de l'internaute.
        </p>
      ),
    },
    {
      id: "propriete-intellectuelle",
      title: "Propriété intellectuelle",
      content: (
        <>
          <p>
            L'ensemble des éléments du site — textes, photographies, vidéos, logo, charte graphique et modèles
            de bijoux présentés — est la propriété exclusive de {shop.shopName} ou de ses auteurs, et protégé
            par le Code de la propriété intellectuelle. Les créations présentées sont des œuvres originales.
          </p>
          <p>
            Toute reproduction, représentation, adaptation ou diffusion, totale ou partielle, de ces éléments
            sans l'autorisation écrite préalable de {shop.shopName} est interdite et constitue une contrefaçon
            sanctionnée par les articles L335-2 et suivants du Code de la propriété intellectuelle. Le partage
            d'un lien vers une page du site est bien sûr le bienvenu.
          </p>
        </>
      ),
    },
    {
      id: "donnees-personnelles",
      title: "Données personnelles",
      content: (
        <>
          <p>
            Les données que vous nous confiez (création de compte, formulaire de contact, commande, avis,
            messagerie d'assistance) sont traitées par {shop.shopName} dans le respect du Règlement général
            sur la protection des données (RGPD) et de la loi «&nbsp;Informatique et Libertés&nbsp;». Elles ne
            sont jamais vendues ni cédées à des tiers.
          </p>
          <p>
            Vous disposez notamment d'un droit d'accès, de rectification, d'effacement, d'opposition, de
            limitation et de portabilité, que vous pouvez exercer en écrivant à{" "}
            <MailLink email={shop.email} />. Tout le détail figure dans notre{" "}
            <Link to="/politique-de-confidentialite">politique de confidentialité</Link>.
          </p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies",
      content: <CookieNotice shopName={shop.shopName} />,
    },
    {
      id: "liens",
      title: "Liens vers d'autres sites",
      content: (
        <p>
          Le site contient des liens vers nos pages Instagram, Facebook et TikTok. Ces services sont édités
          par des tiers qui appliquent leurs propres conditions et leur propre politique en matière de
          cookies&nbsp;; {shop.shopName} n'est pas responsable de leur contenu.
        </p>
      ),
    },
    {
      id: "droit-applicable",
      title: "Droit applicable",
      content: (
        <p>
          Les présentes mentions légales sont régies par le droit français. Pour toute question, vous pouvez
          nous joindre à <MailLink email={shop.email} />
          {address ? `, ou par courrier à l'adresse suivante\u00a0: ${address}` : ""}.
        </p>
      ),
    },
  ];

  return (
    <LegalPage
      title="Mentions Légales"
      lead={<p>L'éditeur du site, son hébergeur et les règles qui encadrent son utilisation.</p>}
      updatedOn="2024-04-30"
      sections={sections}
    />
  );
}
