/**
 * Facts found in a narration without a provider (issue 11 §1 'Ricordi', offline; ADR 0009): the
 * names in the text, each with the sentence(s) mentioning it.
 *
 * A name is a sequence of capitalised words that does not open a sentence (a sentence's first
 * word is capitalised anyway), or one that does when it is already known (the offline
 * storyteller's cast and places, the game's facts), is also written inside a sentence of the same
 * narration, or is introduced by an apposition ("Elena, tua sorella, …").
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

/** Words that open sentences in Italian narration and are never names. */
const OPENERS = new Set(
  "allora intanto poi infine dunque eppure ora adesso ecco sì si no forse certo ebbene quindi tuttavia inoltre ma e oh ah ehi però quando mentre dove come perché chi cosa qui là lì".split(" "),
);

/** An apposition after a name at a sentence's start: "Elena, tua sorella, …". */
const APPOSITION = /^,\s+(?:tuo|tua|tuoi|tue|suo|sua|mio|mia|il|lo|la|l'|l’|un|una|uno|un'|un’|vostro|vostra)\b/iu;

/** Capitalised words, possibly joined by particles: 'Elena', 'Giulia Dal Bosco', 'Porto di Valmora'. */
const NAME = /\p{Lu}[\p{L}'’-]+(?:\s+(?:(?:di|de|del|della|da|dal|dalla|van|von)\s+)?\p{Lu}[\p{L}'’-]+)*/gu;

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

/** True when the folded `sentence` names `title` (folded) as whole words: 'Ada' is in 'Ada ride', not in 'la strada'. */
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

/**
 * The facts of a narration.
 * Input: the narration text and the names already known (cast, the game's facts). Output: one
 * {@link FoundFact} per name found (deduplicated by title, case and accents ignored), kind
 * 'personaggio' for a name followed by an apposition, the known name's kind, else 'altro'.
 */
export function factsInNarration(narration: string, known: readonly KnownName[]): FoundFact[] {
  const sentences = sentencesOf(narration);
  const knownByKey = new Map(known.map((k) => [fold(k.title), k]));
  const found = new Map<string, { title: string; kind: FactKind; sentences: Set<string> }>();
  const add = (title: string, kind: FactKind, sentence: string) => {
    const key = fold(title);
    const entry = found.get(key) ?? { title, kind, sentences: new Set<string>() };
    entry.sentences.add(sentence);
    found.set(key, entry);
  };
  // Names written inside a sentence: they make the same word at a sentence's start a name too.
  const inner = new Set<string>();
  for (const sentence of sentences) {
    for (const match of sentence.matchAll(NAME)) if (match.index > 0) inner.add(fold(match[0]));
  }
  for (const sentence of sentences) {
    const folded = fold(sentence);
    for (const k of known) if (mentions(folded, fold(k.title))) add(k.title, k.kind, sentence);
    for (const match of sentence.matchAll(NAME)) {
      let name = match[0];
      let kind: FactKind = knownByKey.get(fold(name))?.kind ?? "altro";
      if (match.index === 0) {
        const key = fold(name);
        const introduced = !OPENERS.has(key) && APPOSITION.test(sentence.slice(name.length));
        if (introduced) kind = "personaggio";
        else if (!knownByKey.has(key) && !inner.has(key)) {
          // "Poi Elena …": the sentence's first word is not part of the name.
          name = name.split(/\s+/).slice(1).join(" ").replace(/^(?:\p{Ll}+\s+)+/u, "");
          kind = knownByKey.get(fold(name))?.kind ?? "altro";
        }
      }
      if (name.length < 3 || OPENERS.has(fold(name))) continue;
      add(name, kind, sentence);
    }
  }
  return [...found.values()].map(({ title, kind, sentences: said }) => ({
    kind,
    title: bounded(title, MAX_FACT_TITLE_LENGTH),
    text: bounded([...said].join(" "), MAX_FACT_TEXT_LENGTH),
  }));
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
