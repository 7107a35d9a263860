/** Chooses the illustrator for the configuration (DESIGN §2): a real images API, or offline. */

import type { Env } from "../../env";
import { createOfflineIllustrator } from "./offline-illustrator";
import { createOpenAIIllustrator } from "./openai-illustrator";
import { createChatTitleWriter } from "./title";
import type { Illustrator } from "./types";

export { buildImagePrompt, sceneFromNarration } from "./image-prompt";
export type { Illustrator } from "./types";
export { FALLBACK_TITLE, ImageProviderError } from "./types";

type IllustratorEnv = Pick<
  Env,
  "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL" | "IMAGE_BASE_URL" | "IMAGE_API_KEY" | "IMAGE_MODEL" | "IMAGE_SIZE" | "IMAGE_TIMEOUT_MS" | "IMAGE_MAX_BYTES"
>;

/** Longest wait for a title before 'Scena generata' is used, ms. */
const TITLE_TIMEOUT_MS = 15_000;

/**
 * Output: the OpenAI-compatible illustrator when IMAGE_MODEL is set and an images base URL is
 * known (IMAGE_BASE_URL, else AI_BASE_URL; key IMAGE_API_KEY, else AI_API_KEY); otherwise the
 * offline illustrator. Titles come from the chat model (AI_BASE_URL + AI_MODEL) when one is
 * configured, else from the scene's words.
 */
export function createIllustrator(env: IllustratorEnv): Illustrator {
  const offline = createOfflineIllustrator();
  const title =
    env.AI_BASE_URL && env.AI_MODEL
      ? createChatTitleWriter({ baseURL: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL }, TITLE_TIMEOUT_MS)
      : offline.title;
  const imageBaseURL = env.IMAGE_BASE_URL ?? env.AI_BASE_URL;
  if (imageBaseURL && env.IMAGE_MODEL) {
    return createOpenAIIllustrator({
      imageBaseURL,
      imageApiKey: env.IMAGE_API_KEY ?? env.AI_API_KEY,
      imageModel: env.IMAGE_MODEL,
      size: env.IMAGE_SIZE as `${number}x${number}`,
      timeoutMs: env.IMAGE_TIMEOUT_MS,
      maxBytes: env.IMAGE_MAX_BYTES,
      title,
    });
  }
  return { ...offline, title };
}
