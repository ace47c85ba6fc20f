import type { ArtKind } from "./artwork";

/*
 * Contenu de démonstration (en français) inséré dans une base vide.
 * Données pures, sans logique : le script de seed se charge de les écrire.
 */

export interface DemoProduct {
  name: string;
  description: string;
  priceEuros: number | null;
  stock: number;
  isUnique: boolean;
  isSold: boolean;
  categories: string[];
  colors: string[];
  materials: string[];
  pearlTypes: string[];
  art: { kind: ArtKind; variant: number; views: 1 | 2 | 3 };
  createdDaysAgo: number;
}

export const demoCategories: string[] = [
  "Colliers",
  "Bracelets",
  "Boucles d'oreilles",
  "Bagues",
  "Chevilles",
  "Pendentifs",
];

export const demoColors: string[] = [
  "Argenté",
  "Doré",
  "Noir",
  "Vert paon",
  "Aubergine",
  "Gris",
  "Blanc nacré",
  "Bleu lagon",
];

export const demoMaterials: string[] = [
  "Acier inoxydable",
  "Acier inoxydable doré",
  "Nacre",
  "Cordon ciré",
  "Coquillage",
];

export const demoPearlTypes: string[] = [
  "Perle de Tahiti",
  "Keishi de Tahiti",
  "Perle baroque",
  "Perle cerclée",
  "Perle d'eau douce",
];

export const demoProducts: DemoProduct[] = [
  // ---------------------------------------------------------------- Colliers
  {
    name: "Collier Lagon de Rangiroa",
    description:
      "Une perle de Tahiti ronde de 10 mm, au lustre miroir et aux reflets vert paon qui rappellent les eaux du lagon de Rangiroa. Elle glisse librement sur une fine chaîne forçat en acier inoxydable 316L de 45 cm, avec 5 cm de chaînette d'extension. Pièce unique, montée à la main à l'atelier.",
    priceEuros: 145,
    stock: 1,
    isUnique: true,
    isSold: false,
    categories: ["Colliers"],
    colors: ["Argenté", "Vert paon"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle de Tahiti"],
    art: { kind: "collier", variant: 0, views: 3 },
    createdDaysAgo: 12,
  },
  {
    name: "Collier Sirène de Moorea",
    description:
      "Une perle de Tahiti baroque de 11 x 13 mm, aux reflets aubergine et rosés, suspendue à une chaîne maille vénitienne en acier inoxydable 316L doré par procédé PVD. Sa forme irrégulière évoque une larme de sirène, d'où son nom. Longueur 42 cm + 5 cm d'extension. Cette pièce unique a déjà trouvé sa propriétaire.",
    priceEuros: 165,
    stock: 1,
    isUnique: true,
    isSold: true,
    categories: ["Colliers"],
    colors: ["Doré", "Aubergine"],
    materials: ["Acier inoxydable doré"],
    pearlTypes: ["Perle de Tahiti", "Perle baroque"],
    art: { kind: "collier", variant: 1, views: 2 },
    createdDaysAgo: 312,
  },
  {
    name: "Collier Écume de Fakarava",
    description:
      "Trois keishis de Tahiti de 4 à 5 mm, au lustre satiné et aux nuances argentées, alternent avec de petits disques de nacre sur une chaîne fine en acier inoxydable 316L. Léger comme l'écume, il se porte seul ou en accumulation. Longueur 40 cm + 5 cm d'extension.",
    priceEuros: 89,
    stock: 4,
    isUnique: false,
    isSold: false,
    categories: ["Colliers"],
    colors: ["Argenté", "Blanc nacré"],
    materials: ["Acier inoxydable", "Nacre"],
    pearlTypes: ["Keishi de Tahiti"],
    art: { kind: "collier", variant: 2, views: 2 },
    createdDaysAgo: 47,
  },
  {
    name: "Collier Ras-de-cou Motu",
    description:
      "Un ras-de-cou tout simple : une chaîne serpent en acier inoxydable 316L de 38 cm et une perle d'eau douce grise de 7 mm au joli lustre. L'acier 316L ne noircit pas et ne tache pas la peau, c'est le compagnon idéal du quotidien. Chaînette d'extension de 5 cm pour ajuster la longueur.",
    priceEuros: 59,
    stock: 6,
    isUnique: false,
    isSold: false,
    categories: ["Colliers"],
    colors: ["Argenté", "Gris"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle d'eau douce"],
    art: { kind: "collier", variant: 3, views: 1 },
    createdDaysAgo: 158,
  },
  {
    name: "Collier Vahine",
    description:
      "Une perle de Tahiti de 9,5 mm, presque ronde, à l'orient vert paon intense, montée sur un cordon ciré noir tressé à la main. Le nœud coulissant en macramé permet d'ajuster la longueur de 40 à 60 cm, et les embouts sont en acier inoxydable 316L. Un hommage simple et lumineux aux femmes de Polynésie, parti rejoindre une nouvelle maison.",
    priceEuros: 135,
    stock: 1,
    isUnique: true,
    isSold: true,
    categories: ["Colliers"],
    colors: ["Noir", "Vert paon"],
    materials: ["Cordon ciré", "Acier inoxydable"],
    pearlTypes: ["Perle de Tahiti"],
    art: { kind: "collier", variant: 4, views: 2 },
    createdDaysAgo: 276,
  },
  {
    name: "Collier Marée Haute",
    description:
      "Une chaîne trombone en acier inoxydable 316L doré par PVD, ponctuée d'une perle de Tahiti de 8 mm aux reflets bleutés. Ses maillons plats captent la lumière comme le soleil sur la mer à marée haute. Longueur 45 cm, fermoir mousqueton.",
    priceEuros: 119,
    stock: 3,
    isUnique: false,
    isSold: false,
    categories: ["Colliers"],
    colors: ["Doré", "Bleu lagon"],
    materials: ["Acier inoxydable doré"],
    pearlTypes: ["Perle de Tahiti"],
    art: { kind: "collier", variant: 5, views: 3 },
    createdDaysAgo: 23,
  },
  {
    name: "Collier Trois Perles de Bora-Bora",
    description:
      "Trois perles de Tahiti de 9 à 10 mm, choisies une à une pour leurs reflets complémentaires : vert paon, aubergine et gris argenté. Elles sont fixées à quelques centimètres d'intervalle sur une chaîne forçat en acier inoxydable 316L de 45 cm. Une pièce unique qui fait aujourd'hui le bonheur de sa propriétaire.",
    priceEuros: 245,
    stock: 1,
    isUnique: true,
    isSold: true,
    categories: ["Colliers"],
    colors: ["Argenté", "Vert paon", "Aubergine"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle de Tahiti"],
    art: { kind: "collier", variant: 6, views: 3 },
    createdDaysAgo: 389,
  },
  {
    name: "Collier Perle Cerclée de Tikehau",
    description:
      "Une perle de Tahiti cerclée de 11 mm, gris anthracite aux reflets argentés, dont les fins sillons rappellent les rides du sable sous l'eau. Elle est montée sur une chaîne maille cheval en acier inoxydable 316L de 50 cm. Les perles cerclées sont mes préférées : chacune raconte à sa façon la lente croissance de la nacre.",
    priceEuros: 139,
    stock: 1,
    isUnique: true,
    isSold: false,
    categories: ["Colliers"],
    colors: ["Gris", "Argenté"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle de Tahiti", "Perle cerclée"],
    art: { kind: "collier", variant: 7, views: 2 },
    createdDaysAgo: 64,
  },
  {
    name: "Sautoir Hina",
    description:
      "Un sautoir de 80 cm en acier inoxydable 316L, rythmé par sept perles de Tahiti de 8 à 11 mm et une dizaine de keishis aux reflets changeants. Il se porte long, ou doublé autour du cou. Hina est la déesse de la lune dans les légendes polynésiennes : une pièce d'exception, que je vous présente volontiers sur rendez-vous.",
    priceEuros: null,
    stock: 1,
    isUnique: true,
    isSold: false,
    categories: ["Colliers"],
    colors: ["Argenté", "Noir", "Vert paon"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle de Tahiti", "Keishi de Tahiti"],
    art: { kind: "collier", variant: 8, views: 3 },
    createdDaysAgo: 5,
  },

  // ---------------------------------------------------------------- Bracelets
  {
    name: "Bracelet Vague de Teahupoo",
    description:
      "Un jonc ouvert en acier inoxydable 316L martelé, qui ondule comme la célèbre vague de Teahupoo et se termine par une perle d'eau douce de 6 mm aux reflets bleutés. Il s'ajuste en douceur aux poignets de 15 à 18 cm et garde son éclat au fil des années.",
    priceEuros: 69,
    stock: 5,
    isUnique: false,
    isSold: false,
    categories: ["Bracelets"],
    colors: ["Argenté", "Bleu lagon"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle d'eau douce"],
    art: { kind: "bracelet", variant: 9, views: 2 },
    createdDaysAgo: 88,
  },
  {
    name: "Bracelet Cordon Manava",
    description:
      "Un keishi de Tahiti de 5 mm glissé sur un cordon ciré noir de 1 mm, entre deux petites perles en acier inoxydable 316L. Ses nœuds coulissants permettent de l'ajuster de 15 à 22 cm, et il se porte aussi bien par les femmes que par les hommes. Manava signifie « bienvenue » en tahitien.",
    priceEuros: 35,
    stock: 0,
    isUnique: false,
    isSold: false,
    categories: ["Bracelets"],
    colors: ["Noir", "Gris"],
    materials: ["Cordon ciré", "Acier inoxydable"],
    pearlTypes: ["Keishi de Tahiti"],
    art: { kind: "bracelet", variant: 10, views: 1 },
    createdDaysAgo: 201,
  },
  {
    name: "Bracelet Jonc Lagon",
    description:
      "Un jonc fin en acier inoxydable 316L doré par PVD, orné d'un petit cabochon de nacre blanche de 8 mm. Sa forme ouverte s'adapte à la plupart des poignets, de 15 à 18 cm. Il ne s'oxyde pas et garde son éclat doré au fil des saisons.",
    priceEuros: 49,
    stock: 7,
    isUnique: false,
    isSold: false,
    categories: ["Bracelets"],
    colors: ["Doré", "Blanc nacré"],
    materials: ["Acier inoxydable doré", "Nacre"],
    pearlTypes: [],
    art: { kind: "bracelet", variant: 11, views: 2 },
    createdDaysAgo: 34,
  },
  {
    name: "Bracelet Écaille de Sirène",
    description:
      "Une chaîne en acier inoxydable 316L ornée de petites écailles de nacre taillées à la main, aux reflets verts et bleus, et d'une perle de Tahiti de 8,5 mm. À la lumière, les écailles scintillent comme la queue d'une sirène. Longueur 16 cm + 3 cm d'extension. Pièce unique, partie vivre sa vie de sirène ailleurs.",
    priceEuros: 95,
    stock: 1,
    isUnique: true,
    isSold: true,
    categories: ["Bracelets"],
    colors: ["Argenté", "Vert paon", "Bleu lagon"],
    materials: ["Acier inoxydable", "Nacre"],
    pearlTypes: ["Perle de Tahiti"],
    art: { kind: "bracelet", variant: 12, views: 3 },
    createdDaysAgo: 241,
  },
  {
    name: "Bracelet Keishi Poerava",
    description:
      "Cinq keishis de Tahiti de 4 à 6 mm, aux formes libres et aux reflets aubergine, enfilés sur un câble gainé avec fermoir mousqueton en acier inoxydable 316L. Le keishi est une perle entièrement faite de nacre, sans noyau : son orient est souvent spectaculaire. Longueur 17 cm. Poerava désigne la perle noire en tahitien.",
    priceEuros: 79,
    stock: 1,
    isUnique: true,
    isSold: false,
    categories: ["Bracelets"],
    colors: ["Noir", "Aubergine"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Keishi de Tahiti"],
    art: { kind: "bracelet", variant: 13, views: 2 },
    createdDaysAgo: 19,
  },
  {
    name: "Bracelet Maille Marine",
    description:
      "Une maille marine en acier inoxydable 316L, solide et élégante, relevée d'une perle d'eau douce blanche de 6 mm. Un clin d'œil aux cordages des voiliers, à porter seul ou avec vos joncs. Longueur 17 cm + 3 cm d'extension.",
    priceEuros: 39,
    stock: 8,
    isUnique: false,
    isSold: false,
    categories: ["Bracelets"],
    colors: ["Argenté"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle d'eau douce"],
    art: { kind: "bracelet", variant: 14, views: 1 },
    createdDaysAgo: 133,
  },
  {
    name: "Bracelet Huahine",
    description:
      "Une perle de Tahiti de 8 mm aux reflets vert paon, montée sur une fine chaîne en acier inoxydable 316L doré. Réalisé en petite série, ce modèle est aujourd'hui épuisé. Longueur 16 cm + 4 cm d'extension.",
    priceEuros: 59,
    stock: 0,
    isUnique: false,
    isSold: true,
    categories: ["Bracelets"],
    colors: ["Doré", "Vert paon"],
    materials: ["Acier inoxydable doré"],
    pearlTypes: ["Perle de Tahiti"],
    art: { kind: "bracelet", variant: 15, views: 2 },
    createdDaysAgo: 356,
  },
  {
    name: "Bracelet Tiaré",
    description:
      "Une petite fleur de tiaré sculptée dans la nacre blanche, montée sur une chaîne fine en acier inoxydable 316L. La fleur emblématique de Tahiti, à porter tous les jours comme un porte-bonheur. Longueur 16 cm + 3 cm d'extension.",
    priceEuros: 45,
    stock: 4,
    isUnique: false,
    isSold: false,
    categories: ["Bracelets"],
    colors: ["Argenté", "Blanc nacré"],
    materials: ["Acier inoxydable", "Nacre"],
    pearlTypes: [],
    art: { kind: "bracelet", variant: 16, views: 2 },
    createdDaysAgo: 72,
  },

  // ------------------------------------------------------- Boucles d'oreilles
  {
    name: "Boucles Gouttes de Lagon",
    description:
      "Deux perles de Tahiti en forme de goutte de 8 mm, appairées pour leurs reflets verts, suspendues à des crochets en acier inoxydable 316L. Hauteur totale 2,5 cm. Légères, elles se portent du matin au soir sans qu'on les sente.",
    priceEuros: 75,
    stock: 5,
    isUnique: false,
    isSold: false,
    categories: ["Boucles d'oreilles"],
    colors: ["Argenté", "Vert paon"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle de Tahiti"],
    art: { kind: "boucles", variant: 17, views: 2 },
    createdDaysAgo: 56,
  },
  {
    name: "Créoles Marama",
    description:
      "Des créoles de 20 mm en acier inoxydable 316L doré, auxquelles sont suspendus deux keishis de Tahiti de 5 mm aux reflets aubergine. Comme deux keishis ne se ressemblent jamais, cette paire est unique. Marama signifie « lune » en tahitien.",
    priceEuros: 98,
    stock: 1,
    isUnique: true,
    isSold: false,
    categories: ["Boucles d'oreilles"],
    colors: ["Doré", "Aubergine"],
    materials: ["Acier inoxydable doré"],
    pearlTypes: ["Keishi de Tahiti"],
    art: { kind: "boucles", variant: 18, views: 3 },
    createdDaysAgo: 9,
  },
  {
    name: "Puces Perle Noire",
    description:
      "Des puces toutes simples : deux perles de Tahiti rondes de 7 mm, gris foncé au lustre vif, sur tiges et poussoirs en acier inoxydable 316L. Le premier bijou idéal en perle de Tahiti, ou un cadeau qui fait toujours plaisir. Livrées dans leur pochette en coton.",
    priceEuros: 65,
    stock: 10,
    isUnique: false,
    isSold: false,
    categories: ["Boucles d'oreilles"],
    colors: ["Noir", "Gris"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle de Tahiti"],
    art: { kind: "boucles", variant: 19, views: 1 },
    createdDaysAgo: 180,
  },
  {
    name: "Boucles Pendantes de Taha'a",
    description:
      "Deux perles de Tahiti baroques de 10 à 11 mm, aux reflets bleus et verts, suspendues à une fine chaînette en acier inoxydable 316L de 4 cm. Elles dansent à chaque mouvement, comme la houle autour de l'île vanille. Une paire unique, partie rejoindre sa nouvelle propriétaire.",
    priceEuros: 155,
    stock: 1,
    isUnique: true,
    isSold: true,
    categories: ["Boucles d'oreilles"],
    colors: ["Argenté", "Bleu lagon", "Vert paon"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle de Tahiti", "Perle baroque"],
    art: { kind: "boucles", variant: 20, views: 3 },
    createdDaysAgo: 298,
  },
  {
    name: "Boucles Cauris de Raiatea",
    description:
      "Deux petits cauris naturels, percés à la main et montés sur des anneaux en acier inoxydable 316L. Chaque coquillage a sa forme et ses nuances : cette paire est donc unique. Hauteur totale 3 cm, ultra légères.",
    priceEuros: 55,
    stock: 1,
    isUnique: true,
    isSold: false,
    categories: ["Boucles d'oreilles"],
    colors: ["Blanc nacré", "Argenté"],
    materials: ["Coquillage", "Acier inoxydable"],
    pearlTypes: [],
    art: { kind: "boucles", variant: 21, views: 2 },
    createdDaysAgo: 103,
  },
  {
    name: "Boucles Étoile de Mer",
    description:
      "Une petite étoile de mer en acier inoxydable 316L doré, d'où pend un keishi de Tahiti de 4 mm aux reflets gris argenté. Des boucles délicates et pleines de fantaisie, parfaites pour l'été. Fermoir dormeuse, hauteur 2 cm.",
    priceEuros: 59,
    stock: 6,
    isUnique: false,
    isSold: false,
    categories: ["Boucles d'oreilles"],
    colors: ["Doré", "Gris"],
    materials: ["Acier inoxydable doré"],
    pearlTypes: ["Keishi de Tahiti"],
    art: { kind: "boucles", variant: 22, views: 2 },
    createdDaysAgo: 41,
  },
  {
    name: "Boucles Asymétriques Marée",
    description:
      "D'un côté une perle d'eau douce de 8 mm, de l'autre un petit disque de nacre martelé : une paire volontairement dépareillée, comme la mer qui monte et qui descend. Crochets en acier inoxydable 316L, hauteur 3 cm. Réalisé en édition limitée, ce modèle est épuisé.",
    priceEuros: 85,
    stock: 0,
    isUnique: false,
    isSold: true,
    categories: ["Boucles d'oreilles"],
    colors: ["Argenté", "Gris", "Blanc nacré"],
    materials: ["Acier inoxydable", "Nacre"],
    pearlTypes: ["Perle d'eau douce"],
    art: { kind: "boucles", variant: 23, views: 1 },
    createdDaysAgo: 224,
  },

  // ------------------------------------------------------------------- Bagues
  {
    name: "Bague Perle de Lune",
    description:
      "Une perle de Tahiti de 10 mm, gris lune au lustre doux, posée sur un anneau fin en acier inoxydable 316L. Taille 54. Cette pièce unique a déjà trouvé sa propriétaire.",
    priceEuros: 110,
    stock: 1,
    isUnique: true,
    isSold: true,
    categories: ["Bagues"],
    colors: ["Argenté", "Gris"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle de Tahiti"],
    art: { kind: "bague", variant: 24, views: 2 },
    createdDaysAgo: 334,
  },
  {
    name: "Bague Ajustable Motu One",
    description:
      "Un anneau ouvert en acier inoxydable 316L, surmonté d'un keishi de Tahiti de 5 mm aux reflets changeants. Ajustable, elle convient aux tailles 50 à 58. Motu One signifie « l'îlot de sable » en tahitien.",
    priceEuros: 49,
    stock: 9,
    isUnique: false,
    isSold: false,
    categories: ["Bagues"],
    colors: ["Argenté", "Noir"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Keishi de Tahiti"],
    art: { kind: "bague", variant: 25, views: 1 },
    createdDaysAgo: 117,
  },
  {
    name: "Bague Solitaire Moana",
    description:
      "Une perle de Tahiti exceptionnelle de 12 mm, parfaitement ronde, au lustre miroir et à l'orient vert paon profond. Elle est sertie sur un anneau large en acier inoxydable 316L poli, en taille 55, ajustable sur demande. Moana, c'est l'océan en tahitien : une bague de caractère pour une perle rare.",
    priceEuros: null,
    stock: 1,
    isUnique: true,
    isSold: false,
    categories: ["Bagues"],
    colors: ["Argenté", "Vert paon"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle de Tahiti"],
    art: { kind: "bague", variant: 26, views: 3 },
    createdDaysAgo: 2,
  },
  {
    name: "Bague Jonc Nacré",
    description:
      "Un jonc en acier inoxydable 316L incrusté d'un fin liseré de nacre blanche aux reflets irisés. Disponible en tailles 52, 54 et 56. Une bague discrète qui s'empile volontiers avec d'autres.",
    priceEuros: 42,
    stock: 5,
    isUnique: false,
    isSold: false,
    categories: ["Bagues"],
    colors: ["Blanc nacré", "Argenté"],
    materials: ["Acier inoxydable", "Nacre"],
    pearlTypes: [],
    art: { kind: "bague", variant: 27, views: 2 },
    createdDaysAgo: 147,
  },
  {
    name: "Bague Toi et Moi Aube",
    description:
      "Une bague toi et moi en acier inoxydable 316L doré, qui réunit une perle de Tahiti de 8 mm aux reflets aubergine et une perle d'eau douce blanche de 7 mm. Le jour et la nuit, l'aube et le crépuscule. Taille ajustable. Pièce unique, déjà adoptée.",
    priceEuros: 125,
    stock: 1,
    isUnique: true,
    isSold: true,
    categories: ["Bagues"],
    colors: ["Doré", "Aubergine", "Blanc nacré"],
    materials: ["Acier inoxydable doré"],
    pearlTypes: ["Perle de Tahiti", "Perle d'eau douce"],
    art: { kind: "bague", variant: 28, views: 2 },
    createdDaysAgo: 262,
  },
  {
    name: "Bague Keishi de Tupai",
    description:
      "Un keishi de Tahiti de 6 mm en forme de petit cœur irrégulier, aux reflets bleu lagon, serti sur un anneau martelé en acier inoxydable 316L. Vu du ciel, l'atoll de Tupai dessine lui aussi un cœur. Taille 53, pièce unique.",
    priceEuros: 68,
    stock: 1,
    isUnique: true,
    isSold: false,
    categories: ["Bagues"],
    colors: ["Argenté", "Bleu lagon"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Keishi de Tahiti"],
    art: { kind: "bague", variant: 29, views: 2 },
    createdDaysAgo: 28,
  },

  // ---------------------------------------------------------------- Chevilles
  {
    name: "Chaîne de cheville Sable Chaud",
    description:
      "Une chaîne fine en acier inoxydable 316L doré, ponctuée de trois petites perles d'eau douce de 4 mm. Longueur 22 cm + 5 cm d'extension. Pensez à la retirer avant la baignade pour préserver l'éclat des perles.",
    priceEuros: 32,
    stock: 6,
    isUnique: false,
    isSold: false,
    categories: ["Chevilles"],
    colors: ["Doré"],
    materials: ["Acier inoxydable doré"],
    pearlTypes: ["Perle d'eau douce"],
    art: { kind: "cheville", variant: 30, views: 2 },
    createdDaysAgo: 95,
  },
  {
    name: "Chaîne de cheville Pieds Nus",
    description:
      "Une chaîne de cheville toute légère en acier inoxydable 316L, maille forçat et petites breloques en forme de vague. Elle ne ternit pas et ne craint ni le sable ni le soleil. Longueur 23 cm + 5 cm d'extension.",
    priceEuros: 29,
    stock: 0,
    isUnique: false,
    isSold: false,
    categories: ["Chevilles"],
    colors: ["Argenté"],
    materials: ["Acier inoxydable"],
    pearlTypes: [],
    art: { kind: "cheville", variant: 31, views: 1 },
    createdDaysAgo: 189,
  },
  {
    name: "Chaîne de cheville Coquillages",
    description:
      "Cinq petits cauris naturels enfilés sur une chaîne en acier inoxydable 316L. Chaque coquillage étant différent, cette chaîne de cheville est unique. Longueur 24 cm + 4 cm d'extension.",
    priceEuros: 38,
    stock: 1,
    isUnique: true,
    isSold: false,
    categories: ["Chevilles"],
    colors: ["Blanc nacré", "Argenté"],
    materials: ["Coquillage", "Acier inoxydable"],
    pearlTypes: [],
    art: { kind: "cheville", variant: 32, views: 2 },
    createdDaysAgo: 16,
  },
  {
    name: "Chaîne de cheville Perle d'Écume",
    description:
      "Un keishi de Tahiti de 4 mm aux reflets gris perle, suspendu à une fine chaîne de cheville en acier inoxydable 316L. Longueur 22 cm + 5 cm d'extension. Une pièce unique qui se promène désormais sur une autre plage.",
    priceEuros: 55,
    stock: 1,
    isUnique: true,
    isSold: true,
    categories: ["Chevilles"],
    colors: ["Argenté", "Gris"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Keishi de Tahiti"],
    art: { kind: "cheville", variant: 33, views: 1 },
    createdDaysAgo: 367,
  },
  {
    name: "Chaîne de cheville Lagon Bleu",
    description:
      "Un cordon ciré bleu lagon, une perle d'eau douce de 6 mm et de petites perles intercalaires en acier inoxydable 316L. Son nœud coulissant permet de l'ajuster de 20 à 28 cm. Un esprit bohème et des couleurs de vacances.",
    priceEuros: 36,
    stock: 4,
    isUnique: false,
    isSold: false,
    categories: ["Chevilles"],
    colors: ["Bleu lagon", "Argenté"],
    materials: ["Cordon ciré", "Acier inoxydable"],
    pearlTypes: ["Perle d'eau douce"],
    art: { kind: "cheville", variant: 34, views: 2 },
    createdDaysAgo: 58,
  },

  // --------------------------------------------------------------- Pendentifs
  {
    name: "Pendentif Goutte Baroque",
    description:
      "Une grande perle de Tahiti baroque de 12 x 15 mm en forme de goutte, aux reflets aubergine et vert paon, montée sur une bélière en acier inoxydable 316L. Elle était accompagnée de sa chaîne de 45 cm. Une perle comme on en croise rarement, qui brille désormais dans une nouvelle maison.",
    priceEuros: 175,
    stock: 1,
    isUnique: true,
    isSold: true,
    categories: ["Pendentifs", "Colliers"],
    colors: ["Argenté", "Aubergine", "Vert paon"],
    materials: ["Acier inoxydable"],
    pearlTypes: ["Perle de Tahiti", "Perle baroque"],
    art: { kind: "pendentif", variant: 35, views: 3 },
    createdDaysAgo: 321,
  },
  {
    name: "Pendentif Queue de Sirène",
    description:
      "Une petite queue de sirène en acier inoxydable 316L ornée d'un éclat de nacre bleutée, accompagnée d'une perle de Tahiti de 8 mm. Chaîne forçat de 42 cm + 5 cm d'extension incluse. Le bijou emblématique de Nacre, ici dans une version unique.",
    priceEuros: 92,
    stock: 1,
    isUnique: true,
    isSold: false,
    categories: ["Pendentifs"],
    colors: ["Argenté", "Bleu lagon"],
    materials: ["Acier inoxydable", "Nacre"],
    pearlTypes: ["Perle de Tahiti"],
    art: { kind: "pendentif", variant: 36, views: 3 },
    createdDaysAgo: 38,
  },
  {
    name: "Pendentif Cauri",
    description:
      "Un cauri naturel serti dans une monture en acier inoxydable 316L doré, sur une chaîne fine de 45 cm. Longtemps utilisé comme monnaie dans de nombreuses régions du monde, le cauri est devenu un symbole de chance et de prospérité. Chaque coquillage est légèrement différent.",
    priceEuros: 39,
    stock: 8,
    isUnique: false,
    isSold: false,
    categories: ["Pendentifs", "Colliers"],
    colors: ["Blanc nacré", "Doré"],
    materials: ["Coquillage", "Acier inoxydable doré"],
    pearlTypes: [],
    art: { kind: "pendentif", variant: 37, views: 1 },
    createdDaysAgo: 126,
  },
  {
    name: "Pendentif Étoile du Sud",
    description:
      "Une perle de Tahiti cerclée de 10 mm aux reflets vert paon, coiffée d'une petite étoile en acier inoxydable 316L doré. Elle était livrée avec sa chaîne de 45 cm. Cette pièce unique a été choisie par une cliente fidèle pour ses noces de perle.",
    priceEuros: 128,
    stock: 1,
    isUnique: true,
    isSold: true,
    categories: ["Pendentifs"],
    colors: ["Doré", "Vert paon"],
    materials: ["Acier inoxydable doré"],
    pearlTypes: ["Perle de Tahiti", "Perle cerclée"],
    art: { kind: "pendentif", variant: 38, views: 2 },
    createdDaysAgo: 253,
  },
  {
    name: "Pendentif Hameçon Matau",
    description:
      "Un hameçon polynésien sculpté à la main dans la nacre, monté sur un cordon ciré noir réglable de 45 à 65 cm, avec embouts en acier inoxydable 316L. Symbole de force, d'abondance et de bon voyage sur l'océan, le matau se porte aussi bien par les femmes que par les hommes. Les veines de la nacre étant propres à chaque coquille, cette pièce est unique.",
    priceEuros: 85,
    stock: 1,
    isUnique: true,
    isSold: false,
    categories: ["Pendentifs"],
    colors: ["Blanc nacré", "Noir"],
    materials: ["Nacre", "Cordon ciré"],
    pearlTypes: [],
    art: { kind: "pendentif", variant: 39, views: 2 },
    createdDaysAgo: 1,
  },
];

export interface DemoEvent {
  title: string;
  description: string;
  location: string;
  startOffsetDays: number;
  startTime: string;
  durationDays: number | null;
  artIndex: number;
}

export const demoEvents: DemoEvent[] = [
  // Passés
  {
    title: "Marché des créateurs de la Ville Close",
    description:
      "Deux jours au pied des remparts de Concarneau, entre le port et la Ville Close. J'y ai présenté la nouvelle collection de keishis et rencontré beaucoup d'entre vous : merci pour votre accueil chaleureux !",
    location: "Place Saint-Guénolé, Ville Close, 29900 Concarneau",
    startOffsetDays: -96,
    startTime: "10:00",
    durationDays: 1,
    artIndex: 0,
  },
  {
    title: "Salon des métiers d'art de La Rochelle",
    description:
      "Trois jours de salon face au Vieux-Port, aux côtés d'une cinquantaine d'artisans d'art. Une belle occasion de montrer le travail de la nacre et des perles de Tahiti à un public passionné.",
    location: "Espace Encan, quai Louis Prunier, 17000 La Rochelle",
    startOffsetDays: -58,
    startTime: "10:00",
    durationDays: 2,
    artIndex: 1,
  },
  {
    title: "Atelier découverte : mon bracelet keishi",
    description:
      "Un après-midi pour apprendre à monter son propre bracelet en keishis de Tahiti et acier inoxydable. Les six participantes sont reparties avec leur création et quelques secrets pour bien choisir une perle.",
    location: "Atelier Nacre, 14 rue des Goélands, 56170 Quiberon",
    startOffsetDays: -21,
    startTime: "14:00",
    durationDays: 0,
    artIndex: 2,
  },
  // À venir
  {
    title: "Corner Nacre à la Boutique du Phare",
    description:
      "Une sélection de colliers, bracelets et boucles d'oreilles vous attend désormais toute l'année dans ce joli concept store de Saint-Martin-de-Ré. De nouvelles pièces y arrivent régulièrement, n'hésitez pas à passer les découvrir.",
    location: "La Boutique du Phare, 8 quai de la Poithevinière, 17410 Saint-Martin-de-Ré",
    startOffsetDays: 6,
    startTime: "10:00",
    durationDays: null,
    artIndex: 3,
  },
  {
    title: "Pop-up Nacre chez Maison Embruns",
    description:
      "Pendant une semaine, Nacre s'installe dans le concept store Maison Embruns, à deux pas de la Grande Plage. Venez essayer les pièces uniques et découvrir en avant-première les bijoux de la collection Sirène.",
    location: "Maison Embruns, 21 rue Mazagran, 64200 Biarritz",
    startOffsetDays: 14,
    startTime: "11:00",
    durationDays: 6,
    artIndex: 4,
  },
  {
    title: "Marché des créateurs de Cassis",
    description:
      "Rendez-vous sur le port de Cassis pour un week-end de créations artisanales, entre calanques et bateaux de pêche. Je serai là avec toute la collection et quelques perles de Tahiti en vrac pour vos commandes sur mesure.",
    location: "Quai des Baux, 13260 Cassis",
    startOffsetDays: 27,
    startTime: "09:30",
    durationDays: 1,
    artIndex: 5,
  },
  {
    title: "Atelier découverte : ma première chaîne de cheville",
    description:
      "En petit groupe de six personnes maximum, apprenez à créer votre chaîne de cheville en acier inoxydable, perles d'eau douce et coquillages. Tout le matériel est fourni et le goûter est offert. Réservation conseillée par message ou par téléphone.",
    location: "Atelier Nacre, 14 rue des Goélands, 56170 Quiberon",
    startOffsetDays: 41,
    startTime: "14:30",
    durationDays: 0,
    artIndex: 6,
  },
  {
    title: "Marché de Noël de Vannes",
    description:
      "Retrouvez Nacre dans un chalet du marché de Noël, au cœur de la vieille ville. Idées cadeaux, pièces uniques et emballages faits main : de quoi glisser un peu de lagon sous le sapin.",
    location: "Place Gambetta, 56000 Vannes",
    startOffsetDays: 68,
    startTime: "10:00",
    durationDays: 9,
    artIndex: 7,
  },
];

export interface DemoReview {
  authorName: string;
  authorEmail: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  approved: boolean;
}

export const demoReviews: DemoReview[] = [
  {
    authorName: "Camille Le Bihan",
    authorEmail: "camille.lebihan@exemple.fr",
    rating: 5,
    comment:
      "J'ai craqué pour un collier avec une perle de Tahiti aux reflets verts, il est encore plus beau en vrai qu'en photo. Le paquet était soigné, avec un petit mot écrit à la main. Je le porte tous les jours !",
    approved: true,
  },
  {
    authorName: "Sophie Garnier",
    authorEmail: "sophie.garnier@exemple.fr",
    rating: 5,
    comment:
      "Offert à ma fille pour ses vingt ans : elle était ravie. Merci pour les conseils par message pour choisir la perle, on sent la passion derrière chaque bijou.",
    approved: true,
  },
  {
    authorName: "Nathalie Roux",
    authorEmail: "nathalie.roux@exemple.fr",
    rating: 4,
    comment:
      "Très jolies boucles d'oreilles, légères et bien finies. Un peu plus petites que ce que j'imaginais, mais les dimensions étaient bien indiquées, c'est moi qui ai lu trop vite.",
    approved: true,
  },
  {
    authorName: "Léa Morvan",
    authorEmail: "lea.morvan@exemple.fr",
    rating: 5,
    comment:
      "Rencontrée au marché de Concarneau, je suis repartie avec un bracelet keishi et je suis revenue commander une bague en ligne. Accueil adorable, bijoux magnifiques, je recommande les yeux fermés.",
    approved: true,
  },
  {
    authorName: "Isabelle Fabre",
    authorEmail: "isabelle.fabre@exemple.fr",
    rating: 4,
    comment:
      "Belle chaîne de cheville, l'acier n'a pas terni, même après tout un été au bord de la mer. Livraison rapide, j'aurais juste aimé un suivi un peu plus détaillé.",
    approved: true,
  },
  {
    authorName: "Manon Kerjean",
    authorEmail: "manon.kerjean@exemple.fr",
    rating: 5,
    comment:
      "Mon pendentif queue de sirène est arrivé hier, il est sublime ! La nacre change de couleur selon la lumière, je ne m'en lasse pas.",
    approved: false,
  },
  {
    authorName: "Hélène Dubreuil",
    authorEmail: "helene.dubreuil@exemple.fr",
    rating: 3,
    comment:
      "Le bijou est joli et bien réalisé, mais la taille de la bague ne me convenait pas. L'échange s'est fait sans souci, même si cela a pris un peu de temps.",
    approved: false,
  },
];

/** Her password is DEMO_PASSWORD, or generated when the demo is seeded and shown once (ADR 011). */
export const demoCustomer = {
  name: "Claire Martin",
  email: "cliente@nacre.test",
  phoneNumber: "06 23 45 67 89",
  postalCode: "44500",
};

/**
 * The demo shop's consumer mediator (docs/product.md §10.21), so its legal pages are complete: CM2C,
 * a real mediator listed by the French mediation commission (CECMC) that many small online shops
 * join, with its public address and website. A real shop enters its own in the settings.
 */
export const demoMediator = {
  name: "CM2C — Centre de la médiation de la consommation de conciliateurs de justice",
  address: "14 rue Saint-Jean, 75017 Paris",
  url: "https://www.cm2c.net",
};

export const demoHeroSlides: { alt: string }[] = [
  { alt: "Lagon turquoise vu du ciel, bordé d'un motu de sable blanc et de cocotiers" },
  { alt: "Perle de Tahiti aux reflets vert paon posée dans une coquille d'huître perlière ouverte" },
  { alt: "Collier en acier et perle noire posé sur le sable mouillé, léché par l'écume" },
  { alt: "Vague translucide qui se brise au coucher du soleil sur une plage bretonne" },
  { alt: "Main de femme ornée de bagues en perles de Tahiti, plongée dans une eau cristalline" },
  { alt: "Bijoux Nacre disposés sur des galets et des coquillages au bord de l'océan" },
];

export const demoInspirationAlts: string[] = [
  "Lagon turquoise de Rangiroa sous un ciel sans nuage",
  "Huître perlière ouverte sur une perle grise",
  "Poignée de keishis aux reflets aubergine",
  "Écume blanche sur le sable au petit matin",
  "Écailles de sirène irisées en gros plan",
  "Mise à plat de colliers en acier sur du lin clair",
  "Cauris alignés sur une planche de bois flotté",
  "Vague qui déferle sur la côte sauvage de Quiberon",
  "Perle de Tahiti ronde au reflet vert paon",
  "Coquille de nacre polie qui capte la lumière",
  "Étoile de mer sur le sable humide",
  "Bracelets empilés sur un poignet bronzé",
  "Reflets du soleil à travers l'eau d'un lagon",
  "Fleurs de tiaré posées sur une feuille de palmier",
  "Boucles d'oreilles en perles sur un coquillage",
  "Pirogue à balancier sur un lagon calme",
  "Chaîne de cheville dorée sur un pied dans le sable",
  "Plateau de tri de perles à l'atelier",
  "Fond marin clair parsemé de coraux",
  "Bague en keishi posée sur un galet gris",
  "Coucher de soleil orangé sur l'océan Atlantique",
  "Mise à plat de pendentifs et de coquillages",
  "Queue de sirène dessinée dans le sable",
  "Perles baroques aux formes libres dans une coupelle",
  "Embruns sur les rochers d'une pointe bretonne",
  "Collier ras-de-cou porté avec une chemise en lin",
  "Palette de nuances de nacre, du blanc au noir",
  "Motu de sable blanc entouré d'eau turquoise",
  "Bobines de cordon ciré colorées sur l'établi",
  "Perle cerclée aux sillons bien visibles",
  "Vague turquoise vue de l'intérieur du rouleau",
  "Écrin en carton recyclé et pochette en coton",
  "Pieds nus dans l'eau claire au bord de la plage",
];
