/**
 * Real narrator: any OpenAI-compatible chat-completions endpoint (OpenAI, OpenRouter, Mistral,
 * Groq, Ollama, vLLM, llama.cpp, LM Studio) through the Vercel AI SDK, streamed.
 */

import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { createProviderMemory } from "../memory/provider-memory";
import { parseChoiceReply } from "./choice-contract";
import { CHOICE_REPAIR_PROMPT } from "./prompt";
import type { ChatTurn, Narrator } from "./types";

export interface OpenAINarratorOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
}

/** Output budget of a choice repair: three short lines. */
const REPAIR_MAX_TOKENS = 200;

/** The AI SDK provider prompt: the system prompt, then the turns oldest first. */
function toPrompt(system: string, turns: readonly ChatTurn[]): LanguageModelV3Prompt {
  return [
    { role: "system", content: system },
    ...turns.map((m) => ({ role: m.role, content: [{ type: "text" as const, text: m.content }] })),
  ];
}

/**
 * Creates a narrator for an OpenAI-compatible provider (POST {baseURL}/chat/completions, stream).
 * It calls the AI SDK provider's streaming model directly (`doStream`): a narrated turn is one
 * plain text step, so `streamText`'s multi-step orchestration would only add per-turn cost
 * (docs/decisions/0005-narrator-provider-stream.md). The stream throws on HTTP errors, on an error
 * chunk and when the provider's stream ends without a finish reason (a cut connection); retries
 * are left to the player ('Riprova').
 * `repairChoices` is one short non-streamed completion (`doGenerate`, no retry) on the same
 * model: the turn's prompt, the narration as the assistant's turn, then CHOICE_REPAIR_PROMPT;
 * it throws when the reply is not three choices (issue 11 §3). `memory` makes the facts and the
 * recap on the same model (issue 11 §1, memory/provider-memory.ts).
 */
export function createOpenAINarrator(options: OpenAINarratorOptions): Narrator {
  // Structured outputs (response_format json_schema) for the memory's facts (issue 11 §1).
  const provider = createOpenAICompatible({ name: "narrator", baseURL: options.baseURL, apiKey: options.apiKey, supportsStructuredOutputs: true });
  const model = provider.chatModel(options.model);
  return {
    label: options.model,
    memory: createProviderMemory(model),
    async *stream(request) {
      const { stream } = await model.doStream({
        prompt: toPrompt(request.system, request.messages),
        temperature: request.temperature,
        maxOutputTokens: request.maxTokens,
        abortSignal: request.signal,
      });
      const reader = stream.getReader();
      try {
        for (;;) {
          const { value: part, done } = await reader.read();
          if (done) return;
          if (part.type === "text-delta") yield part.delta;
          else if (part.type === "error") throw part.error instanceof Error ? part.error : new Error(String(part.error));
        }
      } finally {
        reader.releaseLock();
      }
    },
    async repairChoices(request) {
      const { content } = await model.doGenerate({
        prompt: toPrompt(request.system, [
          ...request.messages,
          ...(request.narration ? [{ role: "assistant" as const, content: request.narration }] : []),
          { role: "user", content: CHOICE_REPAIR_PROMPT },
        ]),
        temperature: request.temperature,
        maxOutputTokens: REPAIR_MAX_TOKENS,
        abortSignal: request.signal,
      });
      const reply = content.map((part) => (part.type === "text" ? part.text : "")).join("");
      const choices = parseChoiceReply(reply);
      if (!choices) throw new Error(`Choice repair: not three choices in ${JSON.stringify(reply.slice(0, 200))}`);
      return choices;
    },
  };
}
