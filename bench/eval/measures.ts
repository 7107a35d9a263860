/**
 * The eval's per-narration measures (issue 38 §5), pure functions over text: the language (franc-min,
 * a maintained trigram detector of 82 languages: ISO 639-3 'ita' is Italian), the share of a
 * narration's word 3-grams already in the previous narration, and whether a text names a word.
 * Prose is read with the server's own choice grammar (ai/choice-contract.ts readChoiceBlock), so the
 * three choices do not count as prose.
 */

import { franc } from "franc-min";
import { readChoiceBlock } from "../../src/server/domain/ai/choice-contract";

/** The prose of a narration: its text without the trailing choice block. */
export function proseOf(narration: string): string {
  return readChoiceBlock(narration).prose;
}

/** True when franc-min detects the narration's prose as Italian ('ita'); 'und' (too short, under 10 characters) is not. */
export function isItalian(narration: string): boolean {
  return franc(proseOf(narration)) === "ita";
}

/** The words of a text, lower-cased (letters and digits; apostrophes and punctuation split words). */
function words(text: string): string[] {
  return text.toLocaleLowerCase("it").match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The distinct word 3-grams of a text. */
function trigrams(text: string): Set<string> {
  const w = words(text);
  const grams = new Set<string>();
  for (let i = 0; i + 2 < w.length; i++) grams.add(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
  return grams;
}

/**
 * Repetition of a narration: the share (0–1) of its prose's distinct word 3-grams that also occur
 * in the previous narration's prose. Output: null when the narration has no 3-gram.
 */
export function repeatedShare(previous: string, narration: string): number | null {
  const current = trigrams(proseOf(narration));
  if (current.size === 0) return null;
  const before = trigrams(proseOf(previous));
  let repeated = 0;
  for (const gram of current) if (before.has(gram)) repeated++;
  return repeated / current.size;
}

/** True when `text` holds `word` as a whole word, ignoring case. */
export function names(text: string, word: string): boolean {
  return words(text).includes(word.toLocaleLowerCase("it"));
}

/** The mean of the numbers, or null for none. */
export function mean(values: readonly number[]): number | null {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}
