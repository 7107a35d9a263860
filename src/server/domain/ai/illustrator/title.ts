/** The title call (spec §7 chat: "called for image titles with a system prompt asking for a short title"). */

import type { ChatClient } from "../openai-client";
import { cleanTitle, TITLE_SYSTEM_PROMPT } from "./image-prompt";
import { FALLBACK_TITLE, type Illustrator } from "./types";

/**
 * A title writer asking the chat model (one non-streamed completion through the server's chat
 * client, ADR 0014: retried while the provider is busy, counted as 'image' usage) for a short
 * Italian title. Output: the cleaned title, or 'Scena generata' on any failure, empty answer or
 * timeout.
 */
export function createChatTitleWriter(client: ChatClient, timeoutMs: number): Illustrator["title"] {
  return async (request) => {
    try {
      const answer = await client.complete({
        purpose: "image",
        messages: [
          { role: "system", content: TITLE_SYSTEM_PROMPT },
          { role: "user", content: `Genere: ${request.genre}\nScena: ${request.scene}` },
        ],
        temperature: 0.7,
        maxTokens: 40,
        signal: AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]),
      });
      return cleanTitle(answer);
    } catch {
      return FALLBACK_TITLE;
    }
  };
}
