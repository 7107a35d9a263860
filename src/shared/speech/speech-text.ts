/**
 * What is read aloud of a narration (issue 13, Listen): the narration's sentences as plain text
 * (markdown marks dropped), then, once the narration is complete, its choices as
 * 'Scelta A: …', 'Scelta B: …', 'Scelta C: …'.
 */

import { formatChoices } from "../choices";
import { splitSentences } from "./sentences";

/** Most parts one narration can be read in (a bound on the speech route's ?part, issue 39). */
export const MAX_SPEECH_PARTS = 1000;

/** One thing to say, and what to highlight on the page while it is said. */
export interface SpeechSegment {
  /** The words given to the speech synthesis. */
  speak: string;
  /** The text as the page shows it (a sentence, or a choice without its 'A)'). */
  show: string;
  /** How many non-space characters of the shown narration come before `show` (a search hint). */
  hint: number;
}

/** A choice line after formatChoices: 'A) …', optionally after a bullet or bold marker. */
const CHOICE_LINE = /^\s*(?:[-*+]\s+)?(?:\*\*)?([ABC])\)\s*(.+)$/;

/** Markdown block marks at a line start: headings, quotes, bullets, numbers; rules become nothing. */
function stripBlock(line: string): string {
  if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) return "";
  return line
    .replace(/^\s{0,3}#{1,6}\s+/, "")
    .replace(/^(\s*>\s?)+/, "")
    .replace(/^\s*[-*+]\s+/, "")
    .replace(/^\s*\d+[.)]\s+/, "");
}

/** Markdown inline marks: images dropped, links become their text, emphasis/code marks and escapes go. */
export function stripInline(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\\([\\`*_{}[\]()#+\-.!>])|[*`~]+|(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, (_m, escaped?: string, before?: string) => escaped ?? before ?? "");
}

const nonSpace = (text: string) => text.replace(/\s+/g, "").length;

/**
 * Input: a narration (markdown as the narrator writes it, possibly still being written) and
 * `final` (the narration is complete).
 * Output: the segments to read, in order: the complete sentences of the narration (all of them,
 * the unfinished tail included, when final) and, when final, one segment per choice. For a
 * narration still being written the list only grows as text arrives: segment k never changes.
 */
export function speechSegments(markdown: string, final: boolean): SpeechSegment[] {
  const narration: string[] = [];
  const choices: { letter: string; text: string }[] = [];
  for (const line of formatChoices(markdown, { partial: !final }).split("\n")) {
    const choice = CHOICE_LINE.exec(line);
    if (choice) choices.push({ letter: choice[1]!, text: stripInline(choice[2]!).trim() });
    else narration.push(stripInline(stripBlock(line)));
  }
  const text = narration.join("\n");
  const segments: SpeechSegment[] = splitSentences(text, final).sentences.map((s) => ({
    speak: s.text,
    show: s.text,
    hint: nonSpace(text.slice(0, s.start)),
  }));
  if (!final) return segments;
  let hint = nonSpace(text);
  for (const { letter, text: choice } of choices) {
    if (!choice) continue;
    hint += 2; // 'A)'
    segments.push({ speak: `Scelta ${letter}: ${choice}`, show: choice, hint });
    hint += nonSpace(choice);
  }
  return segments;
}
