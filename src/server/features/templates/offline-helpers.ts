/**
 * Offline AI helpers (DESIGN §2 "no provider configured"; issue 4): when no AI provider is set,
 * 'improve' applies an Italian typographic and stylistic clean-up, and 'generate' composes
 * genre-appropriate Italian fields from the offline storyteller's corpus, seeded by the title so
 * the same title always gives the same result.
 */

import { GENRE_INFO, type GenreName } from "../../../shared/genres";
import { castFor } from "../../domain/ai/offline/cast";
import { CORPORA } from "../../domain/ai/offline/corpus";
import { createRng } from "../../domain/ai/offline/rng";
import { capitalize, renderTemplate } from "../../domain/ai/offline/template";

/** Weak intensifier + adjective → one stronger word (stylistic clean-up). */
const STRONGER: [RegExp, string][] = [
  [/\bmolto grandi\b/gi, "immensi"],
  [/\bmolto grande\b/gi, "immenso"],
  [/\bmolto piccol([oaie])\b/gi, "minuscol$1"],
  [/\bmolto bell([oaie])\b/gi, "splendid$1"],
  [/\bmolto brutt([oaie])\b/gi, "orribil$1"],
  [/\bmolto vecchi([oaie]?)\b/gi, "antichissim$1"],
  [/\bmolto stran([oaie])\b/gi, "stranissim$1"],
  [/\bmolto bui([oaie])\b/gi, "oscurissim$1"],
  [/\bmolto spaventos([oaie])\b/gi, "terrificant$1"],
  [/\bmolto important([ei])\b/gi, "fondamental$1"],
  [/\bmolto veloc([ei])\b/gi, "rapidissim$1"],
  [/\bmolto forte\b/gi, "fortissimo"],
  [/\bmolto difficil([ei])\b/gi, "arduo"],
  [/\bimprovvisamente\b/gi, "all'improvviso"],
  [/\bcosa molto\b/gi, "cosa davvero"],
];

/** Words commonly typed without their accent or with an apostrophe instead. */
const ACCENTS: [RegExp, string][] = [
  [/\bE'(?=\s|$)/g, "È"],
  [/\be'(?=\s|$)/g, "è"],
  [/\bperche\b/gi, "perché"],
  [/\bpoiche\b/gi, "poiché"],
  [/\baffinche\b/gi, "affinché"],
  [/\bbenche\b/gi, "benché"],
  [/\bpiu'(?=\s|[.,;:!?]|$)/gi, "più"],
  [/\bpero'(?=\s|[.,;:!?]|$)/gi, "però"],
  [/\bgia'(?=\s|[.,;:!?]|$)/gi, "già"],
  [/\bcosi'(?=\s|[.,;:!?]|$)/gi, "così"],
  [/\bpuo'(?=\s|[.,;:!?]|$)/gi, "può"],
  [/\bciti'(?=\s|[.,;:!?]|$)/gi, "città"],
  [/\bcitta\b/gi, "città"],
  [/\bqual'è\b/gi, "qual è"],
  [/\bun pò\b/gi, "un po'"],
];

const keepCase = (original: string, replacement: string) =>
  /^[A-ZÀ-Ý]/.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;

/**
 * Italian typographic and stylistic clean-up of one field (offline 'improve').
 * Input: the text and the field name ('title' keeps no final period). Output: the text with
 * normalised spaces, no space before punctuation and one after, accents fixed (perche → perché,
 * e' → è), «caporali» instead of straight double quotes, … for three dots, — for spaced hyphens,
 * typographic apostrophes, weak intensifiers replaced (molto grande → immenso), repeated words
 * removed, capitals at sentence starts and a final period on prose.
 */
export function offlineImprove(text: string, field: string): string {
  let out = text.replace(/\r\n?/g, "\n");
  out = out
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  for (const [pattern, replacement] of ACCENTS) out = out.replace(pattern, (m) => keepCase(m, replacement));
  for (const [pattern, replacement] of STRONGER) out = out.replace(pattern, (m, g1: unknown) => keepCase(m, typeof g1 === "string" ? replacement.replace("$1", g1) : replacement));
  out = out
    .replace(/\b(\p{L}+)\s+\1\b/giu, "$1")
    .replace(/\.{3,}/g, "…")
    .replace(/ +([,;:.!?…)»])/g, "$1")
    .replace(/([(«]) +/g, "$1")
    .replace(/([,;:!?])(?=[\p{L}«])/gu, "$1 ")
    .replace(/(\p{Ll})\.(?=\p{Lu})/gu, "$1. ")
    .replace(/ - /g, " — ")
    .replace(/"([^"\n]+)"/g, "«$1»")
    .replace(/(\p{L})'(?=\p{L})/gu, "$1’");
  // Capitals at the start and after a sentence end.
  out = out.replace(/^(\s*[«"(]?)(\p{Ll})/u, (_m, pre: string, ch: string) => pre + ch.toUpperCase());
  out = out.replace(/([.!?]\s+[«"(]?)(\p{Ll})/gu, (_m, pre: string, ch: string) => pre + ch.toUpperCase());
  if (field === "title") {
    out = out.replace(/[.\s]+$/u, "");
  } else if (field === "preferred_vocabulary") {
    // A list of words: no final period.
  } else if (!/[.!?…»)"]$/u.test(out)) {
    out = `${out}.`;
  }
  return out;
}

/** Vocabulary hints per genre (offline 'generate'). */
const VOCABULARY: Record<GenreName, string> = {
  Fantasy: "evocativo e arcaico: rune, incantesimi, reami, presagi, lame forgiate dai nani",
  Storico: "d'epoca e ricercato: messere, corte, editto, gonfalone, bottega",
  Giallo: "investigativo e preciso: indizio, alibi, movente, sopralluogo, deposizione",
  Guerra: "militare e asciutto: trincea, avamposto, ordine, ricognizione, retrovie",
  Avventura: "vivace e concreto: mappa, spedizione, sentiero, bussola, accampamento",
  Romantico: "delicato e sensoriale: sguardi, promesse, lettere, tramonti, silenzi",
  "Sci-Fi": "tecnico e futuristico: propulsori, orbita, sensori, protocollo, ologramma",
  Horror: "cupo e inquietante: sussurri, ombre, gelo, scricchiolii, presenze",
  Thriller: "teso e incalzante: pedinamento, scadenza, segreto, minaccia, fuga",
  Commedia: "brillante e colloquiale: equivoci, battute, figuracce, colpi di scena",
  Western: "polveroso e laconico: saloon, sceriffo, diligenza, taglia, canyon",
  Cyberpunk: "gergale e tecnologico: neon, impianti, rete, corp, hacker",
  Steampunk: "meccanico e vittoriano: ingranaggi, caldaie, dirigibili, ottone, brevetti",
  Distopico: "freddo e burocratico: direttiva, sorveglianza, coprifuoco, ribellione, Ministero",
};

/** Suggested styles per genre for /crea-gioco (template form lists, spec §5). */
const STYLES: Record<GenreName, { response_style: string; story_pacing: string; interaction_style: string }> = {
  Fantasy: { response_style: "creativo", story_pacing: "bilanciato", interaction_style: "guidato" },
  Storico: { response_style: "preciso", story_pacing: "lento", interaction_style: "guidato" },
  Giallo: { response_style: "preciso", story_pacing: "bilanciato", interaction_style: "misto" },
  Guerra: { response_style: "drammatico", story_pacing: "veloce", interaction_style: "guidato" },
  Avventura: { response_style: "creativo", story_pacing: "veloce", interaction_style: "aperto" },
  Romantico: { response_style: "drammatico", story_pacing: "lento", interaction_style: "aperto" },
  "Sci-Fi": { response_style: "creativo", story_pacing: "bilanciato", interaction_style: "misto" },
  Horror: { response_style: "drammatico", story_pacing: "lento", interaction_style: "guidato" },
  Thriller: { response_style: "drammatico", story_pacing: "veloce", interaction_style: "misto" },
  Commedia: { response_style: "umoristico", story_pacing: "veloce", interaction_style: "aperto" },
  Western: { response_style: "bilanciato", story_pacing: "bilanciato", interaction_style: "guidato" },
  Cyberpunk: { response_style: "creativo", story_pacing: "veloce", interaction_style: "aperto" },
  Steampunk: { response_style: "creativo", story_pacing: "bilanciato", interaction_style: "misto" },
  Distopico: { response_style: "drammatico", story_pacing: "lento", interaction_style: "misto" },
};

/**
 * Genre-appropriate Italian values for the requested fields (offline 'generate').
 * Input: title, genre and the names of the fields to fill (template fields, plus 'premise' and
 * the three styles for /crea-gioco). Output: a map field → text for exactly those fields.
 */
export function offlineGenerate(title: string, genre: GenreName, fields: readonly string[]): Record<string, string> {
  const corpus = CORPORA[genre];
  const cast = castFor(`template|${title}`, genre);
  const rng = createRng(`generate|${genre}|${title}`);
  // Plain text: these fields are edited in text boxes and quoted on the template page.
  const opening = renderTemplate(rng.pick(corpus.openings), cast).replace(/\*\*|__/g, "");
  const lowerGenre = genre.toLowerCase();
  const values: Record<string, string> = {
    description:
      `${GENRE_INFO[genre].description} In «${title}» ti muovi tra ${cast.places[0]} e ${cast.places[1]}: ` +
      `al tuo fianco ${cast.companion.name}, ${cast.companion.role}, mentre ${cast.antagonist.name}, ${cast.antagonist.role}, trama nell'ombra.`,
    initial_prompt: opening,
    premise: opening,
    system_prompt:
      `Sei il narratore di «${title}», una storia interattiva di genere ${lowerGenre}. ` +
      `Racconta in italiano, in seconda persona e al presente, con un tono coerente con il genere. ` +
      `Personaggi ricorrenti: ${cast.companion.name} (${cast.companion.role}) e ${cast.antagonist.name} (${cast.antagonist.role}). ` +
      `Luoghi principali: ${cast.places.join(", ")}. ` +
      "Lascia sempre al giocatore le decisioni importanti e chiudi ogni turno con tre scelte numerate.",
    special_instructions: renderTemplate(
      "{Oggetto} è l'elemento chiave della trama: fall{o:o/a} comparire presto e ricordane l'importanza nei momenti decisivi.",
      cast,
    ),
    preferred_vocabulary: capitalize(VOCABULARY[genre]),
    forbidden_topics: "violenza gratuita, contenuti sessuali espliciti, discriminazioni",
    ...STYLES[genre],
  };
  return Object.fromEntries(fields.filter((f) => f in values).map((f) => [f, values[f]!]));
}
