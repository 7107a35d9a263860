/**
 * Real narrator: any OpenAI-compatible chat-completions endpoint (OpenAI, OpenRouter, Mistral,
 * Groq, Ollama, vLLM, llama.cpp, LM Studio), streamed through a lean chat client (ADR 0010).
 */

import { createProviderMemory } from "./provider-memory";
import { parseChoiceReply } from "./choice-contract";
import { type ChatClientOptions, type ChatMessage, createChatClient } from "./openai-client";
import { CHOICE_REPAIR_PROMPT } from "./prompt";
import type { ChatTurn, Narrator } from "./types";

/** Output budget of a choice repair: three short lines. */
const REPAIR_MAX_TOKENS = 200;

/** The chat messages: the system prompt, then the turns oldest first. */
function toMessages(system: string, turns: readonly ChatTurn[]): ChatMessage[] {
  return [{ role: "system", content: system }, ...turns.map((m) => ({ role: m.role, content: m.content }))];
}

/**
 * Creates a narrator for an OpenAI-compatible provider (POST {baseURL}/chat/completions, stream).
 * A narrated turn is one plain text completion, streamed through the lean chat client
 * (./openai-client.ts; docs/decisions/0010-narrator-provider-client.md, which replaces the AI
 * SDK's provider model of ADR 0005 on this path). Until its first word the client retries a busy
 * or unreachable provider (ADR 0014; `request.onRetry` hears each wait); after it, the stream
 * throws on HTTP errors, on an error event and when the provider's stream ends without a finish
 * reason (a cut connection): retries are then left to the player ('Riprova').
 * `repairChoices` is one short non-streamed completion (no retry) on the same model: the turn's
 * prompt, the narration as the assistant's turn, then CHOICE_REPAIR_PROMPT; it throws when the
 * reply is not three choices (issue 11 §3). `memory` makes the facts and the recap on the same
 * model (issue 11 §1, memory/provider-memory.ts).
 */
export function createOpenAINarrator(options: ChatClientOptions): Narrator {
  const client = createChatClient(options);
  return {
    label: options.model,
    memory: createProviderMemory(client),
    stream(request) {
      return client.stream({
        purpose: "narration",
        messages: toMessages(request.system, request.messages),
        temperature: request.temperature,
        maxTokens: request.maxTokens,
        signal: request.signal,
        onRetry: request.onRetry,
      });
    },
    async repairChoices(request) {
      const reply = await client.complete({
        purpose: "narration",
        messages: toMessages(request.system, [
          ...request.messages,
          ...(request.narration ? [{ role: "assistant" as const, content: request.narration }] : []),
          { role: "user", content: CHOICE_REPAIR_PROMPT },
        ]),
        temperature: request.temperature,
        maxTokens: REPAIR_MAX_TOKENS,
        signal: request.signal,
      });
      const choices = parseChoiceReply(reply);
      // The reply is story text: the error names its length, never quotes it (issue 36 finding 16d).
      if (!choices) throw new Error(`Choice repair: not three choices in a reply of ${reply.length} characters`);
      return choices;
    },
  };
}
