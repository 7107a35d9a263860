/**
 * Sentence splitting of Italian narration for reading aloud (issue 13, Listen): the narration is
 * read sentence by sentence while it is still being written, so a sentence must be released only
 * once it is complete, and a released sentence must never change when more text arrives.
 *
 * A sentence ends at a line break, or at a run of '.', '!', '?', '…' (or '...') followed by
 * closing quotes/brackets ('»', '”', '"', ')', also a spaced '»' as in '« Vieni! »'), then
 * whitespace, then something that starts a sentence: an upper-case letter or a digit, or an
 * opening quote or dialogue dash ('«', '“', '—', '–', '-') that is not followed by a lower-case
 * letter. So these do NOT end a sentence: «Chi è?» chiese lui. / — Vieni! — gridò Marco. /
 * Forse… forse no. / 3.14, 1.000, Sig.ra / titles and common abbreviations ('Sig.', 'Dott.',
 * 'Prof.', 'es.', 'pag.'…) / initials ('A. Manzoni').
 */

/** A complete sentence: its text (trimmed) and where it lies in the input, [start, end). */
export interface Sentence {
  text: string;
  start: number;
  end: number;
}

export interface SplitResult {
  /** The complete sentences, in order. When the text is final, the tail is one of them too. */
  sentences: Sentence[];
  /** Where the text not yet released starts (text.length when the text is final). */
  rest: number;
}

const TERMINATORS = new Set([".", "!", "?", "…"]);
const CLOSERS = new Set(["»", "”", "\"", "’", "'", ")", "]"]);
const OPENERS = new Set(["«", "“", "\"", "‘", "(", "—", "–", "-"]);

/**
 * Abbreviations after which a '.' never ends a sentence (titles before a name, references
 * before a number), lower case, without their dots. 'ecc.' and 'etc.' are not here: they often
 * end a sentence, and then the next word is capitalised.
 */
const ABBREVIATIONS = new Set([
  "sig", "sigg", "sigra", "dott", "dottssa", "prof", "profssa", "ing", "avv", "arch", "geom", "rag",
  "mons", "egr", "gent", "spett", "gen", "col", "cap", "ten", "magg", "sen", "on", "dr", "mr", "mrs",
  "ms", "st", "ss", "sant", "fra", "es", "pag", "pagg", "pp", "nr", "n", "num", "vol", "fig", "art",
  "tel", "cfr", "ca", "vs", "lett", "sez", "par", "cit", "op", "ibid", "cod", "reg", "prot", "tab",
]);

const isSpace = (c: string | undefined) => c !== undefined && c !== "\n" && /\s/.test(c);
const isLower = (c: string | undefined) => c !== undefined && /\p{Ll}/u.test(c);

/** The word (letters only) that ends just before `index`. */
function wordBefore(text: string, index: number): string {
  let start = index;
  while (start > 0 && /\p{L}/u.test(text[start - 1]!)) start--;
  return text.slice(start, index);
}

/** A '.' at `index` closes an abbreviation or an initial ('S. Pietro', 'A. Manzoni'), not a sentence. */
function closesAbbreviation(text: string, index: number): boolean {
  const word = wordBefore(text, index);
  if (!word) return false;
  if (ABBREVIATIONS.has(word.toLowerCase())) return true;
  return word.length === 1 && /\p{Lu}/u.test(word);
}

/**
 * Does the text at `index` (a non-space character) start a new sentence?
 * Output: true / false, or undefined when the answer needs text that has not arrived yet.
 */
function startsSentence(text: string, index: number, final: boolean): boolean | undefined {
  let i = index;
  while (i < text.length && (OPENERS.has(text[i]!) || isSpace(text[i]))) i++;
  if (i >= text.length) return final ? true : undefined;
  if (text[i] === "\n") return true;
  return !isLower(text[i]);
}

/**
 * Splits Italian text into sentences.
 * Input: `text` (plain text, possibly the beginning of a narration still being written) and
 * `final` (true when no more text will come: the tail is then a sentence too).
 * Output: the complete sentences and where the unreleased tail starts. For any prefix p of a
 * text t, the sentences of split(p, false) are the first sentences of split(t, final).
 * Empty sentences and sentences without any letter or digit are left out.
 */
export function splitSentences(text: string, final: boolean): SplitResult {
  const sentences: Sentence[] = [];
  const push = (start: number, end: number) => {
    const raw = text.slice(start, end);
    const trimmed = raw.trim();
    if (!/[\p{L}\p{N}]/u.test(trimmed)) return;
    const lead = raw.length - raw.trimStart().length;
    sentences.push({ text: trimmed, start: start + lead, end: start + lead + trimmed.length });
  };
  let start = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === "\n") {
      push(start, i);
      start = ++i;
      continue;
    }
    if (!TERMINATORS.has(c)) {
      i++;
      continue;
    }
    // The run of terminators ('...', '?!', '…'), then closing quotes and brackets.
    let k = i;
    while (k < n && TERMINATORS.has(text[k]!)) k++;
    const lonePeriod = k - i === 1 && c === ".";
    for (;;) {
      while (k < n && CLOSERS.has(text[k]!)) k++;
      let m = k;
      while (isSpace(text[m])) m++;
      if (m > k && text[m] === "»") k = m + 1; // « Vieni! »
      else break;
    }
    if (k >= n) {
      if (!final) return { sentences, rest: start };
      break;
    }
    // '3.14', 'Sig.ra', '?»,': no whitespace after, no sentence end.
    if (!/\s/.test(text[k]!) || (lonePeriod && closesAbbreviation(text, i))) {
      i = k;
      continue;
    }
    let m = k;
    while (isSpace(text[m])) m++;
    if (m >= n && !final) return { sentences, rest: start };
    const next = m >= n ? true : startsSentence(text, m, final);
    if (next === undefined) return { sentences, rest: start };
    if (next) {
      push(start, k);
      start = m;
    }
    i = m;
  }
  if (final) {
    push(start, n);
    start = n;
  }
  return { sentences, rest: start };
}
