/**
 * 'Generate cover' of the template editor (spec §2 Admin templates, §5 AI helpers: needs title,
 * description and genre; §7 generate-image: a 16:9 picture with no text; §8 'Immagine generata!'
 * / 'Non è stato possibile generare l'immagine.'). The picture comes from the configured
 * illustrator (images API, or the offline illustrator) and is kept in our media storage, since
 * provider URLs expire (DESIGN §2 media). Also the cover a player uploads for a draft scenario
 * (issue 40 §1), and the one key layout of stored covers (newCoverKey).
 */

import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { overLimit } from "../../../shared/file-size";
import { resolveGenre } from "../../../shared/genres";
import { SCENARIO_LIMITS } from "../../../shared/schemas/scenario";
import type { GenerateCoverInput } from "../../../shared/schemas/template";
import type { CoverResultView } from "../../../shared/template-types";
import { buildImagePrompt } from "../../domain/ai/illustrator";
import type { AppDeps } from "../../domain/context";
import { AppError } from "../../platform/errors";
import { extensionOfContentType } from "../../platform/media/media-storage";
import { type SpendingPass, withSpending } from "../../domain/policies/spending";
import { refundVisualization, takeVisualization } from "../../domain/quota/quota";
import { draftForEdit } from "./scenarios.service";
import { knownGenre } from "./ai-helpers";

/**
 * The media key of a new cover: covers/YYYY/MM/<uuid>.<ext> (UTC month), the one layout of every
 * stored cover (drawn, uploaded for a draft, taken from an imported card's PNG).
 * Input: the file extension without the dot ('png', 'webp', 'jpg'). Output: the key.
 */
export function newCoverKey(extension: string, now: Date = new Date()): string {
  return `covers/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomUUID()}.${extension}`;
}

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
    const stored = await deps.media.put(newCoverKey(extensionOfContentType(image.contentType)), image.bytes, image.contentType);
    return { url: stored.url, source: deps.illustrator.label };
  } catch (error) {
    deps.logger.warn({ err: error }, "Copertina non generata");
    throw AppError.of("COVER_FAILED", 502);
  }
}

/**
 * 'Genera con l'IA' for a player's draft (issue 40 §1): a cover drawn from the draft's saved title,
 * description and genre. The player pays as for a scene picture: one visualization token (refunded
 * when drawing fails), through the spending gate (policies/spending.ts, purpose 'picture').
 * Input: the services, the author, the draft's id. Output: CoverResultView. Throws 404
 * SCENARIO_NOT_FOUND / 409 SCENARIO_NOT_DRAFT (not the caller's draft), 429 VISUALIZE_LIMIT, the
 * gate's 503, 502 COVER_FAILED.
 */
export async function drawDraftCover(deps: AppDeps, userId: string, draftId: string): Promise<CoverResultView> {
  const draft = await draftForEdit(deps.db, userId, draftId);
  const chargedAt = new Date();
  return withSpending(deps, { actorId: userId, purpose: "picture", slots: deps.bounds.pictures }, async (pass) => {
    if (!(await takeVisualization(deps.db, userId, chargedAt))) throw AppError.of("VISUALIZE_LIMIT", 429);
    try {
      return await generateCover(deps, pass, { title: draft.title, description: draft.description, genre: draft.genre });
    } catch (error) {
      await refundVisualization(deps.db, userId, chargedAt);
      throw error;
    }
  });
}

/** Formats a player may upload as a cover, as sharp names them (issue 40 §1). */
const UPLOADABLE_COVER_FORMATS: ReadonlySet<string> = new Set(["jpeg", "png", "webp"]);

/** Widest stored uploaded cover, in pixels (a larger picture is scaled down). */
const COVER_MAX_WIDTH = 1600;

/**
 * Stores a cover a player uploaded for their draft (issue 40 §1 'copertina'): a JPEG, PNG or WebP
 * of at most SCENARIO_LIMITS.coverBytes, re-encoded with sharp (turned upright by its EXIF
 * orientation, at most COVER_MAX_WIDTH wide, first frame only, metadata dropped) as WebP under
 * newCoverKey. Input: media storage, the file's bytes. Output: {url: '/media/covers/…'}.
 * Throws 400 COVER_INVALID with the Italian reason (empty, too big, not an image of those
 * formats, unreadable); nothing is stored then.
 */
export async function storeUploadedCover(media: AppDeps["media"], bytes: Uint8Array): Promise<{ url: string }> {
  if (bytes.length === 0) throw AppError.of("COVER_INVALID", 400, "Il file è vuoto.");
  if (bytes.length > SCENARIO_LIMITS.coverBytes) throw AppError.of("COVER_INVALID", 400, overLimit("L'immagine", SCENARIO_LIMITS.coverBytes));
  let encoded: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000, animated: false });
    const { format } = await image.metadata();
    if (!format || !UPLOADABLE_COVER_FORMATS.has(format)) throw new Error(`format ${format ?? "unknown"}`);
    encoded = await image.rotate().resize({ width: COVER_MAX_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw AppError.of("COVER_INVALID", 400);
  }
  const stored = await media.put(newCoverKey("webp"), encoded, "image/webp");
  return { url: stored.url };
}
