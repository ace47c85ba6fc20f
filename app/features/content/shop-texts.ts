/**
 * The shop's own texts on the home and about pages: the creator's story, the keishi, the about
 * page's sections and mission, the care advice. Plain data edited here, read by the pages (and by
 * the demo seed for the pictures' alt texts). The HTML is the shop's own copy, never user input.
 */

/** The story pictures (site_images of kind "story"), in the order the table keeps them. */
export const STORY_PICTURES = ["creatrice", "keishi", "atelier", "mission"] as const;
export type StoryPicture = (typeof STORY_PICTURES)[number];

/** The story picture named `name` among the story pictures as listed (by position). */
export function storyPicture<T>(pictures: readonly T[], name: StoryPicture): T | null {
  return pictures[STORY_PICTURES.indexOf(name)] ?? null;
}

export interface StoryBlock {
  title: string;
  html: string;
  /** The picture beside the text. */
  picture: StoryPicture;
  imageAlt: string;
}

/** The two text-and-picture blocks under the home page's hero. */
export const homeStory = {
  creatrice: {
    title: "Ia ora na et maeva !",
    html:
      "<p>Je m'appelle <strong>Vaimiti</strong>. J'ai grandi entre Papeete et les plages de Moorea, avant de poser mes valises en Bretagne, face à un autre océan. De mon enfance, j'ai gardé l'amour du lagon, des coquillages et de ces perles noires aux mille reflets que ma grand-mère portait fièrement.</p>" +
      "<p>Chaque bijou Nacre est imaginé et monté à la main dans mon petit atelier de Quiberon. J'y marie l'<em>acier inoxydable</em>, solide et doux pour la peau, aux <em>perles de Tahiti</em> que je sélectionne une à une. Mon souhait : que vous portiez un petit morceau de Polynésie, tous les jours.</p>",
    picture: "creatrice",
    imageAlt: "La créatrice de Nacre dans son atelier, triant des perles de Tahiti sur un plateau en bois",
  },
  keishi: {
    title: "Le keishi, la perle libre",
    html:
      "<p>Le <strong>keishi</strong> naît lorsque l'huître perlière fabrique de la nacre sans noyau, souvent autour d'un minuscule fragment. Le résultat est une perle <em>entièrement composée de nacre</em>, aux formes libres et à l'orient souvent éblouissant.</p>" +
      "<p>Aucun keishi ne ressemble à un autre : certains évoquent un pétale, d'autres une goutte d'eau ou un petit cœur. C'est ce caractère unique qui me touche, et c'est pourquoi tant de pièces Nacre les mettent à l'honneur.</p>",
    picture: "keishi",
    imageAlt: "Gros plan sur une poignée de keishis de Tahiti aux reflets verts et aubergine",
  },
} as const satisfies Record<string, StoryBlock>;

/** The about page's text-and-picture sections, in the order shown. */
export const aboutSections = {
  story: {
    title: "Notre histoire",
    html:
      "<p>Nacre est née en 2021 sur la table de ma cuisine, avec une boîte de perles rapportée de Tahiti et l'envie de créer des bijoux qui me ressemblent. Les premiers colliers ont été offerts à mes amies, puis vendus sur les marchés de la presqu'île.</p>" +
      "<p>Aujourd'hui, Nacre a son petit atelier à Quiberon, mais l'esprit reste le même : une <strong>création artisanale</strong>, en petites séries ou en pièces uniques, portée par l'amour de l'océan.</p>",
    picture: "atelier",
    imageAlt: "Des bijoux Nacre posés sur du sable clair, entourés de coquillages",
  },
  craft: {
    title: "Le savoir-faire",
    html:
      "<p>Chaque perle est choisie pour son lustre, son orient et sa forme, puis associée à l'acier inoxydable <strong>316L</strong>, un acier de qualité chirurgicale qui ne noircit pas et convient aux peaux sensibles. Les montages, les nœuds et les finitions sont réalisés à la main, un par un.</p>" +
      "<p>Je travaille aussi la nacre et les coquillages, que je découpe, ponce et perce à l'atelier. Cela prend du temps, mais c'est ce qui donne à chaque bijou son <em>petit supplément d'âme</em>.</p>",
    picture: "creatrice",
    imageAlt: "Mains de la créatrice montant une perle de Tahiti sur une chaîne en acier",
  },
  commitment: {
    title: "Notre engagement",
    html:
      "<p>Les perles de Tahiti proviennent de fermes perlières familiales de Polynésie française, avec lesquelles je travaille en direct. L'acier est acheté auprès de fournisseurs européens, et les emballages sont en carton recyclé et en coton.</p>" +
      "<p>Je préfère produire peu et bien : pas de stock démesuré, des <strong>petites séries</strong>, et des réparations proposées sur les bijoux Nacre pour qu'ils vous accompagnent longtemps.</p>",
    picture: "keishi",
    imageAlt: "Écrins en carton recyclé et pochettes en coton prêts à être expédiés",
  },
} as const satisfies Record<string, StoryBlock>;

export const aboutMission =
  "Créer des bijoux solides et lumineux, qui mêlent la douceur des perles de Tahiti à la résistance de l'acier inoxydable. Faire voyager un peu de Polynésie jusqu'à vous, avec des pièces artisanales, durables et pensées pour être portées tous les jours.";

/** Kept apart from the texts: the about page's component shows it, so it travels to the browser. */
export const MISSION_PICTURE_ALT = "L'horizon de l'océan, avec une perle de Tahiti au premier plan";

export interface CareTip {
  title: string;
  text: string;
}

/** The home page's care advice, in the order shown. */
export const careTips = {
  perfume: {
    title: "Parfum et crème d'abord, bijoux ensuite",
    text: "La nacre est sensible aux produits chimiques. Appliquez parfum, crème et laque avant de mettre vos bijoux, et retirez-les en dernier le soir.",
  },
  storage: {
    title: "Un rangement à part",
    text: "Rangez chaque bijou séparément, dans sa pochette en coton, pour éviter que l'acier ne raye les perles. Évitez aussi les endroits trop secs ou en plein soleil.",
  },
  cloth: {
    title: "Un chiffon doux après chaque port",
    text: "Essuyez délicatement vos perles avec un chiffon doux, légèrement humide si besoin, pour retirer les traces de transpiration. L'acier inoxydable se nettoie à l'eau tiède savonneuse, puis se sèche soigneusement.",
  },
  swimming: {
    title: "Pas de longue baignade",
    text: "L'acier ne craint pas l'eau, mais le chlore des piscines et le sel de la mer ternissent le lustre des perles à la longue. Retirez vos bijoux avant la baignade et rincez-les à l'eau claire en cas de contact.",
  },
} as const satisfies Record<string, CareTip>;
