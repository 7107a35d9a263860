/**
 * Choice formatting of assistant replies (spec §2 Game chat): list items that begin with
 * 1, 2 or 3 followed by a dot, parenthesis or hyphen become A), B), C).
 */

import type { ChoiceLetter } from "./commands";

const LETTERS: Record<string, ChoiceLetter> = { "1": "A", "2": "B", "3": "C" };
const NUMBERED_ITEM = /^(\s*(?:[-*]\s+)?(?:\*\*)?)([123])\s*[.)-]\s*/gm;

/**
 * Rewrites numbered choices as lettered ones.
 * Input: narration text (markdown). Output: the same text with '1.'/'1)'/'1 -' items (at a
 * line start, optionally after a bullet or bold marker) replaced by 'A)' (2 → B, 3 → C).
 */
export function formatChoices(text: string): string {
  return text.replace(NUMBERED_ITEM, (_m, prefix: string, digit: string) => `${prefix}${LETTERS[digit]}) `);
}

/**
 * Extracts the three choices of a narrated turn, after formatting.
 * Output: a map letter → choice text (without markdown emphasis); missing letters are absent.
 */
export function extractChoices(text: string): Partial<Record<ChoiceLetter, string>> {
  const out: Partial<Record<ChoiceLetter, string>> = {};
  for (const line of formatChoices(text).split("\n")) {
    const m = /^\s*(?:[-*]\s+)?(?:\*\*)?([ABC])\)\s*(.+)$/.exec(line);
    if (m) out[m[1] as ChoiceLetter] = m[2]!.replace(/\*\*/g, "").trim();
  }
  return out;
}
