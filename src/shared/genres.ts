/**
 * The fixed list of story genres (spec §3 Genre) and the six accepted by template forms.
 * Isomorphic: used by the web (cards, game page) and the server (prompts, seeds).
 */

export const GENRES = [
  "Fantasy",
  "Storico",
  "Giallo",
  "Guerra",
  "Avventura",
  "Romantico",
  "Sci-Fi",
  "Horror",
  "Thriller",
  "Commedia",
  "Western",
  "Cyberpunk",
  "Steampunk",
  "Distopico",
] as const;

export type GenreName = (typeof GENRES)[number];

/** Genres accepted by the template form and listed on the pricing page (spec §3, §9). */
export const TEMPLATE_GENRES = ["Fantasy", "Giallo", "Storico", "Guerra", "Avventura", "Romantico"] as const;

export interface GenreInfo {
  name: GenreName;
  /** lucide-react icon name, resolved by the web. */
  icon: string;
  description: string;
  /** Tailwind gradient classes for the card (from-… to-…). */
  gradient: string;
  /** The assistant's opening greeting shown at the top of a new game (spec §2 Game chat). */
  greeting: string;
}

const VISUALIZE_HINT = "Quando vuoi vedere la scena, usa il comando /visualizza.";

export const GENRE_INFO: Record<GenreName, GenreInfo> = {
  Fantasy: {
    name: "Fantasy",
    icon: "Wand2",
    description: "Draghi, incantesimi e regni perduti: un mondo di magia ti aspetta.",
    gradient: "from-purple-600 to-indigo-700",
    greeting: "Benvenuto, viandante. Le antiche rune si risvegliano e un regno di magia attende il tuo passo.",
  },
  Storico: {
    name: "Storico",
    icon: "Landmark",
    description: "Rivivi epoche lontane tra corti, battaglie e intrighi della storia.",
    gradient: "from-amber-600 to-yellow-800",
    greeting: "Benvenuto. Il tempo si riavvolge: strade lastricate, candele accese e la storia pronta a essere riscritta.",
  },
  Giallo: {
    name: "Giallo",
    icon: "Search",
    description: "Un delitto, un indizio, un colpevole da smascherare.",
    gradient: "from-yellow-500 to-orange-600",
    greeting: "Benvenuto, detective. C'è un caso sulla tua scrivania e nessuno, qui, è davvero innocente.",
  },
  Guerra: {
    name: "Guerra",
    icon: "Shield",
    description: "Trincee, strategie e scelte difficili sotto il fuoco nemico.",
    gradient: "from-stone-600 to-green-900",
    greeting: "Benvenuto, soldato. Il fronte è vicino e ogni scelta può cambiare le sorti della battaglia.",
  },
  Avventura: {
    name: "Avventura",
    icon: "Compass",
    description: "Mappe, tesori e terre inesplorate oltre l'orizzonte.",
    gradient: "from-emerald-500 to-teal-700",
    greeting: "Benvenuto, esploratore. La mappa è spiegata sul tavolo e l'orizzonte ti chiama.",
  },
  Romantico: {
    name: "Romantico",
    icon: "Heart",
    description: "Incontri, sguardi e sentimenti che cambiano una vita.",
    gradient: "from-pink-500 to-rose-700",
    greeting: "Benvenuto. A volte basta uno sguardo per cambiare tutto: la tua storia d'amore sta per cominciare.",
  },
  "Sci-Fi": {
    name: "Sci-Fi",
    icon: "Rocket",
    description: "Astronavi, pianeti lontani e il futuro dell'umanità.",
    gradient: "from-cyan-500 to-blue-700",
    greeting: "Benvenuto a bordo. I motori sono caldi e le stelle aspettano solo la tua rotta.",
  },
  Horror: {
    name: "Horror",
    icon: "Skull",
    description: "Ombre, sussurri e paure che non ti lasceranno dormire.",
    gradient: "from-red-800 to-gray-900",
    greeting: "Benvenuto... se hai coraggio. Qualcosa si muove nel buio e ha già sentito il tuo nome.",
  },
  Thriller: {
    name: "Thriller",
    icon: "Eye",
    description: "Tensione, inseguimenti e segreti pericolosi.",
    gradient: "from-slate-700 to-zinc-900",
    greeting: "Benvenuto. Il telefono squilla nel cuore della notte: da questo momento, ogni minuto conta.",
  },
  Commedia: {
    name: "Commedia",
    icon: "Laugh",
    description: "Equivoci, battute e situazioni assurde tutte da ridere.",
    gradient: "from-lime-500 to-green-600",
    greeting: "Benvenuto! Preparati: oggi tutto quello che può andare storto andrà storto, ma con stile.",
  },
  Western: {
    name: "Western",
    icon: "Sun",
    description: "Praterie, saloon e duelli sotto il sole del Far West.",
    gradient: "from-orange-500 to-amber-800",
    greeting: "Benvenuto, straniero. Il vento porta polvere e guai, e in questa città nessuno regala niente.",
  },
  Cyberpunk: {
    name: "Cyberpunk",
    icon: "Cpu",
    description: "Neon, hacker e megacorporazioni in una metropoli senza legge.",
    gradient: "from-fuchsia-600 to-violet-900",
    greeting: "Benvenuto nella rete. Le luci al neon non dormono mai, e nemmeno chi ti sta cercando.",
  },
  Steampunk: {
    name: "Steampunk",
    icon: "Cog",
    description: "Ingranaggi, vapore e invenzioni geniali in un'epoca alternativa.",
    gradient: "from-amber-700 to-stone-800",
    greeting: "Benvenuto. Le caldaie sbuffano, gli ingranaggi girano e un'invenzione straordinaria attende il suo inventore.",
  },
  Distopico: {
    name: "Distopico",
    icon: "Building2",
    description: "Regimi oppressivi e ribellioni in un futuro che fa paura.",
    gradient: "from-gray-600 to-neutral-900",
    greeting: "Benvenuto, cittadino. Le telecamere osservano, le regole sono cambiate e la libertà è un ricordo da riconquistare.",
  },
};

/**
 * The first words of a new story's default title (spec §3 'Nuova Avventura {genre} #…'): the
 * genre named once, so the Avventura genre reads 'Nuova Avventura', not 'Nuova Avventura
 * Avventura' (issue 39). Input: the genre. Output: the title's text without its number.
 */
export function newStoryTitle(genre: GenreName): string {
  return genre === "Avventura" ? "Nuova Avventura" : `Nuova Avventura ${genre}`;
}

/** Full greeting: the genre's welcome plus the hint about the visualise command (spec §2 Game chat). */
export function greetingFor(genre: GenreName): string {
  return `${GENRE_INFO[genre].greeting} Scrivi /inizia o premi il pulsante per cominciare. ${VISUALIZE_HINT}`;
}

/**
 * Resolves a genre from any case-insensitive spelling (route segment, stored value).
 * Unknown or missing genres fall back to Fantasy (spec §3 Genre).
 */
export function resolveGenre(value: string | null | undefined): GenreName {
  const wanted = (value ?? "").trim().toLowerCase();
  return GENRES.find((g) => g.toLowerCase() === wanted) ?? "Fantasy";
}

/** Route segment for a genre: the name lower-cased (spec §2 route table, /gioco/{genre}/…). */
export function genreSlug(genre: GenreName): string {
  return genre.toLowerCase();
}

/** The game page of a stored game (spec §2 route table): /gioco/{genre's slug}/{id}; an unknown genre reads as Fantasy. */
export const gamePagePath = (genre: string, gameId: string) => `/gioco/${genreSlug(resolveGenre(genre))}/${encodeURIComponent(gameId)}`;
