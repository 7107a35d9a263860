/**
 * Token counting for the prompt budget (issue 11 §1, ADR 0009): the maintained `gpt-tokenizer`
 * package with its default encoding (o200k_base, the encoding of current OpenAI models); other
 * providers' tokenizers differ by a few percent, which the budget's margin absorbs.
 */

import { countTokens } from "gpt-tokenizer";

/** Tokens a chat message costs on top of its text (role and separators of the chat format). */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** Input: any text. Output: its length in tokens (0 for ''). */
export function tokensOf(text: string): number {
  return text === "" ? 0 : countTokens(text);
}
