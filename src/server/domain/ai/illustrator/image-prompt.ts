/**
 * Text side of a scene image (issue 3; spec §7 generate-image and the title call): the scene
 * taken from the latest narration, the image prompt, and the title (asked of the chat model,
 * cleaned here; 'Scena generata' when nothing usable comes back).
 */

import type { GenreName } from "../../../../shared/genres";
import { FALLBACK_TITLE } from "./types";

/** Visual style per genre, in English (image models follow English best). */
const GENRE_STYLE: Record<GenreName, string> = {
  Fantasy: "epic high-fantasy painting, magical light, rich purples and gold",
  Storico: "historical oil painting, warm candlelight, sepia and amber tones",
  Giallo: "moody noir mystery illustration, dramatic shadows, mustard and charcoal",
  Guerra: "gritty war illustration, smoke and dust, desaturated olive and grey",
  Avventura: "adventurous expedition painting, vast landscape, emerald and teal",
  Romantico: "romantic dreamy illustration, soft glow, rose and peach tones",
  "Sci-Fi": "cinematic science-fiction concept art, cold blue light, cyan accents",
  Horror: "dark gothic horror illustration, deep shadows, crimson and black",
  Thriller: "tense cinematic thriller still, cold slate light, high contrast",
  Commedia: "bright playful cartoon illustration, sunny saturated colours",
  Western: "wild west painting, dusty sunset, orange and sand tones",
  Cyberpunk: "cyberpunk neon city concept art, magenta and cyan neon, rain",
  Steampunk: "steampunk illustration, brass and copper machinery, warm steam",
  Distopico: "dystopian concept art, bleak grey skies, toxic green accents",
};

/** Longest scene text put into a prompt, in characters. */
const MAX_SCENE_CHARS = 700;

/**
 * The scene of a narration as plain text: markdown marks dropped, the A), B), C) choice lines
 * (and the question introducing them) removed, whitespace collapsed, cut at a word boundary.
 * Input: a stored narration. Output: at most 700 characters (may be '').
 */
export function sceneFromNarration(narration: string): string {
  const lines = narration
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "")
    .filter((l) => !/^(?:[-*]\s*)?(?:\*\*)?(?:[ABC1-3])(?:\*\*)?\s*[).:-]/.test(l))
    .filter((l) => !/^\[Immagine della scena/i.test(l));
  let text = lines
    .join(" ")
    .replace(/[*_`#>~[\]]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  // The closing question ("Cosa fai?") adds nothing to a picture.
  text = text.replace(/\s*(?:Cosa fai|Che cosa fai|Cosa decidi|Quale strada scegli)\?\s*$/i, "").trim();
  if (text.length <= MAX_SCENE_CHARS) return text;
  const cut = text.slice(0, MAX_SCENE_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), MAX_SCENE_CHARS - 40))}…`;
}

/**
 * The image prompt (issue 3): a concise visual description of the scene in the genre's style,
 * 16:9 framing, and no text at all in the picture.
 */
export function buildImagePrompt(scene: string, genre: GenreName): string {
  return [
    `Cinematic 16:9 illustration, ${GENRE_STYLE[genre]}.`,
    `Scene (described in Italian): ${scene}`,
    "Show the place, the light and the mood of this moment as one wide establishing shot.",
    "No text, no letters, no words, no captions, no signs with writing, no watermark, no logo.",
  ].join("\n");
}

/** System prompt of the title call (spec §7: a system prompt asking for a short title). */
export const TITLE_SYSTEM_PROMPT =
  "Sei un titolista. Ricevi la descrizione di una scena di una storia interattiva e rispondi SOLO con " +
  "un titolo breve ed evocativo in italiano per un'illustrazione di quella scena: da 2 a 6 parole, " +
  "senza virgolette, senza punto finale, senza emoji, senza spiegazioni.";

/** Longest title kept, in characters. */
export const MAX_TITLE_CHARS = 80;

/**
 * Cleans what the chat model answered into a title: first non-empty line, labels such as
 * 'Titolo:' and surrounding quotes or markdown removed, at most 8 words and 80 characters.
 * Output: the title, or 'Scena generata' when nothing is left.
 */
export function cleanTitle(raw: string | null | undefined): string {
  const line = (raw ?? "")
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l !== "");
  if (!line) return FALLBACK_TITLE;
  let title = line
    .replace(/^titolo\s*[:\-–]\s*/i, "")
    .replace(/[*_`#]/g, "")
    .replace(/^["'«“‘\s]+|["'»”’\s]+$/g, "")
    .replace(/[.!;:,\s]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
  title = title.split(" ").slice(0, 8).join(" ");
  if (title.length > MAX_TITLE_CHARS) title = title.slice(0, title.lastIndexOf(" ", MAX_TITLE_CHARS) > 20 ? title.lastIndexOf(" ", MAX_TITLE_CHARS) : MAX_TITLE_CHARS);
  return title || FALLBACK_TITLE;
}
