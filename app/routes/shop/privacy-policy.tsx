/**
 * /politique-de-confidentialite — the privacy policy in 13 articles (spec §2): data, purposes,
 * retention, breach procedure (CNIL within 72 hours), cookies, consent, rights and contact.
 */
import type { ReactNode } from "react";
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
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOf(matches), {
    path: "/politique-de-confidentialite",
    title: "Politique de confidentialité — Nacre",
    description:
      "Quelles données Nacre collecte, pourquoi, combien de temps elles sont conservées, comment elles sont protégées et comment exercer vos droits.",
  });

export async function loader() {
  return getLegalDetails(getDb());
}

export default function PrivacyPolicyPage({ loaderData: shop }: Route.ComponentProps) {
  const address = postalAddress(shop);
  const articles: { title: string; content: ReactNode }[] = [
    {
      title: "Responsable du traitement",
      content: (
        <>
          <p>Le responsable du traitement de vos données personnelles est&nbsp;:</p>
          <DetailList
            items={{
              "Nom commercial": shop.shopName,
              Exploitante: shop.ownerName,
              "Forme juridique": shop.legalForm,
              SIRET: shop.siret,
              Adresse: address,
              "E-mail": shop.email ? <MailLink email={shop.email} /> : "",
            }}
          />
          <p>
            Compte tenu de la taille et de l'activité de {shop.shopName}, aucun délégué à la protection des
            données n'a été désigné&nbsp;: toutes vos questions sont traitées directement par la créatrice
            (voir l'article 13).
          </p>
        </>
      ),
    },
    {
      title: "Données collectées",
      content: (
        <>
          <h3>Les données que vous nous transmettez</h3>
          <ul>
            <li>
              <strong>Compte client</strong>&nbsp;: nom, adresse e-mail et mot de passe (conservé uniquement
              sous une forme hachée, illisible même pour nous)&nbsp;; si vous les renseignez, téléphone, code
              postal et photo de profil. Votre compte conserve aussi vos favoris et votre panier.
            </li>
            <li>
              <strong>Formulaire de contact et échanges</strong>&nbsp;: nom, adresse e-mail et contenu de vos
              messages, y compris ceux envoyés par e-mail ou échangés par téléphone.
            </li>
            <li>
              <strong>Commande</strong>&nbsp;: nom, adresses de livraison et de facturation, téléphone,
              créations commandées, montant et mode de livraison.
            </li>
            <li>
              <strong>Avis et messagerie d'assistance</strong>&nbsp;: note, commentaire et messages échangés
              avec la créatrice.
            </li>
          </ul>
          <h3>Les données collectées automatiquement</h3>
          <ul>
            <li>
              lorsque vous êtes connecté(e), l'adresse IP et le type de navigateur associés à votre session,
              pour sécuriser votre compte&nbsp;;
            </li>
            <li>
              les journaux techniques du serveur (adresse IP, date et page demandée), pour la sécurité du
              site.
            </li>
          </ul>
          <p>
            Le paiement s'effectue sur la page sécurisée d'un prestataire de paiement, par le lien que nous
            vous envoyons&nbsp;: {shop.shopName} n'a jamais accès à vos coordonnées bancaires. Nous ne
            collectons aucune donnée sensible et n'utilisons aucun outil de mesure d'audience ni de publicité.
          </p>
        </>
      ),
    },
    {
      title: "Finalités et bases légales",
      content: (
        <>
          <p>
            Chaque traitement poursuit un objectif précis et repose sur une base légale prévue par le
            RGPD&nbsp;:
          </p>
          <ul>
            <li>
              <strong>gérer votre compte</strong>, vos favoris, votre panier et la messagerie
              d'assistance&nbsp;: exécution du contrat qui nous lie (article 6.1.b du RGPD)&nbsp;;
            </li>
            <li>
              <strong>répondre à vos demandes</strong> et préparer une commande&nbsp;: mesures
              précontractuelles prises à votre demande (article 6.1.b)&nbsp;;
            </li>
            <li>
              <strong>traiter, expédier et suivre vos commandes</strong>, gérer le service après-vente, les
              retours et les garanties&nbsp;: exécution du contrat (article 6.1.b)&nbsp;;
            </li>
            <li>
              <strong>tenir la facturation et la comptabilité</strong>, archiver les contrats&nbsp;:
              obligations légales (article 6.1.c)&nbsp;;
            </li>
            <li>
              <strong>publier votre avis</strong> sur le site&nbsp;: votre consentement (article 6.1.a)&nbsp;;
            </li>
            <li>
              <strong>sécuriser le site</strong> et prévenir les abus (par exemple, limiter les tentatives de
              connexion)&nbsp;: notre intérêt légitime à protéger le site et vos comptes (article 6.1.f).
            </li>
          </ul>
          <p>
            Vos données ne servent à aucune prise de décision automatisée ni à aucun profilage. Nous ne vous
            adressons aucune offre commerciale sans votre accord préalable.
          </p>
        </>
      ),
    },
    {
      title: "Destinataires des données",
      content: (
        <>
          <p>
            Vos données sont destinées à {shop.ownerName || "la créatrice"}, seule personne habilitée à les
            consulter. Elles ne sont jamais vendues, louées ni cédées à des fins commerciales. Seuls en ont
            connaissance, pour ce qui les concerne et dans le cadre de leur mission&nbsp;:
          </p>
          <ul>
            <li>
              notre hébergeur{shop.hostName ? `, ${shop.hostName}` : ""}
              {shop.hostAddress ? ` (${shop.hostAddress})` : ""}, qui stocke le site et sa base de données ;
            </li>
            <li>le prestataire de paiement, pour le règlement par lien sécurisé&nbsp;;</li>
            <li>
              les transporteurs (Colissimo, Chronopost, réseau Point Relais), qui reçoivent vos nom, adresse
              et téléphone pour la livraison&nbsp;;
            </li>
            <li>
              le service d'envoi des e-mails du site (confirmation, réinitialisation du mot de passe)&nbsp;;
            </li>
            <li>les autorités administratives ou judiciaires, uniquement lorsque la loi l'exige.</li>
          </ul>
          <p>
            Ces prestataires agissent sur nos instructions et sont tenus, par contrat, de garantir la sécurité
            et la confidentialité de vos données.
          </p>
        </>
      ),
    },
    {
      title: "Durées de conservation",
      content: (
        <>
          <p>
            Vos données ne sont conservées que le temps nécessaire à la finalité pour laquelle elles ont été
            collectées&nbsp;:
          </p>
          <ul>
            <li>
              <strong>compte client</strong>&nbsp;: tant que le compte est actif&nbsp;; il est supprimé à
              votre demande ou après trois ans sans connexion, après un e-mail de prévenance&nbsp;;
            </li>
            <li>
              <strong>session de connexion</strong>&nbsp;: jusqu'à la déconnexion, et au plus 30 jours sans
              visite&nbsp;;
            </li>
            <li>
              <strong>demandes de contact</strong> n'ayant pas donné lieu à une commande&nbsp;: trois ans à
              compter du dernier échange&nbsp;;
            </li>
            <li>
              <strong>données de commande</strong>&nbsp;: le temps de la relation commerciale, puis cinq ans à
              des fins de preuve (délai de prescription de droit commun)&nbsp;;
            </li>
            <li>
              <strong>factures et pièces comptables</strong>&nbsp;: dix ans (article L123-22 du Code de
              commerce)&nbsp;; contrats d'un montant égal ou supérieur à 120 euros&nbsp;: dix ans (article
              L213-1 du Code de la consommation)&nbsp;;
            </li>
            <li>
              <strong>avis et messages d'assistance</strong>&nbsp;: tant que votre compte existe, ou jusqu'à
              ce que vous en demandiez la suppression&nbsp;;
            </li>
            <li>
              <strong>journaux techniques</strong>&nbsp;: un an au plus&nbsp;;
            </li>
            <li>
              <strong>justificatif d'identité</strong> demandé en cas de doute sur une demande d'exercice de
              droits&nbsp;: supprimé dès la réponse apportée.
            </li>
          </ul>
          <p>
            Le panier et les favoris des visiteurs non connectés restent sur leur appareil, jusqu'à ce qu'ils
            les vident ou effacent les données du site. À l'issue de ces durées, les données sont supprimées
            ou rendues anonymes.
          </p>
        </>
      ),
    },
    {
      title: "Sécurité des données",
      content: (
        <>
          <p>
            {shop.shopName} met en œuvre des mesures techniques et organisationnelles adaptées pour protéger
            vos données contre la perte, l'altération et l'accès non autorisé&nbsp;:
          </p>
          <ul>
            <li>échanges chiffrés entre votre navigateur et le site (HTTPS)&nbsp;;</li>
            <li>
              mots de passe conservés uniquement sous une forme hachée, que personne ne peut relire&nbsp;;
            </li>
            <li>
              cookie de session inaccessible aux scripts de la page et limité au site, limitation des
              tentatives de connexion&nbsp;;
            </li>
            <li>
              accès à l'administration réservé à la créatrice, sauvegardes régulières de la base de données.
            </li>
          </ul>
        </>
      ),
    },
    {
      title: "Violation de données",
      content: (
        <>
          <p>
            Une violation de données est un incident de sécurité entraînant, de manière accidentelle ou
            illicite, la destruction, la perte, l'altération, la divulgation ou l'accès non autorisé à des
            données personnelles. Si un tel incident survient, {shop.shopName} applique la procédure suivante,
            conformément aux articles 33 et 34 du RGPD&nbsp;:
          </p>
          <ol>
            <li>
              <strong>Contenir l'incident</strong>&nbsp;: prendre sans attendre les mesures qui y mettent fin
              et en limitent les conséquences (changement des accès, correction de la faille, restauration des
              sauvegardes).
            </li>
            <li>
              <strong>Évaluer le risque</strong> pour les personnes concernées&nbsp;: nature et volume des
              données, nombre de personnes, conséquences possibles.
            </li>
            <li>
              <strong>Notifier la CNIL</strong> dans les meilleurs délais et au plus tard 72 heures après en
              avoir pris connaissance, sauf si la violation n'est pas susceptible d'engendrer un risque pour
              vos droits et libertés. Si toutes les informations ne sont pas disponibles dans ce délai, elles
              sont transmises par étapes.
            </li>
            <li>
              <strong>Vous informer directement</strong>, dans les meilleurs délais, lorsque la violation est
              susceptible d'engendrer un risque élevé pour vous&nbsp;: nature de l'incident, conséquences
              probables, mesures prises et précautions conseillées (par exemple, changer votre mot de passe).
            </li>
            <li>
              <strong>Documenter</strong>&nbsp;: chaque violation, même non notifiée, est consignée dans un
              registre interne (faits, effets, mesures prises).
            </li>
          </ol>
          <p>
            Nos prestataires sont tenus de nous signaler toute violation dans les meilleurs délais après en
            avoir pris connaissance, afin que ces délais puissent être respectés.
          </p>
        </>
      ),
    },
    { title: "Cookies et stockage local", content: <CookieNotice shopName={shop.shopName} /> },
    {
      title: "Consentement",
      content: (
        <>
          <p>
            Lorsqu'un traitement repose sur votre consentement — publication d'un avis, ou tout envoi
            d'information commerciale que vous auriez demandé —, celui-ci doit être libre, spécifique, éclairé
            et univoque&nbsp;: il n'est jamais recueilli par une case précochée ni déduit de votre silence.
          </p>
          <p>
            Vous pouvez retirer votre consentement à tout moment, aussi simplement que vous l'avez donné, en
            nous écrivant à <MailLink email={shop.email} />. Ce retrait ne remet pas en cause la licéité du
            traitement effectué auparavant.
          </p>
          <p>
            Le site ne dépose aucun cookie soumis à consentement (voir l'article 8). Si vous avez moins de 15
            ans, la création d'un compte nécessite l'accord conjoint de l'un de vos parents ou du titulaire de
            l'autorité parentale.
          </p>
        </>
      ),
    },
    {
      title: "Vos droits",
      content: (
        <>
          <p>
            Conformément au RGPD et à la loi «&nbsp;Informatique et Libertés&nbsp;», vous disposez des droits
            suivants sur vos données&nbsp;:
          </p>
          <ul>
            <li>
              <strong>droit d'accès</strong>&nbsp;: savoir quelles données nous détenons et en obtenir une
              copie&nbsp;;
            </li>
            <li>
              <strong>droit de rectification</strong>&nbsp;: faire corriger des données inexactes ou
              incomplètes&nbsp;;
            </li>
            <li>
              <strong>droit à l'effacement</strong>&nbsp;: obtenir la suppression de vos données, sous réserve
              de nos obligations légales de conservation&nbsp;;
            </li>
            <li>
              <strong>droit d'opposition</strong>&nbsp;: vous opposer à un traitement fondé sur notre intérêt
              légitime, et à tout moment à la prospection commerciale&nbsp;;
            </li>
            <li>
              <strong>droit à la limitation</strong>&nbsp;: faire geler temporairement l'utilisation de vos
              données, par exemple le temps de vérifier une contestation&nbsp;;
            </li>
            <li>
              <strong>droit à la portabilité</strong>&nbsp;: recevoir les données que vous nous avez fournies
              dans un format structuré et lisible par machine, ou les faire transmettre à un autre
              organisme&nbsp;;
            </li>
            <li>
              <strong>droit de retirer votre consentement</strong> à tout moment (article 9)&nbsp;;
            </li>
            <li>
              <strong>droit de définir des directives</strong> sur le sort de vos données après votre décès.
            </li>
          </ul>
          <p>
            Vous pouvez modifier la plupart de vos informations directement depuis votre espace «&nbsp;Mon
            compte&nbsp;». Pour toute autre demande, écrivez-nous à <MailLink email={shop.email} /> ou par
            courrier
            {address ? ` (${address})` : ""}. Nous vous répondons dans un délai d'un mois, qui peut être
            prolongé de deux mois pour une demande complexe&nbsp;; vous en serez alors informé(e). Un
            justificatif d'identité ne vous sera demandé qu'en cas de doute raisonnable.
          </p>
          <p>
            Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez
            adresser une réclamation à la CNIL (Commission nationale de l'informatique et des libertés), 3
            place de Fontenoy, TSA 80715, 75334 Paris Cedex 07, ou en ligne sur{" "}
            <a href="https://www.cnil.fr" rel="noreferrer" target="_blank">
              www.cnil.fr
            </a>
            .
          </p>
        </>
      ),
    },
    {
      title: "Transferts hors de l'Union européenne",
      content: (
        <p>
          Vos données sont hébergées et traitées au sein de l'Union européenne. Si l'un de nos prestataires
          devait y accéder depuis un pays tiers, ce transfert ne serait effectué qu'avec des garanties
          appropriées, telles que les clauses contractuelles types de la Commission européenne, dont vous
          pourriez obtenir une copie sur demande.
        </p>
      ),
    },
    {
      title: "Modification de la politique",
      content: (
        <p>
          Cette politique peut évoluer, notamment pour suivre les changements de la réglementation ou du site.
          La date de la dernière mise à jour figure en haut de la page&nbsp;; en cas de changement important
          concernant vos données, les titulaires d'un compte en sont informés par e-mail.
        </p>
      ),
    },
    {
      title: "Contact",
      content: (
        <>
          <p>
            Pour toute question sur vos données ou pour exercer vos droits, vous pouvez nous joindre&nbsp;:
          </p>
          <DetailList
            items={{
              "Par e-mail": shop.email ? <MailLink email={shop.email} /> : "",
              "Par courrier": address ? `${shop.shopName}, ${address}` : "",
              "Par téléphone": shop.phone,
            }}
          />
          <p>
            Vous pouvez aussi utiliser le formulaire de notre <Link to="/contact">page Contact</Link>.
          </p>
        </>
      ),
    },
  ];

  const sections: LegalSection[] = articles.map(({ title, content }, index) => ({
    id: `article-${index + 1}`,
    title: `Article ${index + 1} — ${title}`,
    content,
  }));

  return (
    <LegalPage
      title="Politique de Confidentialité"
      lead={<p>Quelles données nous collectons, pourquoi, et comment vous gardez la main sur elles.</p>}
      updatedOn="2024-04-30"
      preamble={
        <p>
          {shop.shopName} attache une grande importance à la protection de vos données personnelles. Cette
          politique explique, conformément au Règlement général sur la protection des données (RGPD) et à la
          loi «&nbsp;Informatique et Libertés&nbsp;» du 6 janvier 1978, quelles données nous traitons lorsque
          vous visitez le site, créez un compte, nous écrivez ou passez commande, pourquoi, pendant combien de
          temps, et quels sont vos droits.
        </p>
      }
      sections={sections}
    />
  );
}
