/**
 * Real narrator: any OpenAI-compatible chat-completions endpoint (OpenAI, OpenRouter, Mistral,
 * Groq, Ollama, vLLM, llama.cpp, LM Studio) through the Vercel AI SDK, streamed.
 */

import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import type { NarrationRequest, Narrator } from "./types";

export interface OpenAINarratorOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
}

/**
 * Creates a narrator for an OpenAI-compatible provider (POST {baseURL}/chat/completions, stream).
 * It calls the AI SDK provider's streaming model directly (`doStream`): a narrated turn is one
 * plain text step, so `streamText`'s multi-step orchestration would only add per-turn cost
 * (docs/decisions/0005-narrator-provider-stream.md). The stream throws on HTTP errors, on an error
 * chunk and when the provider's stream ends without a finish reason (a cut connection); retries
 * are left to the player ('Riprova').
 */
export function createOpenAINarrator(options: OpenAINarratorOptions): Narrator {
  const provider = createOpenAICompatible({ name: "narrator", baseURL: options.baseURL, apiKey: options.apiKey });
  const model = provider.chatModel(options.model);
  return {
    label: options.model,
    async *stream(request: NarrationRequest) {
      const prompt: LanguageModelV3Prompt = [
        { role: "system", content: request.system },
        ...request.messages.map((m) => ({ role: m.role, content: [{ type: "text" as const, text: m.content }] })),
      ];
      const { stream } = await model.doStream({
        prompt,
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
  };
}
