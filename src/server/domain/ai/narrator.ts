/** Chooses the narrator for the configuration (DESIGN §2): the real provider, or offline. */

import type { Env } from "../../platform/env";
import { createOfflineNarrator } from "./offline/offline-narrator";
import { type ChatClientOptions, tokenParameterFor } from "./openai-client";
import { createOpenAINarrator } from "./openai-narrator";
import type { ProviderObserver } from "./provider-observer";
import type { Narrator } from "./types";

/** The provider settings of the environment, as every chat client of the server uses them. */
export type ProviderEnv = Pick<
  Env,
  | "AI_BASE_URL"
  | "AI_API_KEY"
  | "AI_MODEL"
  | "AI_FALLBACK_MODELS"
  | "AI_TOKEN_PARAMETER"
  | "AI_STREAM_USAGE"
  | "AI_SOCKET_CONNECT_TIMEOUT_MS"
  | "AI_IDLE_TIMEOUT_MS"
  | "AI_TOTAL_TIMEOUT_MS"
  | "AI_RETRY_MAX_WAIT_MS"
>;

/**
 * The chat client's options for the configured provider (issue 20 §1: fallback models, the
 * output-length field, socket timeouts, the retry bound), or null when no provider is set.
 * Input: the environment and the observer every call reports to.
 */
export function chatClientOptions(env: ProviderEnv, observer?: ProviderObserver): ChatClientOptions | null {
  if (!env.AI_BASE_URL || !env.AI_MODEL) return null;
  return {
    baseURL: env.AI_BASE_URL,
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
    fallbackModels: env.AI_FALLBACK_MODELS,
    tokenParameter: env.AI_TOKEN_PARAMETER === "auto" ? tokenParameterFor(env.AI_BASE_URL) : env.AI_TOKEN_PARAMETER,
    streamUsage: env.AI_STREAM_USAGE === "on",
    timeouts: { connectMs: env.AI_SOCKET_CONNECT_TIMEOUT_MS, idleMs: env.AI_IDLE_TIMEOUT_MS, totalMs: env.AI_TOTAL_TIMEOUT_MS },
    retry: { maxWaitMs: env.AI_RETRY_MAX_WAIT_MS },
    observer,
  };
}

/**
 * Output: the OpenAI-compatible narrator when AI_BASE_URL and AI_MODEL are set (its calls
 * reported to `observer`), otherwise the offline storyteller (label 'offline') writing at
 * OFFLINE_WORD_DELAY_MS per word.
 */
export function createNarrator(env: ProviderEnv & Pick<Env, "OFFLINE_WORD_DELAY_MS">, observer?: ProviderObserver): Narrator {
  const options = chatClientOptions(env, observer);
  return options ? createOpenAINarrator(options) : createOfflineNarrator({ wordDelayMs: env.OFFLINE_WORD_DELAY_MS });
}
