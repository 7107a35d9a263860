/**
 * Choice formatting of assistant replies (spec §2 Game chat): list items that begin with
 * 1, 2 or 3 followed by a dot, parenthesis or hyphen become A), B), C).
 *
 * Only list lines qualify (issue 22 §4): the marker starts its line (optionally after a bullet or a
 * bold mark), is followed by a space, and the three items 1, 2, 3 follow each other (blank lines
 * between them allowed). Prose keeps its numbers: "1.500 uomini", "3-4 guardie", "Hai 3 monete".
 */

import type { ChoiceLetter } from "./commands";

const LETTERS: Record<string, ChoiceLetter> = { "1": "A", "2": "B", "3": "C" };
/**
 * A list item numbered 1, 2 or 3: prefix (indent, bullet, bold), the digit, the marker ('.', ')',
 * '-'), a bold mark closed after it ('**1.** Entra'), then a space and text.
 */
const NUMBERED_ITEM = /^(\s*(?:[-*]\s+)?(?:\*\*)?)([123])(?:[.)]|\s*-)(\*\*)?\s+(?=\S)/;
/** The last line of a text still being written that may yet become the run's next item ('2', '- 3.'). */
const ITEM_BEING_WRITTEN = /^\s*(?:[-*]\s*)?\**[123]?\s*[.)-]?\**\s*$/;

export interface FormatChoicesOptions {
  /**
   * The text is still being written (a streaming narration): a run of items that reaches the end
   * of the text ('1.', or '1.' and '2.') counts as the start of the choices, so they do not show
   * as numbers first and letters a moment later. Default false.
   */
  partial?: boolean;
}

/** Indexes of the lines holding the 1-2-3 runs of `lines`. */
function choiceLines(lines: string[], partial: boolean): Set<number> {
  const found = new Set<number>();
  for (let start = 0; start < lines.length; start++) {
    if (NUMBERED_ITEM.exec(lines[start]!)?.[2] !== "1") continue;
    const run = [start];
    let next = start + 1;
    while (run.length < 3 && next < lines.length) {
      if (lines[next]!.trim() === "") {
        next++;
        continue;
      }
      if (NUMBERED_ITEM.exec(lines[next]!)?.[2] !== String(run.length + 1)) break;
      run.push(next++);
    }
    const rest = lines.slice(next).filter((line) => line.trim() !== "");
    const reachesEnd = rest.length === 0 || (rest.length === 1 && next === lines.length - 1 && ITEM_BEING_WRITTEN.test(rest[0]!));
    if (run.length === 3 || (partial && reachesEnd)) run.forEach((index) => found.add(index));
  }
  return found;
}

/**
 * Rewrites numbered choices as lettered ones.
 * Input: narration text (markdown) and options (`partial`: the text is still streaming). Output:
 * the same text with the '1.'/'1)'/'1 -' items of a 1-2-3 list run replaced by 'A)' (2 → B,
 * 3 → C); every other line unchanged.
 */
export function formatChoices(text: string, options: FormatChoicesOptions = {}): string {
  const lines = text.split("\n");
  const choices = choiceLines(lines, options.partial ?? false);
  if (choices.size === 0) return text;
  return lines
    .map((line, index) => (choices.has(index) ? line.replace(NUMBERED_ITEM, (_m, prefix: string, digit: string, bold = "") => `${prefix}${LETTERS[digit]})${bold} `) : line))
    .join("\n");
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
