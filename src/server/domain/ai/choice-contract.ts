/**
 * The choice contract (issue 11 §3; spec §1, §2 Game chat): every stored narration ends with
 * exactly three choices A), B), C) and nothing after them. This module reads the trailing choice
 * block of a narration, tells whether it keeps the contract, writes the canonical form, and
 * repairs a narration that breaks it ({@link keepChoiceContract}). It does no I/O itself.
 */

import { findChoiceBlock, readChoiceItem, type ChoiceItemLine } from "../../../shared/choices";
import type { ChoiceLetter } from "../../../shared/commands";
import type { ChoiceContractOutcome } from "../../platform/ops/metrics";
import type { ThreeChoices } from "./types";

const LETTERS: readonly ChoiceLetter[] = ["A", "B", "C"];

/**
 * The three choices any story can continue from, used when the repair fails (provider error,
 * timeout, or a reply that still is not three choices): wait and watch, look for help or
 * information, act at once.
 */
export const GENERIC_CHOICES: ThreeChoices = [
  "Mi fermo a osservare con attenzione ciò che mi circonda",
  "Cerco qualcuno o qualcosa che possa aiutarmi a capire",
  "Agisco d'istinto e affronto subito la situazione",
];

/** One line of a trailing choice block. */
export interface ChoiceItem {
  /** The line as written. */
  line: string;
  /** 1-based position its marker names (1 or A → 1, 2 or B → 2, …). */
  position: number;
  /** The choice without marker, emphasis and surrounding spaces. */
  text: string;
}

export interface ChoiceBlock {
  /** The narration before its trailing choice block, without trailing whitespace. */
  prose: string;
  /** Items of the trailing block, in order; [] when the narration does not end with a list. */
  items: ChoiceItem[];
}

function toItem(item: ChoiceItemLine): ChoiceItem {
  return { line: item.line, position: item.position, text: item.text };
}

/** The lines of a narration, without trailing whitespace. */
function linesOf(text: string): string[] {
  return text.trimEnd().split(/\r?\n/);
}

/**
 * Splits a narration into its prose and its trailing choice block (issue 38 §1: no prose line is
 * lost). Input: narration text (markdown). Output: {prose, items}. When the text ends with a choice
 * block (shared/choices.ts findChoiceBlock: the last run of exactly three items 1, 2, 3 or A, B, C,
 * with no closing line after it), items are those three and prose is every line before them. Else
 * items are the broken block that ends the text: its trailing run of list items (blank lines
 * between them allowed), from the last item marked 1 or A when it has one ('1. Entra\n2. Torna',
 * four items, out of order); lines before it, numbered clues included, are prose. Prose is joined
 * with '\n', without trailing whitespace; items followed by more prose are prose. Never throws.
 */
export function readChoiceBlock(text: string): ChoiceBlock {
  const lines = linesOf(text);
  const block = findChoiceBlock(lines);
  if (block && block.closing === null) {
    return { prose: lines.slice(0, block.indexes[0]).join("\n").trimEnd(), items: block.items.map(toItem) };
  }
  const items: ChoiceItem[] = [];
  let start = lines.length;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.trim()) continue;
    const item = readChoiceItem(line);
    // 'A. Rossi' is prose unless the three lines are A., B., C. (a block, above).
    if (!item || item.letterDot) break;
    items.unshift(toItem(item));
    start = i;
  }
  const first = items.map((item) => item.position).lastIndexOf(1);
  if (first > 0) {
    start = lines.indexOf(items[first]!.line, start);
    items.splice(0, first);
  }
  return { prose: lines.slice(0, start).join("\n").trimEnd(), items };
}

/** The block's three choice texts when it has exactly three non-empty items marked 1, 2, 3 (or A, B, C) in order. */
function orderedChoices(block: ChoiceBlock): ThreeChoices | null {
  const { items } = block;
  if (items.length !== 3 || items.some((item, i) => item.position !== i + 1 || !item.text)) return null;
  return [items[0]!.text, items[1]!.text, items[2]!.text];
}

/**
 * Whether a narration keeps the choice contract: it ends with exactly three items that the site
 * reads as A), B), C) in this order ('1.', '1)', '1 -' or 'A)', optionally after a bullet or bold
 * marker; see shared/choices.ts), each with a text, and nothing after them. A fourth item ('4.',
 * 'D)') or a choice list followed by more prose breaks it. Input: narration text. Never throws.
 */
export function keepsChoiceContract(text: string): boolean {
  const block = findChoiceBlock(linesOf(text));
  return block !== null && block.closing === null && block.items.every((item) => item.readable && item.text);
}

/**
 * Puts a narration back together in the canonical form: the prose, a blank line, then
 * 'A) …', 'B) …', 'C) …' on their own lines (just the three lines when the prose is empty).
 * Input: prose (markdown) and three one-line choice texts. Output: the narration. Never throws.
 */
export function withChoices(prose: string, choices: ThreeChoices): string {
  const list = choices.map((choice, i) => `${LETTERS[i]}) ${choice}`).join("\n");
  const head = prose.trimEnd();
  return head ? `${head}\n\n${list}` : list;
}

/**
 * Reads the reply of a choice repair: three choices marked 1, 2, 3 (or A, B, C) at its end; a
 * line of introduction before them is ignored. Input: the model's reply. Output: the three
 * choice texts, or null when the reply is not exactly three choices.
 */
export function parseChoiceReply(reply: string): ThreeChoices | null {
  return orderedChoices(readChoiceBlock(reply));
}

/**
 * Three ordered choices followed by one short closing line ('Cosa fai?', 'A te la scelta.', at most
 * CLOSING_LINE_MAX characters, shared/choices.ts): models often ask the question after the list.
 * Output: the prose and the choices without that line, or null when the text does not end that way.
 */
function choicesBeforeClosingLine(text: string): { prose: string; choices: ThreeChoices } | null {
  const lines = linesOf(text);
  const block = findChoiceBlock(lines);
  if (!block || block.closing === null) return null;
  const [a, b, c] = block.items.map((item) => item.text);
  return a && b && c ? { prose: lines.slice(0, block.indexes[0]).join("\n").trimEnd(), choices: [a, b, c] } : null;
}

export interface KeptNarration {
  /** The narration to store. */
  text: string;
  /**
   * 'kept': it already kept the contract; 'rewritten': three ordered choices in a form the site
   * does not read (e.g. 'a)', '• 1.') or followed by one short closing line ('Cosa scegli?', then
   * dropped) were rewritten as A), B), C) without a call; 'repaired':
   * the narrator wrote the three choices; 'generic': the repair failed, GENERIC_CHOICES were used.
   */
  outcome: ChoiceContractOutcome;
}

/**
 * Makes a finished narration keep the choice contract (issue 11 §3). Its prose is kept; a
 * trailing block that is not exactly three choices (none, two, four…) is replaced by the three
 * choices `repair` returns for that prose, or by {@link GENERIC_CHOICES} when `repair` throws or
 * returns texts that are not three non-empty lines. Only for narrations that ended normally: a
 * narration stopped by the player ('Stop') is stored as the player left it, and its caller does
 * not call this.
 * Input: the narration (trimmed) and `repair(prose) → three choice texts` (bounded in time by the
 * caller). Output: {@link KeptNarration}. Never throws.
 */
export async function keepChoiceContract(narration: string, repair: (prose: string) => Promise<ThreeChoices>): Promise<KeptNarration> {
  if (keepsChoiceContract(narration)) return { text: narration, outcome: "kept" };
  const block = readChoiceBlock(narration);
  const ordered = orderedChoices(block);
  if (ordered) return { text: withChoices(block.prose, ordered), outcome: "rewritten" };
  const closed = choicesBeforeClosingLine(narration);
  if (closed) return { text: withChoices(closed.prose, closed.choices), outcome: "rewritten" };
  try {
    const choices = (await repair(block.prose)).map((c) => c.replace(/\s+/g, " ").trim());
    const [a, b, c] = choices;
    if (choices.length === 3 && a && b && c) return { text: withChoices(block.prose, [a, b, c]), outcome: "repaired" };
  } catch {
    // The repair failed (provider error, timeout): the generic choices below.
  }
  return { text: withChoices(block.prose, GENERIC_CHOICES), outcome: "generic" };
}
