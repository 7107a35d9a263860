/** The title call (spec §7 chat: "called for image titles with a system prompt asking for a short title"). */

import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText } from "ai";
import { cleanTitle, TITLE_SYSTEM_PROMPT } from "./image-prompt";
import { FALLBACK_TITLE, type Illustrator } from "./types";

export interface ChatProviderConfig {
  baseURL: string;
  apiKey?: string;
  model: string;
}

/**
 * A title writer asking the chat model (non-streamed chat completion) for a short Italian title.
 * Output: the cleaned title, or 'Scena generata' on any failure, empty answer or timeout.
 */
export function createChatTitleWriter(chat: ChatProviderConfig, timeoutMs: number): Illustrator["title"] {
  const model = createOpenAICompatible({ name: "titles", baseURL: chat.baseURL, apiKey: chat.apiKey }).chatModel(chat.model);
  return async (request) => {
    try {
      const result = await generateText({
        model,
        system: TITLE_SYSTEM_PROMPT,
        prompt: `Genere: ${request.genre}\nScena: ${request.scene}`,
        temperature: 0.7,
        maxOutputTokens: 40,
        maxRetries: 0,
        abortSignal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]),
      });
      return cleanTitle(result.text);
    } catch {
      return FALLBACK_TITLE;
    }
  };
}
