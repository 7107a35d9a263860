/**
 * Contracts of the illustrator (DESIGN §2 "AI images"): what /visualizza hands to an image
 * provider (a real OpenAI-compatible images API or the offline illustrator) and what comes back.
 */

import type { GenreName } from "../../../../shared/genres";

export interface ImageRequest {
  /** Complete English/Italian prompt sent to the provider (see buildImagePrompt). */
  prompt: string;
  /** The narration the picture shows (plain text): the offline illustrator reads its words. */
  scene: string;
  genre: GenreName;
  signal: AbortSignal;
}

export interface DrawnImage {
  bytes: Buffer;
  /** image/png, image/webp or image/jpeg, as checked from the bytes. */
  contentType: string;
  width: number;
  height: number;
}

export interface TitleRequest {
  scene: string;
  genre: GenreName;
  signal: AbortSignal;
}

export interface Illustrator {
  /** 'offline' or the configured image model (logs, health). */
  readonly label: string;
  /** True for the built-in offline illustrator (images labelled as offline in the UI). */
  readonly offline: boolean;
  /**
   * Makes one picture of the scene. Throws ImageProviderError (kind 'failed' | 'timeout' |
   * 'invalid') when the provider fails, times out, or answers something that is not an image.
   */
  draw(request: ImageRequest): Promise<DrawnImage>;
  /**
   * A short Italian title for the scene (spec §7 chat, title call). Never throws: the fallback
   * is 'Scena generata'.
   */
  title(request: TitleRequest): Promise<string>;
}

export type ImageFailure = "failed" | "timeout" | "invalid";

/** A provider failure, classified for the player's message (spec §8 game errors). */
export class ImageProviderError extends Error {
  constructor(
    readonly kind: ImageFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Title used when the chat model gives none (spec §7). */
export const FALLBACK_TITLE = "Scena generata";
