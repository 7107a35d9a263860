/**
 * Scene images of a game (spec §2 Game chat '/visualizza (2 token)', §5, §9; issue 3).
 *
 * POST /api/games/:id/images → 201 VisualizeResultView {message, image, tokens}
 *   Who: a signed-in player, on their own game. Without a session: 401 'Devi effettuare il login
 *   per generare immagini'. Refusals: 404 'Partita non trovata o non autorizzata.', 429
 *   'Token visualizzazione insufficienti', 429 'Limite messaggi raggiunto', 400 'Nessun messaggio
 *   disponibile per generare un'immagine', 429 TOO_MANY_AT_ONCE while another picture of the player
 *   is in the making (issue 19: PICTURES_PER_PLAYER), 503 AI_BUDGET_EXHAUSTED once the site's
 *   daily token budget is spent (issue 36 finding 3; admins too; nothing charged). Failures
 *   (image given back): 502/504/500.
 *
 * The typed command and the chat's button send '/visualizza' to POST /api/games/:id/messages,
 * which answers with the same turn stream as a narration (streamVisualization below).
 *
 * Mounted in app.ts BEFORE gamesRoutes, so this route answers its own 401 text instead of the
 * generic one of gamesRoutes' requireUser.
 */

import { type Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { TurnEvent, VisualizeResultView } from "../../../shared/api-types";
import { currentUser } from "../../domain/auth/middleware";
import type { AppDeps, AppEnv } from "../../domain/context";
import { AppError } from "../../platform/errors";
import { readTokens } from "../../domain/quota/quota";
import { admitSpending, withSpending } from "../../domain/policies/spending";
import { type PreparedVisualization, prepareVisualization, runVisualization } from "./visualize.service";

/** What a picture asks of the spending gate: the acting player's budget check and picture slot. */
const pictureRequest = (deps: AppDeps, userId: string) => ({ actorId: userId, purpose: "picture" as const, slots: deps.bounds.pictures });

export const visualizeRoutes = new Hono<AppEnv>().post("/:id/images", async (c) => {
  const user = c.var.user;
  if (!user) throw AppError.of("IMAGE_LOGIN_REQUIRED", 401);
  const { deps } = c.var;
  const result = await withSpending(deps, pictureRequest(deps, user.id), async (pass) => runVisualization(deps, await prepareVisualization(deps.db, pass, c.req.param("id"))));
  return c.json(result satisfies VisualizeResultView, 201);
});

/**
 * '/visualizza' sent as a chat message in game `gameId`: the prepared visualisation streamed as
 * turn events (accepted → done | error), so the chat shows it like any reply. The picture is
 * finished and stored even if the player leaves meanwhile (it is in the game on reload). The
 * spending gate admits it first (JSON 503 AI_BUDGET_EXHAUSTED before the stream) and holds the
 * player's picture slot until the picture is done (issue 19: 429 TOO_MANY_AT_ONCE while another
 * one is in the making); prepareVisualization's refusals are JSON errors too.
 */
export async function streamVisualization(c: Context<AppEnv>, gameId: string) {
  const { deps } = c.var;
  const { pass, release } = await admitSpending(deps, pictureRequest(deps, currentUser(c).id));
  let prepared: PreparedVisualization;
  try {
    prepared = await prepareVisualization(deps.db, pass, gameId);
  } catch (error) {
    release();
    throw error;
  }
  return streamSSE(c, async (stream) => {
    const send = (e: TurnEvent) => stream.writeSSE({ event: e.event, data: JSON.stringify(e.data) });
    try {
      await send({ event: "accepted", data: { userMessage: null, tokens: prepared.tokens } });
      const result = await runVisualization(deps, prepared);
      await send({ event: "done", data: { message: result.message, progress: prepared.game.progress, tokens: result.tokens, stopped: false } });
    } catch (error) {
      const appError = error instanceof AppError ? error : AppError.of("GENERIC", 500);
      const tokens = await readTokens(deps.db, prepared.userId);
      await send({ event: "error", data: { code: appError.code, title: appError.title, message: appError.userMessage, tokens } });
    } finally {
      release();
    }
  });
}
