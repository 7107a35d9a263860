/**
 * 'Ascolta' with the server's voice (issue 39). The client names a stored narration and a part of
 * it, never a text: the server splits the narration with the page's own splitter
 * (shared/speech/speech-text.ts: its sentences, then 'Scelta A: …') and says that part.
 *
 * GET /api/games/:id/messages/:messageId/speech?part=N
 *   → 200 audio/mpeg (streamed as the speech endpoint makes it)
 *   Who: the story's owner or a member (findReadableGame / findGameMessage 'member', the
 *   membership ledger's rule, as every read of a story); a visitor gets 401, anyone else 404.
 *   Errors (JSON, Italian): 404 SERVER_VOICE_OFF (no TTS_BASE_URL/TTS_MODEL), 400 VALIDATION (part
 *   not a whole number in [0, 999]), 404 GAME_NOT_FOUND, 404 MESSAGE_NOT_FOUND (another game's
 *   message, no such message), 400 SPEECH_PART_NOT_FOUND (the narration has no part N; a player's
 *   message or a picture has none), 429 SPEECH_LIMIT past SPEECH_PARTS_PER_MINUTE parts a minute
 *   per player (with Retry-After), 503 AI_BUDGET_EXHAUSTED once the site's daily AI budget is spent
 *   (the spending gate, purpose 'speech'), 502 SPEECH_FAILED when the endpoint fails or is late.
 */

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { RateLimiterRes } from "rate-limiter-flexible";
import { speechQuerySchema } from "../../../shared/schemas/speech";
import { speechSegments } from "../../../shared/speech/speech-text";
import { hasServerVoice, serverVoice } from "../../domain/ai/speech";
import { sharedLimiter } from "../../domain/auth/limit-store";
import { currentUser, requireUser } from "../../domain/auth/middleware";
import type { AppDeps, AppEnv } from "../../domain/context";
import { withSpending } from "../../domain/policies/spending";
import { AppError } from "../../platform/errors";
import { validationHook } from "../../platform/validation";
import { findGameMessage, findReadableGame } from "./games.service";

/** Parts (sentences) one player may have said in a minute: some 4 minutes of listening, prefetch included. */
export const SPEECH_PARTS_PER_MINUTE = 60;

/** The players' speech allowance (SPEECH_PARTS_PER_MINUTE each); shared by instances on PostgreSQL (limit-store.ts). */
const limiterFor = (deps: Pick<AppDeps, "db" | "dialect">) =>
  sharedLimiter(deps.db, deps.dialect, { keyPrefix: "speech-player", points: SPEECH_PARTS_PER_MINUTE, duration: 60 });

/** 429 SPEECH_LIMIT with the seconds to wait (sent as Retry-After). */
class SpeechLimitError extends AppError {
  constructor(readonly retryAfter: number) {
    super("SPEECH_LIMIT", 429, "Hai chiesto troppe frasi da leggere in poco tempo. Attendi un minuto e riprova.", "Troppe letture");
  }
}

/** Takes one part from the player's allowance; throws SpeechLimitError past it. */
async function takePart(deps: Pick<AppDeps, "db" | "dialect">, userId: string): Promise<void> {
  try {
    await limiterFor(deps).consume(userId);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new SpeechLimitError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    throw error;
  }
}

export const speechRoutes = new Hono<AppEnv>()
  .use("/:id/messages/:messageId/speech", requireUser)
  .get("/:id/messages/:messageId/speech", zValidator("query", speechQuerySchema, validationHook), async (c) => {
    const { deps } = c.var;
    if (!hasServerVoice(deps.env)) throw AppError.of("SERVER_VOICE_OFF", 404);
    const user = currentUser(c);
    const gameId = c.req.param("id");
    // The story first (404 GAME_NOT_FOUND for a stranger), then its message.
    await findReadableGame(deps.db, user.id, gameId);
    const message = await findGameMessage(deps.db, user.id, gameId, c.req.param("messageId"), "member");
    const narration = message.role === "assistant" && !message.image_url ? message.content : "";
    const part = speechSegments(narration, true)[c.req.valid("query").part];
    if (!part) throw AppError.of("SPEECH_PART_NOT_FOUND", 400);
    try {
      await takePart(deps, user.id);
    } catch (error) {
      if (error instanceof SpeechLimitError) c.header("Retry-After", String(error.retryAfter));
      throw error;
    }
    let audio;
    try {
      audio = await withSpending(deps, { actorId: user.id, purpose: "speech" }, (pass) => serverVoice(deps.env).say(pass, part.speak, c.req.raw.signal));
    } catch (error) {
      deps.logger.warn({ err: (error as Error).cause ?? error, gameId }, "Voce del sito non riuscita");
      throw error;
    }
    // A narration can be edited in place ('Modifica'): its audio is not kept.
    return new Response(audio.body, { status: 200, headers: { "content-type": audio.contentType, "cache-control": "private, no-store" } });
  });
