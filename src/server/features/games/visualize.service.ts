/**
 * /visualizza: a picture of the current scene (spec §2 Game chat, §5 image rules, §7
 * generate-image and the title call, §9 costs; issue 3).
 *
 * Order of a visualisation:
 * 0. the spending gate (policies/spending.ts, issue 36 finding 3), before anything else: with the
 *    site's daily token budget spent, 503 AI_BUDGET_EXHAUSTED (admins too); the player's picture
 *    slot (issue 19). The pass it gives names the player charged below;
 * 1. refusals, before anything is charged: the game must be the player's (404); enough image
 *    quota ('Token visualizzazione insufficienti', 429) and 2 messages left today (429
 *    'Limite messaggi raggiunto'); a prior narration ('Nessun messaggio disponibile per generare
 *    un'immagine', 400). Only admins may visualise before /inizia (spec §4 Game; others get 409
 *    'Partita non iniziata'); they are unlimited, and the genre's greeting is then the scene;
 * 2. one image is taken from the monthly image counter (conditional UPDATE, so parallel requests
 *    never exceed the plan);
 * 3. the picture and its title are made in parallel (title fallback 'Scena generata');
 * 4. the bytes are stored in media storage, then ONE transaction adds 2 to messages_sent
 *    (conditional: refused if a parallel turn used them up), inserts the generated_images row and
 *    the chat message (image_url, title);
 * 5. on any failure the image is given back, a stored file is deleted and no row is left.
 */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { GalleryImageView, MessageView, TokensView } from "../../../shared/api-types";
import { VISUALIZE_MESSAGE_COST } from "../../../shared/commands";
import { greetingFor, resolveGenre } from "../../../shared/genres";
import { imageSlug } from "../../../shared/image-slug";
import { buildImagePrompt, ImageProviderError, sceneFromNarration } from "../../domain/ai/illustrator";
import { nowIso } from "../../platform/clock";
import type { AppDeps } from "../../domain/context";
import type { Database } from "../../platform/db/schema";
import { isAdmin } from "../../domain/auth/roles";
import { AppError } from "../../platform/errors";
import { extensionOfContentType } from "../../platform/media";
import { readTokens, refundVisualization, takeMessages, takeVisualization } from "../../domain/quota/quota";
import { appendMessage, latestNarration } from "../../domain/story/story-tree";
import { isPublishingSuspended } from "../moderation/content";
import { screenPublication } from "../moderation/screening";
import { findReadableGame, type OwnedGame } from "./games.service";
import { isGameStarted } from "./turn.service";
import { creatorNickname, publicName } from "../../domain/accounts/public-name";
import type { SpendingPass } from "../../domain/policies/spending";

type Db = Kysely<Database>;

export interface PreparedVisualization {
  userId: string;
  game: OwnedGame;
  /** Plain-text scene the picture shows. */
  scene: string;
  /** When the image was taken from the counter: a refund must hit the same Rome month. */
  chargedAt: Date;
  /** Counters right after the image was taken. */
  tokens: TokensView | null;
  /** The spending gate's admission of the picture and its title. */
  pass: SpendingPass;
}

export interface VisualizationResult {
  message: MessageView;
  image: GalleryImageView;
  tokens: TokensView | null;
}


/**
 * Steps 1–2: checks every refusal, then takes one image from the counter.
 * Input: the pass of the spending gate (its actor is the player charged) and the game id.
 * Output: what step 3 needs.
 * Throws 404 GAME_NOT_FOUND, 409 GAME_NOT_STARTED, 429 VISUALIZE_LIMIT, 429 MESSAGE_LIMIT, 400 NO_SCENE.
 */
export async function prepareVisualization(db: Db, pass: SpendingPass, gameId: string): Promise<PreparedVisualization> {
  const userId = pass.actorId;
  // A member of a group story asks too, charged to them (issue 24).
  const game = await findReadableGame(db, userId, gameId);
  const [admin, started, tokens, last] = await Promise.all([
    isAdmin(db, userId),
    isGameStarted(db, game.id, game.tip_message_id),
    readTokens(db, userId),
    latestNarration(db, game.id, game.tip_message_id),
  ]);
  if (!admin && !started) throw AppError.of("GAME_NOT_STARTED", 409);
  if (!tokens) throw AppError.of("VISUALIZE_LIMIT", 429);
  if (tokens.visualizeLimit !== -1 && tokens.visualizationsSent >= tokens.visualizeLimit) throw AppError.of("VISUALIZE_LIMIT", 429);
  if (tokens.remaining !== null && tokens.remaining < VISUALIZE_MESSAGE_COST) throw AppError.of("MESSAGE_LIMIT", 429);

  let scene = last ? sceneFromNarration(last.content) : "";
  if (!scene && admin && !last) scene = greetingFor(resolveGenre(game.genre));
  if (!scene) throw AppError.of("NO_SCENE", 400);

  const chargedAt = new Date();
  const taken = await takeVisualization(db, userId, chargedAt);
  if (!taken) throw AppError.of("VISUALIZE_LIMIT", 429);
  return { userId, game, scene, chargedAt, tokens: taken, pass };
}

/** Maps a provider failure to the player's error (spec §8 game errors). */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ImageProviderError) {
    if (error.kind === "timeout") return AppError.of("IMAGE_TIMEOUT", 504);
    if (error.kind === "invalid") return AppError.of("IMAGE_INVALID", 502);
    return AppError.of("IMAGE_FAILED", 502);
  }
  return AppError.of("IMAGE_SAVE_FAILED", 500);
}

/** Media key of a new picture: images/YYYY/MM/<id>.<ext>. */
function mediaKey(id: string, createdAt: string, contentType: string): string {
  return `images/${createdAt.slice(0, 4)}/${createdAt.slice(5, 7)}/${id}.${extensionOfContentType(contentType)}`;
}

/**
 * Steps 3–5: makes, stores and records the picture.
 * Output: the chat message (content = title, imageUrl = /media/…), its gallery view and the
 * counters after the 2 messages were added. Throws (after giving the image back) 502
 * IMAGE_FAILED, 504 IMAGE_TIMEOUT, 502 IMAGE_INVALID, 429 MESSAGE_LIMIT, 500 IMAGE_SAVE_FAILED.
 */
export async function runVisualization(
  deps: Pick<AppDeps, "db" | "illustrator" | "media" | "logger" | "env" | "bus" | "mailer" | "push" | "dialect">,
  prepared: PreparedVisualization,
  signal: AbortSignal = new AbortController().signal,
): Promise<VisualizationResult> {
  const { db, illustrator, media } = deps;
  const { game, scene, userId } = prepared;
  const genre = resolveGenre(game.genre);
  const id = randomUUID();
  let storedKey: string | undefined;
  try {
    const prompt = buildImagePrompt(scene, genre);
    const [drawn, title] = await Promise.all([illustrator.draw({ prompt, scene, genre, signal }), illustrator.title({ scene, genre, signal })]);
    const createdAt = nowIso();
    const key = mediaKey(id, createdAt, drawn.contentType);
    let url: string;
    try {
      ({ url } = await media.put(key, drawn.bytes, drawn.contentType));
    } catch (error) {
      deps.logger.error({ err: error }, "Salvataggio dell'immagine non riuscito");
      throw AppError.of("IMAGE_SAVE_FAILED", 500);
    }
    storedKey = key;
    const slug = imageSlug(title);
    // Issue 23: the picture enters the gallery screened (held when flagged), or out of it when the author's publishing is suspended.
    const [publication, suspended] = await Promise.all([screenPublication(deps, [title, prompt]), isPublishingSuspended(db, userId)]);
    const { tokens, creator, creatorNickname: creatorLink, messageId } = await db.transaction().execute(async (trx) => {
      const charged = await takeMessages(trx, userId, VISUALIZE_MESSAGE_COST, prepared.chargedAt);
      if (!charged) throw AppError.of("MESSAGE_LIMIT", 429);
      await trx
        .insertInto("generated_images")
        .values({
          id, user_id: userId, image_url: url, prompt: title, created_at: createdAt, slug, offline: illustrator.offline ? 1 : 0, width: drawn.width, height: drawn.height,
          moderation_state: suspended ? "restricted" : "visible",
        })
        .execute();
      await publication.hold(trx, { kind: "image", id, title, authorId: userId });
      // The picture follows the end of the branch being played (ADR 0008).
      const stored = await appendMessage(
        trx,
        { game_id: game.id, user_id: userId, role: "assistant", content: title, image_url: url, created_at: createdAt },
        { gameChanges: { last_played: createdAt, updated_at: createdAt } },
      );
      const profile = await trx.selectFrom("profiles as p").select([publicName, creatorNickname]).where("p.id", "=", userId).executeTakeFirst();
      return { tokens: charged, creator: profile?.nickname ?? null, creatorNickname: profile?.creator_nickname ?? null, messageId: stored.id };
    });
    await publication.announce();
    const image: GalleryImageView = {
      id,
      title,
      slug,
      imageUrl: url,
      createdAt,
      creator,
      creatorNickname: creatorLink,
      offline: illustrator.offline,
      width: drawn.width,
      height: drawn.height,
    };
    const message: MessageView = {
      id: messageId,
      role: "assistant",
      content: title,
      imageUrl: url,
      createdAt,
      image: { id, slug, creator, creatorNickname: creatorLink, offline: illustrator.offline },
    };
    return { message, image, tokens };
  } catch (error) {
    const appError = toAppError(error);
    if (!(error instanceof AppError) && !(error instanceof ImageProviderError)) deps.logger.error({ err: error }, "Visualizzazione non riuscita");
    if (error instanceof ImageProviderError) deps.logger.warn({ kind: error.kind, reason: error.message }, "Fornitore di immagini: immagine non ottenuta");
    await refundVisualization(db, userId, prepared.chargedAt);
    if (storedKey) await media.delete(storedKey).catch(() => undefined);
    throw appError;
  }
}
