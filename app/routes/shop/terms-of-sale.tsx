/**
 * /cgv — the terms of sale (spec §2 and §9 shop rules): ordering through the contact page and a
 * secure payment link, delivery, the 14-day withdrawal right, legal guarantees, archiving,
 * mediation, and the annexes (withdrawal form, legal texts).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  DetailList,
  LegalBox,
  LegalPage,
  type LegalSection,
  MailLink,
  postalAddress,
} from "~/features/legal/legal-page";
import { pageMeta, siteOf } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { getLegalDetails } from "~/server/legal.server";
import type { Route } from "./+types/terms-of-sale";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOf(matches), {
    path: "/cgv",
    title: "Conditions générales de vente — Nacre",
    description:
      "Commande par la page Contact et lien de paiement sécurisé, livraison, droit de rétractation de 14 jours, garanties légales : les conditions de vente de Nacre.",
  });

export async function loader() {
  return getLegalDetails(getDb());
}

const PHONE_HOURS = "du lundi au vendredi de 9\u00a0h à 18\u00a0h, et le samedi de 9\u00a0h à 12\u00a0h";

export default function TermsOfSalePage({ loaderData: shop }: Route.ComponentProps) {
  const address = postalAddress(shop);
  const contactLink = <Link to="/contact">page Contact</Link>;

  const articles: { title: string; content: ReactNode }[] = [
    {
      title: "Objet et champ d'application",
      content: (
        <>
          <p>
            Les présentes conditions générales de vente (CGV) régissent les ventes de bijoux conclues à
            distance entre {shop.shopName} et toute personne physique agissant en qualité de consommateur (le
            «&nbsp;client&nbsp;»), à la suite d'une demande passée depuis le site, par e-mail ou par
            téléphone.
          </p>
          <p>
            Elles sont portées à la connaissance du client avant toute commande et lui sont rappelées dans le
            récapitulatif qui accompagne le lien de paiement. Le paiement de la commande vaut acceptation
            pleine et entière des CGV en vigueur à sa date&nbsp;; elles prévalent sur tout autre document.
          </p>
        </>
      ),
    },
    {
      title: "Identification du vendeur",
      content: (
        <>
          <p>Les créations sont vendues par&nbsp;:</p>
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
      title: "Les créations",
      content: (
        <>
          <p>
            {shop.shopName} propose des bijoux faits main en acier inoxydable, ornés de perles de culture de
            Tahiti. Chaque création est une pièce artisanale vendue à l'unité, le plus souvent en exemplaire
            unique&nbsp;: les ventes s'entendent <strong>dans la limite des stocks disponibles</strong>, et
            une pièce vendue n'est en principe pas refaite à l'identique.
          </p>
          <p>
            Les caractéristiques essentielles de chaque création (matières, perle, dimensions le cas échéant)
            sont décrites sur sa fiche. Les photographies sont réalisées avec soin&nbsp;; les perles étant des
            matières naturelles, leur teinte, leur lustre et leur forme peuvent toutefois varier légèrement
            selon l'éclairage et l'écran. Chaque perle de Tahiti est accompagnée de son certificat
            d'authenticité.
          </p>
          <p>
            Pour préserver l'éclat de vos bijoux, évitez le contact avec le parfum, les crèmes, le chlore et
            l'eau de mer, et rangez chaque pièce séparément dans sa pochette.
          </p>
        </>
      ),
    },
    {
      title: "Prix",
      content: (
        <>
          <p>
            Les prix sont indiqués en euros, toutes taxes comprises, hors frais de livraison. Le prix
            applicable est celui affiché sur le site au jour de la demande de commande.
          </p>
          <p>
            Les frais de livraison dépendent du lieu de livraison et du mode d'expédition choisi&nbsp;: ils
            vous sont communiqués lors de la finalisation de la commande, dans le récapitulatif, avant tout
            paiement. Le montant total à régler y figure toujours de manière claire.
          </p>
        </>
      ),
    },
    {
      title: "Commande",
      content: (
        <>
          <p>
            Le site ne permet pas de payer en ligne&nbsp;: il présente les créations et vous permet de
            préparer votre sélection. La commande se déroule en cinq étapes&nbsp;:
          </p>
          <ol>
            <li>
              <strong>Sélection</strong>&nbsp;: vous ajoutez à votre panier ou à vos favoris les créations qui
              vous plaisent. Le panier ne vaut ni commande ni réservation.
            </li>
            <li>
              <strong>Demande de commande</strong>&nbsp;: avec le bouton «&nbsp;Contacter pour
              commander&nbsp;» ou depuis la {contactLink}, vous nous indiquez les pièces souhaitées, votre
              adresse de livraison et le mode de livraison choisi. Vous pouvez aussi commander par téléphone
              {shop.phone ? ` au ${shop.phone}` : ""}, {PHONE_HOURS}.
            </li>
            <li>
              <strong>Récapitulatif</strong>&nbsp;: nous vérifions la disponibilité des pièces puis vous
              adressons par e-mail un récapitulatif indiquant les créations, leur prix, les frais de
              livraison, le transporteur, le délai prévu et le montant total, accompagné d'un lien de paiement
              sécurisé. Vous pouvez alors vérifier votre commande et corriger toute erreur en répondant
              simplement à ce message.
            </li>
            <li>
              <strong>Paiement</strong>&nbsp;: en réglant par le lien reçu, vous confirmez votre commande et
              acceptez les présentes CGV. La vente est conclue à la réception du paiement.
            </li>
            <li>
              <strong>Confirmation</strong>&nbsp;: nous vous envoyons par e-mail la confirmation de la
              commande, qui reprend les informations du contrat, puis l'avis d'expédition.
            </li>
          </ol>
          <p>
            Une pièce n'est réservée qu'à partir de l'envoi du récapitulatif et pendant la durée de validité
            du lien de paiement. {shop.shopName} peut refuser une demande pour un motif légitime, notamment en
            cas de litige antérieur non réglé.
          </p>
        </>
      ),
    },
    {
      title: "Paiement",
      content: (
        <>
          <p>
            Aucun paiement n'est effectué sur le site, qui n'enregistre aucune coordonnée bancaire. Le
            règlement se fait exclusivement par le lien de paiement sécurisé que nous vous transmettons, sur
            la page d'un prestataire de paiement&nbsp;: la transaction est chiffrée et confidentielle, et{" "}
            {shop.shopName} n'a jamais accès à vos données bancaires.
          </p>
          <p>
            Le lien indique sa durée de validité. Passé ce délai sans paiement, la réservation prend fin et la
            pièce est remise en vente. Les créations restent la propriété de {shop.shopName} jusqu'au paiement
            complet du prix.
          </p>
        </>
      ),
    },
    {
      title: "Livraison",
      content: (
        <>
          <p>
            Les colis sont confiés à <strong>Colissimo</strong>, à <strong>Chronopost</strong> ou livrés en{" "}
            <strong>Point Relais</strong>, selon le mode choisi parmi ceux proposés pour votre adresse. Chaque
            bijou est emballé avec soin et expédié sous 48 heures ouvrées en France métropolitaine après
            réception du paiement&nbsp;; le délai d'acheminement du transporteur vous est indiqué dans le
            récapitulatif. Pour une livraison hors de France métropolitaine, les conditions et les frais sont
            précisés au cas par cas.
          </p>
          <p>
            À défaut de date convenue, la livraison intervient au plus tard trente jours après la conclusion
            du contrat (article L216-1 du Code de la consommation). En cas de retard, vous pouvez nous mettre
            en demeure de livrer dans un délai raisonnable puis, à défaut, résoudre le contrat et être
            remboursé(e) (articles L216-6 et suivants).
          </p>
          <p>
            Le risque de perte ou d'endommagement vous est transféré lorsque vous, ou un tiers désigné par
            vous autre que le transporteur, prenez physiquement possession du colis (article L216-4). Nous
            vous invitons à vérifier son état à réception et à nous signaler sans tarder toute anomalie.
          </p>
        </>
      ),
    },
    {
      title: "Droit de rétractation",
      content: (
        <>
          <p>
            Conformément aux articles L221-18 et suivants du Code de la consommation, vous disposez d'un{" "}
            <strong>délai de 14 jours</strong> pour exercer votre droit de rétractation, sans avoir à motiver
            votre décision. Ce délai court à compter du jour où vous, ou un tiers désigné par vous autre que
            le transporteur, prenez physiquement possession de la création&nbsp;; pour une commande livrée en
            plusieurs colis, à compter de la réception du dernier.
          </p>
          <h3>Comment vous rétracter</h3>
          <p>
            Informez-nous de votre décision avant l'expiration du délai, par une déclaration dénuée
            d'ambiguïté&nbsp;: par e-mail à <MailLink email={shop.email} />
            {address ? `, par courrier (${address})` : ""} ou depuis la {contactLink}. Vous pouvez utiliser le
            modèle de formulaire de l'annexe 1, sans que cela soit obligatoire.
          </p>
          <h3>Retour de la création</h3>
          <p>
            Renvoyez la création, complète et dans son emballage d'origine avec son certificat, au plus tard
            14 jours après nous avoir fait part de votre décision. Les frais de renvoi sont à votre
            charge&nbsp;; un envoi suivi et assuré est recommandé. Votre responsabilité n'est engagée qu'en
            cas de dépréciation résultant de manipulations autres que celles nécessaires pour établir la
            nature, les caractéristiques et le bon fonctionnement du bijou.
          </p>
          <h3>Remboursement</h3>
          <p>
            Nous vous remboursons la totalité des sommes versées, frais de livraison initiaux compris (dans la
            limite du mode de livraison standard le moins coûteux proposé), au plus tard 14 jours à compter du
            jour où nous sommes informés de votre décision. Ce remboursement peut être différé jusqu'à la
            réception de la création ou jusqu'à ce que vous ayez fourni une preuve de son expédition. Il est
            effectué par le même moyen de paiement que celui utilisé pour la commande, sauf accord de votre
            part pour un autre moyen, et sans frais pour vous.
          </p>
          <h3>Exceptions</h3>
          <p>
            Conformément à l'article L221-28 du Code de la consommation, le droit de rétractation ne
            s'applique pas aux créations réalisées sur mesure selon vos spécifications ou nettement
            personnalisées (gravure, longueur ou assemblage à la demande), ni aux boucles d'oreilles livrées
            sous sachet scellé lorsque celui-ci a été ouvert après la livraison, pour des raisons d'hygiène.
          </p>
        </>
      ),
    },
    {
      title: "Garanties légales",
      content: (
        <>
          <p>
            Indépendamment du droit de rétractation, toutes les créations bénéficient de la garantie légale de
            conformité (articles L217-3 et suivants du Code de la consommation) et de la garantie légale des
            vices cachés (articles 1641 et suivants du Code civil), dans les conditions rappelées ci-dessous
            et en annexe 2.
          </p>
          <LegalBox title="Information sur les garanties légales">
            <p>
              Le consommateur dispose d'un délai de deux ans à compter de la délivrance du bien pour obtenir
              la mise en œuvre de la garantie légale de conformité en cas d'apparition d'un défaut de
              conformité. Durant ce délai, il n'est tenu d'établir que l'existence du défaut de conformité, et
              non la date de son apparition.
            </p>
            <p>
              La garantie légale de conformité donne droit à la réparation ou au remplacement du bien dans un
              délai de trente jours suivant la demande, sans frais et sans inconvénient majeur pour le
              consommateur. Un bien réparé dans le cadre de la garantie bénéficie d'une extension de six mois
              de la garantie initiale.
            </p>
            <p>
              Le consommateur peut obtenir une réduction du prix en conservant le bien, ou mettre fin au
              contrat et être intégralement remboursé contre restitution du bien, si le vendeur refuse la
              réparation ou le remplacement, si celui-ci intervient après trente jours ou occasionne un
              inconvénient majeur, ou si le défaut persiste malgré la tentative de mise en conformité. Il y a
              également droit immédiatement lorsque le défaut est si grave qu'il le justifie. La résolution
              n'est pas possible si le défaut de conformité est mineur.
            </p>
            <p>
              Ces droits résultent des articles L217-1 à L217-32 du Code de la consommation. Le vendeur qui
              fait obstacle de mauvaise foi à la mise en œuvre de la garantie légale de conformité encourt une
              amende civile d'un montant maximal de 300 000 euros, qui peut être porté jusqu'à 10 % du chiffre
              d'affaires moyen annuel (article L241-5 du Code de la consommation).
            </p>
            <p>
              Le consommateur bénéficie également de la garantie légale des vices cachés en application des
              articles 1641 à 1649 du Code civil, pendant une durée de deux ans à compter de la découverte du
              défaut. Cette garantie donne droit à une réduction du prix si le bien est conservé, ou à un
              remboursement intégral contre restitution du bien.
            </p>
          </LegalBox>
          <p>
            Nos créations étant le plus souvent des pièces uniques, un remplacement à l'identique n'est pas
            toujours possible&nbsp;: nous vous proposons alors la réparation ou, à défaut, le remboursement.
            Pour mettre en œuvre une garantie, écrivez-nous à <MailLink email={shop.email} /> ou depuis la{" "}
            {contactLink}, avec votre numéro de commande et, si possible, une photo du défaut&nbsp;; les frais
            de retour sont alors à notre charge.
          </p>
        </>
      ),
    },
    {
      title: "Archivage et documents de commande",
      content: (
        <>
          <p>
            Le récapitulatif de commande, la confirmation et les échanges par e-mail constituent la preuve de
            la commande et de son contenu. Conformément à l'article L213-1 du Code de la consommation, pour
            toute commande d'un montant égal ou supérieur à 120 euros, {shop.shopName} archive le contrat
            pendant dix ans à compter de la livraison et vous en garantit l'accès à tout moment.
          </p>
          <p>
            Pour ces commandes, les documents de commande (récapitulatif, confirmation, facture et CGV en
            vigueur à la date de la commande) vous sont communiqués sur simple demande à{" "}
            <MailLink email={shop.email} />.
          </p>
        </>
      ),
    },
    {
      title: "Responsabilité et force majeure",
      content: (
        <p>
          {shop.shopName} est responsable de la bonne exécution de la commande, dans les conditions prévues
          par la loi. Sa responsabilité ne peut être engagée en cas d'inexécution due à votre fait, au fait
          imprévisible et insurmontable d'un tiers, ou à un cas de force majeure au sens de l'article 1218 du
          Code civil. Ces stipulations ne limitent en rien vos garanties légales.
        </p>
      ),
    },
    {
      title: "Données personnelles et cookies",
      content: (
        <p>
          Les données recueillies lors d'une commande servent à la traiter, à la livrer et à assurer le
          service après-vente&nbsp;; elles ne sont jamais cédées à des tiers. Leur traitement et vos droits
          sont décrits dans notre <Link to="/politique-de-confidentialite">politique de confidentialité</Link>
          . Le site n'utilise que des cookies strictement nécessaires&nbsp;: le module de gestion des cookies,
          présenté dans cette politique, explique pourquoi aucun bandeau de consentement ne s'affiche et
          comment supprimer ces cookies depuis votre navigateur.
        </p>
      ),
    },
    {
      title: "Propriété intellectuelle",
      content: (
        <p>
          Les modèles de bijoux, photographies et textes de {shop.shopName} sont des œuvres protégées. L'achat
          d'une création n'emporte aucune cession des droits de propriété intellectuelle qui s'y
          rattachent&nbsp;: toute reproduction, notamment à des fins commerciales, est interdite sans
          autorisation écrite.
        </p>
      ),
    },
    {
      title: "Service client et réclamations",
      content: (
        <>
          <p>Pour toute question ou réclamation, nous sommes à votre écoute&nbsp;:</p>
          <DetailList
            items={{
              "Par e-mail": shop.email ? <MailLink email={shop.email} /> : "",
              "Par téléphone": shop.phone ? `${shop.phone}, ${PHONE_HOURS}` : "",
              "Par courrier": address ? `${shop.shopName}, ${address}` : "",
              "En ligne": contactLink,
            }}
          />
        </>
      ),
    },
    {
      title: "Médiation de la consommation",
      content: (
        <p>
          Conformément aux articles L611-1 et suivants du Code de la consommation, en cas de litige que nous
          n'aurions pu résoudre ensemble, vous pouvez recourir gratuitement au médiateur de la consommation
          dont relève {shop.shopName}, dans un délai d'un an à compter de votre réclamation écrite auprès de
          nous. Ses coordonnées vous sont communiquées sur simple demande et figurent dans la réponse à toute
          réclamation. Le recours à la médiation est facultatif.
        </p>
      ),
    },
    {
      title: "Droit applicable et litiges",
      content: (
        <p>
          Les présentes CGV sont soumises au droit français. En cas de litige, une solution amiable sera
          recherchée en priorité. À défaut, vous pouvez saisir, à votre choix, la juridiction du lieu où vous
          demeuriez au moment de la conclusion du contrat ou de la survenance du fait dommageable, ou toute
          autre juridiction compétente selon les règles du Code de procédure civile.
        </p>
      ),
    },
  ];

  const annexes: { title: string; content: ReactNode }[] = [
    {
      title: "Formulaire de rétractation",
      content: (
        <>
          <p>
            Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter
            du contrat (par e-mail, par courrier, ou en recopiant son contenu dans le formulaire de la{" "}
            {contactLink}).
          </p>
          <LegalBox>
            <p>
              À l'attention de {shop.shopName}
              {address ? `, ${address}` : ""}
              {shop.email ? `, ${shop.email}` : ""}&nbsp;:
            </p>
            <p>
              Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat
              portant sur la vente du bien (*) ci-dessous&nbsp;:
            </p>
            <ul>
              <li>Désignation de la création&nbsp;: …</li>
              <li>Commandé le (*) / reçu le (*)&nbsp;: …</li>
              <li>Nom du (des) consommateur(s)&nbsp;: …</li>
              <li>Adresse du (des) consommateur(s)&nbsp;: …</li>
              <li>
                Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire
                sur papier)&nbsp;: …
              </li>
              <li>Date&nbsp;: …</li>
            </ul>
            <p>(*) Rayez la mention inutile.</p>
          </LegalBox>
        </>
      ),
    },
    {
      title: "Rappel des textes sur les garanties légales",
      content: (
        <>
          <h3>Garantie légale de conformité (Code de la consommation)</h3>
          <ul>
            <li>
              <strong>Article L217-3</strong>&nbsp;: le vendeur délivre un bien conforme au contrat et répond
              des défauts de conformité existant lors de la délivrance qui apparaissent dans un délai de deux
              ans à compter de celle-ci.
            </li>
            <li>
              <strong>Articles L217-4 et L217-5</strong>&nbsp;: le bien est conforme s'il correspond à la
              description et aux qualités convenues, et s'il est propre à l'usage habituellement attendu d'un
              bien de même type.
            </li>
            <li>
              <strong>Article L217-7</strong>&nbsp;: les défauts qui apparaissent dans les deux ans suivant la
              délivrance sont présumés exister au moment de celle-ci, sauf preuve contraire.
            </li>
            <li>
              <strong>Articles L217-8 et suivants</strong>&nbsp;: le consommateur a droit à la mise en
              conformité (réparation ou remplacement) ou, à défaut, à une réduction du prix ou à la résolution
              du contrat.
            </li>
          </ul>
          <h3>Garantie des vices cachés (Code civil)</h3>
          <ul>
            <li>
              <strong>Article 1641</strong>&nbsp;: «&nbsp;Le vendeur est tenu de la garantie à raison des
              défauts cachés de la chose vendue qui la rendent impropre à l'usage auquel on la destine, ou qui
              diminuent tellement cet usage que l'acheteur ne l'aurait pas acquise, ou n'en aurait donné qu'un
              moindre prix, s'il les avait connus.&nbsp;»
            </li>
            <li>
              <strong>Article 1648, alinéa 1</strong>&nbsp;: «&nbsp;L'action résultant des vices rédhibitoires
              doit être intentée par l'acquéreur dans un délai de deux ans à compter de la découverte du
              vice.&nbsp;»
            </li>
          </ul>
        </>
      ),
    },
  ];

  const sections: LegalSection[] = [
    ...articles.map(({ title, content }, index) => ({
      id: `article-${index + 1}`,
      title: `Article ${index + 1} — ${title}`,
      content,
    })),
    ...annexes.map(({ title, content }, index) => ({
      id: `annexe-${index + 1}`,
      title: `Annexe ${index + 1} — ${title}`,
      content,
    })),
  ];

  return (
    <LegalPage
      title="Conditions Générales de Vente"
      lead={<p>Les conditions applicables à toute commande passée auprès de {shop.shopName}.</p>}
      updatedOn="2024-04-30"
      preamble={
        <p>
          Chez {shop.shopName}, on ne commande pas en un clic&nbsp;: chaque bijou est une pièce faite main, et
          chaque commande passe par un échange avec la créatrice. Vous nous écrivez depuis la {contactLink},
          nous vous répondons avec un lien de paiement sécurisé. Voici les règles qui encadrent ce moment.
        </p>
      }
      sections={sections}
    />
  );
}
