/**
 * Real narrator: any OpenAI-compatible chat-completions endpoint (OpenAI, OpenRouter, Mistral,
 * Groq, Ollama, vLLM, llama.cpp, LM Studio) through the Vercel AI SDK, streamed.
 */

import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { streamText } from "ai";
import type { NarrationRequest, Narrator } from "./types";

export interface OpenAINarratorOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
}

/**
 * Creates a narrator for an OpenAI-compatible provider (POST {baseURL}/chat/completions, stream).
 * The stream throws on HTTP errors, on an error chunk and when the provider's stream ends
 * without a finish reason (a cut connection); retries are left to the player ('Riprova').
 */
export function createOpenAINarrator(options: OpenAINarratorOptions): Narrator {
  const provider = createOpenAICompatible({ name: "narrator", baseURL: options.baseURL, apiKey: options.apiKey });
  const model = provider.chatModel(options.model);
  return {
    label: options.model,
    async *stream(request: NarrationRequest) {
      const result = streamText({
        model,
        system: request.system,
        messages: request.messages,
        temperature: request.temperature,
        maxOutputTokens: request.maxTokens,
        abortSignal: request.signal,
        maxRetries: 0,
      });
      for await (const part of result.fullStream) {
        if (part.type === "text-delta") yield part.text;
        else if (part.type === "error") throw part.error instanceof Error ? part.error : new Error(String(part.error));
        else if (part.type === "abort") return;
      }
    },
  };
}
