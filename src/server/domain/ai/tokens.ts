/**
 * Token counting for the prompt budget (issue 11 §1, ADR 0009): the maintained `gpt-tokenizer`
 * package with its default encoding (o200k_base, the encoding of current OpenAI models); other
 * providers' tokenizers differ by a few percent, which the budget's margin absorbs.
 */

import { countTokens } from "gpt-tokenizer";

/** Tokens a chat message costs on top of its text (role and separators of the chat format). */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** Characters of text whose counts are remembered at most (least recently used forgotten first). */
const COUNT_CACHE_CHARACTERS = 4_000_000;
const counted = new Map<string, number>();
let countedCharacters = 0;

/**
 * Input: any text. Output: its length in tokens (0 for '').
 * Counts are remembered by text: a turn's prompt repeats the previous turn's instructions, memory
 * and recent turns, and counting them again was a fifth of a narrated turn's server CPU (issue 12).
 */
export function tokensOf(text: string): number {
  if (text === "") return 0;
  const known = counted.get(text);
  if (known !== undefined) {
    counted.delete(text);
    counted.set(text, known);
    return known;
  }
  const tokens = countTokens(text);
  counted.set(text, tokens);
  countedCharacters += text.length;
  for (const oldest of counted.keys()) {
    if (countedCharacters <= COUNT_CACHE_CHARACTERS) break;
    counted.delete(oldest);
    countedCharacters -= oldest.length;
  }
  return tokens;
}
