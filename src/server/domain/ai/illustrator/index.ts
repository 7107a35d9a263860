/** Chooses the illustrator for the configuration (DESIGN §2): a real images API, or offline. */

import type { Env } from "../../../platform/env";
import type { ConfiguredChat } from "../openai-client";
import type { ProviderObserver } from "../provider-observer";
import { createOfflineIllustrator } from "./offline-illustrator";
import { createOpenAIIllustrator } from "./openai-illustrator";
import { createChatTitleWriter } from "./title";
import type { Illustrator } from "./types";

export { buildImagePrompt, sceneFromNarration } from "./image-prompt";
export type { Illustrator } from "./types";
export { FALLBACK_TITLE, ImageProviderError } from "./types";

type IllustratorEnv = Pick<
  Env,
  "AI_BASE_URL" | "AI_API_KEY" | "IMAGE_BASE_URL" | "IMAGE_API_KEY" | "IMAGE_MODEL" | "IMAGE_SIZE" | "IMAGE_TIMEOUT_MS" | "IMAGE_MAX_BYTES" | "AI_RETRY_MAX_WAIT_MS"
>;

/** Longest wait for a title before 'Scena generata' is used, ms. */
const TITLE_TIMEOUT_MS = 15_000;

/**
 * Output: the OpenAI-compatible illustrator when IMAGE_MODEL is set and an images base URL is
 * known (IMAGE_BASE_URL, else AI_BASE_URL; key IMAGE_API_KEY, else AI_API_KEY); otherwise the
 * offline illustrator. Titles come from the configured chat model (`ai.chat`) when there is one,
 * else from the scene's words. Provider calls are retried while the provider is busy and
 * reported to `ai.observer` (issue 20).
 */
export function createIllustrator(env: IllustratorEnv, ai: { chat: ConfiguredChat; observer?: ProviderObserver } = { chat: null }): Illustrator {
  const offline = createOfflineIllustrator();
  const title = ai.chat ? createChatTitleWriter(ai.chat.client, TITLE_TIMEOUT_MS) : offline.title;
  const imageBaseURL = env.IMAGE_BASE_URL ?? env.AI_BASE_URL;
  if (imageBaseURL && env.IMAGE_MODEL) {
    return createOpenAIIllustrator({
      imageBaseURL,
      imageApiKey: env.IMAGE_API_KEY ?? env.AI_API_KEY,
      imageModel: env.IMAGE_MODEL,
      size: env.IMAGE_SIZE as `${number}x${number}`,
      timeoutMs: env.IMAGE_TIMEOUT_MS,
      maxBytes: env.IMAGE_MAX_BYTES,
      retryMaxWaitMs: env.AI_RETRY_MAX_WAIT_MS,
      observer: ai.observer,
      title,
    });
  }
  return { ...offline, title };
}
