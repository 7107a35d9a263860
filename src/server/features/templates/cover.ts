/**
 * 'Generate cover' of the template editor (spec §2 Admin templates, §5 AI helpers: needs title,
 * description and genre; §7 generate-image: a 16:9 picture with no text; §8 'Immagine generata!'
 * / 'Non è stato possibile generare l'immagine.'). The picture comes from the configured
 * illustrator (images API, or the offline illustrator) and is kept in our media storage, since
 * provider URLs expire (DESIGN §2 media).
 */

import { randomUUID } from "node:crypto";
import { resolveGenre } from "../../../shared/genres";
import type { GenerateCoverInput } from "../../../shared/schemas/template";
import type { CoverResultView } from "../../../shared/template-types";
import { buildImagePrompt } from "../../domain/ai/illustrator";
import type { AppDeps } from "../../domain/context";
import { AppError } from "../../platform/errors";
import { extensionOfContentType } from "../../platform/media/media-storage";
import type { SpendingPass } from "../../domain/policies/spending";
import { knownGenre } from "./ai-helpers";

/**
 * Draws and stores a cover.
 * Input: the spending gate's pass for it (policies/spending.ts), title, description, genre of the form. Output: {url: '/media/covers/…', source:
 * illustrator label}. Throws 400 MISSING_COVER_FIELDS ('Campi mancanti') when one is missing,
 * 502 COVER_FAILED when drawing or storing fails.
 */
export async function generateCover(deps: Pick<AppDeps, "illustrator" | "media" | "env" | "logger">, pass: SpendingPass, input: GenerateCoverInput): Promise<CoverResultView> {
  const genre = knownGenre(input.genre);
  if (!input.title || !input.description || !genre) throw AppError.of("MISSING_COVER_FIELDS", 400);
  const scene = `Copertina della storia «${input.title}». ${input.description}`;
  try {
    const image = await deps.illustrator.draw({
      prompt: buildImagePrompt(scene, resolveGenre(genre)),
      scene,
      genre,
      signal: AbortSignal.timeout(deps.env.IMAGE_TIMEOUT_MS),
    });
    const now = new Date();
    const key = `covers/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}.${extensionOfContentType(image.contentType)}`;
    const stored = await deps.media.put(key, image.bytes, image.contentType);
    return { url: stored.url, source: deps.illustrator.label };
  } catch (error) {
    deps.logger.warn({ err: error }, "Copertina non generata");
    throw AppError.of("COVER_FAILED", 502);
  }
}
