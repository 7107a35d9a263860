/**
 * Facts found in a narration without a provider's extraction (issue 11 §1 'Ricordi'; issue 38 §2;
 * ADR 0009): the names the story already knows — the offline storyteller's cast and places (it
 * wrote them), the group players' characters, the game's stored facts — that the narration
 * mentions, each with the sentence(s) mentioning it. Nothing is guessed from capital letters.
 */

import type { FactKind } from "../../../shared/schemas/memory";
import { MAX_FACT_TEXT_LENGTH, MAX_FACT_TITLE_LENGTH } from "../../../shared/schemas/memory";
import type { Cast } from "../ai/offline/template";
import { fold } from "./normalize";

/** A fact as found: what storeFoundFacts writes. */
export interface FoundFact {
  kind: FactKind;
  title: string;
  /** The sentences mentioning it, in order, at most MAX_FACT_TEXT_LENGTH characters. */
  text: string;
}

/** A name the story already knows, with its kind. */
export interface KnownName {
  title: string;
  kind: FactKind;
}

/** The narration's sentences, without markdown emphasis and without the trailing choices. */
export function sentencesOf(narration: string): string[] {
  return narration
    .replace(/[*_#`]/g, "")
    .split(/\n+/)
    .filter((line) => !/^\s*(?:[ABC]\)|[123][.)])\s/.test(line))
    .flatMap((line) => line.split(/(?<=[.!?…])\s+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** The offline storyteller's cast as known names (companion, antagonist, places, object). */
export function castNames(cast: Cast): KnownName[] {
  return [
    { title: cast.companion.name, kind: "alleato" },
    { title: cast.antagonist.name, kind: "nemico" },
    ...cast.places.map((title) => ({ title, kind: "luogo" as const })),
    { title: cast.object, kind: "oggetto" },
  ];
}

/** True when the folded `sentence` names `title` (folded) as whole words: 'ada' is in 'ada ride', not in 'la strada'. */
function mentions(sentence: string, title: string): boolean {
  if (title.length === 0) return false;
  for (let at = sentence.indexOf(title); at >= 0; at = sentence.indexOf(title, at + 1)) {
    const before = sentence.slice(0, at);
    const after = sentence.slice(at + title.length);
    if (!/[\p{L}\p{N}]$/u.test(before) && !/^[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}

/** Cuts a text to `max` characters at a word boundary, with '…'. */
function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 1))}…`;
}

/** A leading definite article: a place is 'la Torre di Vetronero' but written 'alla Torre di Vetronero'. */
const ARTICLE = /^(?:il|lo|la|i|gli|le)\s+|^l['’]/u;

/**
 * The facts of a narration (issue 38 §2: only names the story knows).
 * Input: the narration text and the names already known. Output: one {@link FoundFact} per known
 * name the narration mentions as whole words (case, accents and a leading article ignored), with
 * the known title and kind and the sentences mentioning it; deduplicated by title (case and
 * accents ignored), in the order of `known`. Never throws.
 */
export function mentionedFacts(narration: string, known: readonly KnownName[]): FoundFact[] {
  const sentences = sentencesOf(narration).map((sentence) => ({ sentence, folded: fold(sentence) }));
  const found = new Map<string, FoundFact>();
  for (const name of known) {
    const key = fold(name.title);
    const spoken = key.replace(ARTICLE, "");
    if (found.has(key)) continue;
    const said = sentences.filter((s) => mentions(s.folded, spoken)).map((s) => s.sentence);
    if (said.length === 0) continue;
    found.set(key, { kind: name.kind, title: bounded(name.title, MAX_FACT_TITLE_LENGTH), text: bounded(said.join(" "), MAX_FACT_TEXT_LENGTH) });
  }
  return [...found.values()];
}

/**
 * A fact's text after a new mention (the fact is updated when seen again): its first sentences
 * (how it was introduced) and the newest ones, the middle dropped to stay within
 * MAX_FACT_TEXT_LENGTH. Input: the stored text and the new sentences. Output: the new text.
 */
export function mergedFactText(stored: string, added: string): string {
  const parts = [...new Set([...sentencesOf(stored), ...sentencesOf(added)])];
  while (parts.length > 2 && parts.join(" ").length > MAX_FACT_TEXT_LENGTH) parts.splice(1, 1);
  return bounded(parts.join(" "), MAX_FACT_TEXT_LENGTH);
}
