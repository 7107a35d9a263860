/**
 * The choice grammar (spec §2 Game chat; issue 22 §4; issue 38 §1), one parser for the server
 * (ai/choice-contract.ts) and the web (narration, speech): how a line reads as a choice item, and
 * where a narration's choice block is.
 *
 * A choice item is a list line: an optional indent, bullet (-, *, +, •) and bold mark, then a
 * marker, then a space and the text (or nothing). Markers: a number and '.', ')' or a hyphen
 * ('1.', '1)', '1 -', '1- '), a letter and ')' ('A)', 'a)'), an upper-case A, B or C and a dot
 * ('A.', a choice only inside a run A., B., C.), or 'Opzione A:' / 'Scelta 1:'; a bold mark may
 * close right after the marker ('**A)** Entra'). The marker must be followed by a space (or end
 * the line): '3-4 guardie', '1.500 uomini', '2.30', '3.10.1943', '1)Apri' are prose.
 *
 * The choice block is the LAST run of exactly three items marked 1, 2, 3 (or A, B, C), in this
 * order (blank lines between them allowed), followed by at most one short closing line ('Cosa
 * scegli?'). Every line before it is prose.
 */

import type { ChoiceLetter } from "./commands";

const LETTERS: readonly ChoiceLetter[] = ["A", "B", "C"];

/**
 * A choice item: 1 prefix (indent, bullet, bold), 2 'Opzione '/'Scelta ' word, 3 digits, 4 their
 * marker, 5 letter with ')', 6 A-C with '.', 7 bold mark closing the marker, 8 the text.
 */
const ITEM =
  /^(\s*(?:[-*+•]\s+)?(?:\*\*)?)(?:((?:[Oo]pzione|[Ss]celta)\s+)(?:(\d{1,2})|([A-Za-z]))\s*[:.)-]|(\d{1,2})(\.|\)|\s*-)|([A-Za-z])\)|([ABC])\.)(\*\*)?(?=\s|$)\s*(.*)$/;
/** A line the site reads as a choice once formatted: bullet '-' or '*' only, no 'Opzione', no 'A.'. */
const READABLE_PREFIX = /^\s*(?:[-*]\s+)?(?:\*\*)?$/;
/** The last line of a text still being written that may yet become the run's next item ('2', '- 3.'). */
const ITEM_BEING_WRITTEN = /^\s*(?:[-*]\s*)?\**[123]?\s*[.)-]?\**\s*$/;
/** Longest line after the choices still read as a closing question ('Cosa scegli?'), in characters. */
export const CLOSING_LINE_MAX = 160;

/** One line read as a choice item. */
export interface ChoiceItemLine {
  /** The line as written. */
  line: string;
  /** 1-based position its marker names (1 or A → 1, 2 or B → 2, …). */
  position: number;
  /** 'number' (1., 1), 1 -, Opzione 1:) or 'letter' (A), a), A., Opzione A:). */
  family: "number" | "letter";
  /** An 'A.' marker: a choice only inside a run A., B., C. (else 'A. Rossi' is prose). */
  letterDot: boolean;
  /**
   * The site reads it as a choice (formatChoices/extractChoices): '1.', '1)', '1 -' or an
   * upper-case 'A)', optionally after a '-'/'*' bullet and bold marks.
   */
  readable: boolean;
  /** The text before the marker's number or letter (indent, bullet, bold). */
  prefix: string;
  /** The choice without marker, emphasis and surrounding spaces. */
  text: string;
}

/**
 * Reads one line as a choice item (grammar above).
 * Input: one line. Output: the item, or null when the line is prose ('3-4 guardie', '1.500 uomini',
 * '12.30: il treno', 'S. Marco'). Never throws.
 */
export function readChoiceItem(line: string): ChoiceItemLine | null {
  const m = ITEM.exec(line);
  if (!m) return null;
  const [, prefix = "", word, wordDigits, wordLetter, digits, , letter, dotLetter, , rest = ""] = m;
  const number = wordDigits ?? digits;
  const char = wordLetter ?? letter ?? dotLetter;
  const position = number ? Number(number) : char!.toUpperCase().charCodeAt(0) - 64;
  const readable = !word && !dotLetter && READABLE_PREFIX.test(prefix) && (number !== undefined || /[A-Z]/.test(char!));
  return {
    line,
    position,
    family: number ? "number" : "letter",
    letterDot: dotLetter !== undefined,
    readable,
    prefix,
    text: rest.replace(/\*\*/g, "").replace(/\s+/g, " ").trim(),
  };
}

/** Where the choice block of a narration is, by line index. */
export interface ChoiceBlockLines {
  /** Indexes of the three item lines, in order. */
  indexes: [number, number, number];
  /** The three items. */
  items: [ChoiceItemLine, ChoiceItemLine, ChoiceItemLine];
  /** Index of the one short closing line after them ('Cosa scegli?'), or null. */
  closing: number | null;
}

/** The three non-blank lines ending at `end` (inclusive) as an ordered 1-2-3 / A-B-C run, or null. */
function runOfThree(lines: readonly string[], end: number): Pick<ChoiceBlockLines, "indexes" | "items"> | null {
  const indexes: number[] = [];
  const items: ChoiceItemLine[] = [];
  for (let i = end; i >= 0 && items.length < 3; i--) {
    if (!lines[i]!.trim()) continue;
    const item = readChoiceItem(lines[i]!);
    if (!item || item.position !== 3 - items.length) return null;
    indexes.unshift(i);
    items.unshift(item);
  }
  if (items.length !== 3) return null;
  const [a, b, c] = items as [ChoiceItemLine, ChoiceItemLine, ChoiceItemLine];
  if (a.family !== b.family || b.family !== c.family) return null;
  // 'A.' is a marker only when the three lines are A., B., C.
  if (items.some((item) => item.letterDot) && !items.every((item) => item.letterDot)) return null;
  return { indexes: indexes as [number, number, number], items: [a, b, c] };
}

/**
 * Finds the choice block of a narration (grammar above): the last run of exactly three items
 * 1, 2, 3 or A, B, C in order that ends the text, or is followed by one closing line of at most
 * {@link CLOSING_LINE_MAX} characters that is not an item. Trailing blank lines are ignored.
 * Input: the narration's lines (split on '\n'). Output: the block, or null when the narration does
 * not end with one (no choices, two, four, out of order, followed by a paragraph). Never throws.
 */
export function findChoiceBlock(lines: readonly string[]): ChoiceBlockLines | null {
  let last = lines.length - 1;
  while (last >= 0 && !lines[last]!.trim()) last--;
  if (last < 0) return null;
  const direct = runOfThree(lines, last);
  if (direct) return { ...direct, closing: null };
  const closingLine = lines[last]!;
  if (closingLine.trim().length > CLOSING_LINE_MAX || readChoiceItem(closingLine)) return null;
  const before = runOfThree(lines, last - 1);
  return before ? { ...before, closing: last } : null;
}

export interface FormatChoicesOptions {
  /**
   * The text is still being written (a streaming narration): a run of items that reaches the end
   * of the text ('1.', or '1.' and '2.') counts as the start of the choices, so they do not show
   * as numbers first and letters a moment later. Default false.
   */
  partial?: boolean;
}

/** Indexes of the lines of a 1 / 1-2 run of readable numbered items that ends a text still being written. */
function partialRun(lines: readonly string[]): number[] {
  let end = lines.length - 1;
  if (end >= 0 && ITEM_BEING_WRITTEN.test(lines[end]!)) end--;
  const run: number[] = [];
  for (let i = end; i >= 0; i--) {
    if (!lines[i]!.trim()) continue;
    const item = readChoiceItem(lines[i]!);
    if (!item || item.family !== "number" || !item.readable) break;
    run.unshift(i);
    if (item.position === 1) break;
  }
  const positions = run.map((i) => readChoiceItem(lines[i]!)!.position);
  return positions.length > 0 && positions.length < 3 && positions.every((p, k) => p === k + 1) ? run : [];
}

/**
 * Rewrites numbered choices as lettered ones (spec §2: 1/2/3 + dot, parenthesis or hyphen become
 * A) B) C)).
 * Input: narration text (markdown) and options (`partial`: the text is still streaming). Output:
 * the same text with the readable '1.'/'1)'/'1 -' items of its choice block ({@link findChoiceBlock};
 * while streaming, also a 1 or 1-2 run that reaches the end) replaced by 'A)' (2 → B, 3 → C);
 * every other line, numbered clues in the prose included, unchanged.
 */
export function formatChoices(text: string, options: FormatChoicesOptions = {}): string {
  const lines = text.split("\n");
  const block = findChoiceBlock(lines);
  let indexes: number[] = [];
  if (block && block.items.every((item) => item.family === "number" && item.readable)) indexes = block.indexes;
  else if (!block && options.partial) indexes = partialRun(lines);
  if (indexes.length === 0) return text;
  const chosen = new Set(indexes);
  return lines
    .map((line, index) => {
      if (!chosen.has(index)) return line;
      const item = readChoiceItem(line)!;
      const m = ITEM.exec(line)!;
      const bold = m[9] ?? "";
      return `${item.prefix}${LETTERS[item.position - 1]})${bold} ${m[10] ?? ""}`;
    })
    .join("\n");
}

/**
 * Extracts the three choices of a narrated turn.
 * Input: narration text. Output: a map letter → choice text (without markdown emphasis): the items
 * of its choice block ({@link findChoiceBlock}, any marker style); without a block, the 'A)'/'B)'/
 * 'C)' lines (after {@link formatChoices}) it has, the last of each letter. Missing letters are absent.
 */
export function extractChoices(text: string): Partial<Record<ChoiceLetter, string>> {
  const block = findChoiceBlock(text.split("\n"));
  const out: Partial<Record<ChoiceLetter, string>> = {};
  if (block) {
    block.items.forEach((item, i) => {
      if (item.text) out[LETTERS[i]!] = item.text;
    });
    return out;
  }
  for (const line of formatChoices(text).split("\n")) {
    const item = readChoiceItem(line);
    if (item?.readable && item.family === "letter" && item.position <= 3 && item.text) out[LETTERS[item.position - 1]!] = item.text;
  }
  return out;
}
