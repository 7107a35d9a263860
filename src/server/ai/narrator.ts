/** Chooses the narrator for the configuration (DESIGN §2): the real provider, or offline. */

import type { Env } from "../env";
import { createOfflineNarrator } from "./offline/offline-narrator";
import { createOpenAINarrator } from "./openai-narrator";
import type { Narrator } from "./types";

/**
 * Output: the OpenAI-compatible narrator when AI_BASE_URL and AI_MODEL are set, otherwise the
 * offline storyteller (label 'offline') writing at OFFLINE_WORD_DELAY_MS per word.
 */
export function createNarrator(env: Pick<Env, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL" | "OFFLINE_WORD_DELAY_MS">): Narrator {
  if (env.AI_BASE_URL && env.AI_MODEL) {
    return createOpenAINarrator({ baseURL: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL });
  }
  return createOfflineNarrator({ wordDelayMs: env.OFFLINE_WORD_DELAY_MS });
}
