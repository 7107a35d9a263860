/**
 * Reads the words of a scene (Italian) into visual themes for the offline illustrator and its
 * titles: night, sea, forest, city, castle, desert, space, fire, mountain, storm, snow, fog, dawn.
 */

import type { GenreName } from "../../../../shared/genres";

export type Theme =
  | "night" | "sea" | "forest" | "city" | "castle" | "desert" | "space" | "fire" | "mountain" | "storm" | "snow" | "fog" | "dawn";

/** Word stems (matched at the start of a word, case- and accent-insensitive) per theme. */
const STEMS: Record<Theme, string[]> = {
  night: ["nott", "buio", "bui", "luna", "lunar", "stell", "tenebr", "oscur", "mezzanott", "notturn", "lanter"],
  sea: ["mare", "mari", "onda", "onde", "porto", "nave", "navi", "molo", "spiagg", "ocean", "costa", "lago", "fiume", "acqua", "barca", "vela", "marin", "scogl", "isola"],
  forest: ["foresta", "bosc", "albero", "alberi", "giungl", "selva", "radur", "querc", "pini", "fogli", "sottobosco"],
  city: ["citta", "strad", "vicol", "grattaciel", "palazz", "piazza", "quartier", "neon", "metropol", "tetti", "edifici", "locanda", "taverna", "mercato"],
  castle: ["castell", "torre", "torri", "fortezz", "mura", "cattedral", "rovin", "cittadell", "maniero", "bastion", "trono", "reggia"],
  desert: ["desert", "sabbi", "dune", "duna", "canyon", "prateri", "polver", "arido", "cactus", "saloon", "ranch"],
  space: ["spazi", "pianet", "astronav", "galass", "orbit", "stazione orbitale", "asteroid", "nebulos", "cosmo", "cosmic", "hangar"],
  fire: ["fuoco", "fuochi", "fiamm", "incend", "brace", "braci", "esplos", "falo", "lava", "drago", "draghi", "camino", "rogo", "fiaccol", "torcia", "torce"],
  mountain: ["montagn", "monti", "monte", "vetta", "vette", "picco", "picchi", "rupe", "scoglier", "valle", "colle", "colline", "passo"],
  storm: ["pioggi", "temporal", "tempesta", "fulmin", "tuono", "tuoni", "acquazzon", "piove"],
  snow: ["neve", "nevi", "ghiacc", "invern", "gelo", "gelid", "tormenta", "brina"],
  fog: ["nebbi", "foschi", "bruma", "fumo", "vapore", "vapori", "caligin"],
  dawn: ["alba", "tramont", "crepuscol", "aurora", "sole", "mattin", "sera"],
};

/** Themes each genre leans on when the scene names none of its own. */
export const GENRE_DEFAULT_THEMES: Record<GenreName, Theme[]> = {
  Fantasy: ["castle", "mountain"],
  Storico: ["city", "dawn"],
  Giallo: ["city", "night", "fog"],
  Guerra: ["fire", "fog"],
  Avventura: ["forest", "mountain"],
  Romantico: ["sea", "dawn"],
  "Sci-Fi": ["space"],
  Horror: ["forest", "night", "fog"],
  Thriller: ["city", "night", "storm"],
  Commedia: ["city"],
  Western: ["desert", "dawn"],
  Cyberpunk: ["city", "night", "storm"],
  Steampunk: ["city", "fog"],
  Distopico: ["city", "fog"],
};

/** Lower-case, accents removed: 'Città' → 'citta'. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Themes named by the scene's words, strongest first (by number of hits), then the genre's
 * defaults when none is named. Output: a non-empty list without duplicates.
 */
export function themesOf(scene: string, genre: GenreName): Theme[] {
  const words = fold(scene).split(/[^a-z0-9]+/).filter(Boolean);
  const text = ` ${words.join(" ")}`;
  const scores = new Map<Theme, number>();
  for (const [theme, stems] of Object.entries(STEMS) as [Theme, string[]][]) {
    let hits = 0;
    for (const stem of stems) {
      let from = 0;
      for (;;) {
        const at = text.indexOf(` ${stem}`, from);
        if (at < 0) break;
        hits += 1;
        from = at + stem.length + 1;
      }
    }
    if (hits) scores.set(theme, hits);
  }
  const named = [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
  return named.length ? named : [...GENRE_DEFAULT_THEMES[genre]];
}

/** Title pieces per theme for offline titles (Italian, no punctuation). */
const TITLE_NOUNS: Record<Theme, string[]> = {
  night: ["Notte senza luna", "Sotto le stelle", "Ombre nella notte"],
  sea: ["Onde sul molo", "Il porto silenzioso", "Sulla riva del mare"],
  forest: ["Nel cuore del bosco", "Sentiero tra gli alberi", "La foresta antica"],
  city: ["Vicoli della città", "Luci sulla città", "La piazza deserta"],
  castle: ["Le torri del castello", "Mura antiche", "La fortezza sul colle"],
  desert: ["Dune al tramonto", "Il deserto infinito", "Polvere e silenzio"],
  space: ["Oltre le stelle", "Rotta tra i pianeti", "Il silenzio dello spazio"],
  fire: ["Fiamme nella notte", "Il bagliore del fuoco", "Tra fumo e braci"],
  mountain: ["Sulla vetta", "Il passo tra i monti", "La valle nascosta"],
  storm: ["Sotto la tempesta", "Pioggia e fulmini", "Il temporale"],
  snow: ["Terre di ghiaccio", "Neve silenziosa", "Il lungo inverno"],
  fog: ["Nella nebbia", "Forme nella foschia", "Il velo di nebbia"],
  dawn: ["Prima luce", "All'alba", "Cielo al tramonto"],
};

/** A short Italian title from the scene's main theme, deterministic for the same scene. */
export function offlineTitle(scene: string, genre: GenreName, seed: number): string {
  const [main] = themesOf(scene, genre);
  const options = TITLE_NOUNS[main!];
  return options[seed % options.length]!;
}
