/**
 * Game endpoints (spec §2 Game chat, §4 Game; DESIGN §4). All need a session.
 *
 * POST /api/games {genre}                 → 201 {id, genre}            create (/gioco/{genre}/new)
 * GET  /api/games/:id                      → 200 GameView               resume with the whole history
 * POST /api/games/:id/messages {content}   → text/event-stream          one turn (TurnEvent events);
 *                                                                         '/visualizza' makes a scene image instead
 *                                                                         (see visualize.routes.ts)
 * POST /api/games/:id/retry                → text/event-stream          answer the last player message again
 * DELETE /api/games/:id                    → 200 {ok: true}             delete an own game and its messages (profile 'Elimina')
 * POST /api/games/:id/stop                 → 202 {ok: true}             'Stop': end the narration in progress;
 *                                                                         its stream then ends with 'done' (stopped)
 * Errors before the stream starts are JSON: 401, 404 'Partita non trovata o non autorizzata.',
 * 429 'Limite messaggi raggiunto', 400 validation. Errors during the stream are an 'error' event.
 */

import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { TurnEvent } from "../../../shared/api-types";
import { parsePlayerAction } from "../../../shared/commands";
import { createGameSchema, sendMessageSchema } from "../../../shared/schemas/game";
import { currentUser, requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { AppError } from "../../errors";
import { validationHook } from "../../validation";
import { readTokens } from "../../quota/quota";
import { createGame, deleteOwnedGame, findOwnedGame, getGameView } from "./games.service";
import { narrateTurn, prepareTurn, type PreparedTurn } from "./turn.service";
import { streamVisualization } from "./visualize.routes";
import { prepareVisualization } from "./visualize.service";

export const gamesRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", zValidator("json", createGameSchema, validationHook), async (c) => {
    const user = currentUser(c);
    const { genre } = c.req.valid("json");
    const id = await createGame(c.var.deps.db, user.id, genre);
    return c.json({ id, genre }, 201);
  })
  .get("/:id", async (c) => {
    const user = currentUser(c);
    return c.json(await getGameView(c.var.deps.db, user.id, c.req.param("id")));
  })
  .delete("/:id", async (c) => {
    const user = currentUser(c);
    await deleteOwnedGame(c.var.deps.db, user.id, c.req.param("id"));
    return c.json({ ok: true as const });
  })
  .post("/:id/messages", zValidator("json", sendMessageSchema, validationHook), async (c) => {
    const user = currentUser(c);
    const input = c.req.valid("json");
    // '/visualizza' (typed or the button): a scene image instead of a narration (issue 3).
    if (parsePlayerAction(input.content).kind === "visualize") {
      return streamVisualization(c, await prepareVisualization(c.var.deps.db, user.id, c.req.param("id")));
    }
    const turn = await prepareTurn(c.var.deps.db, user.id, c.req.param("id"), input);
    return streamTurn(c, turn);
  })
  .post("/:id/retry", async (c) => {
    const user = currentUser(c);
    const turn = await prepareTurn(c.var.deps.db, user.id, c.req.param("id"), { retry: true });
    return streamTurn(c, turn);
  })
  .post("/:id/stop", async (c) => {
    const user = currentUser(c);
    const game = await findOwnedGame(c.var.deps.db, user.id, c.req.param("id"));
    // Through the bus, so the instance streaming the turn hears it whichever instance got this call.
    await c.var.deps.bus.publish(stopTopic(game.id), {});
    return c.json({ ok: true }, 202);
  });

/** Bus topic on which 'Stop' reaches the turn being streamed for a game. */
const stopTopic = (gameId: string) => `turn-stop:${gameId}`;

/**
 * Streams a prepared turn as server-sent events (accepted → delta* → done | error). Chunks that
 * arrive together are sent as one 'delta' (flushed on the next event-loop turn), so a fast
 * provider costs few writes while a slow one still reaches the player word by word.
 */
function streamTurn(c: Context<AppEnv>, turn: PreparedTurn) {
  const { db, env, narrator } = c.var.deps;
  return streamSSE(c, async (stream) => {
    const clientGone = new AbortController();
    stream.onAbort(() => clientGone.abort());
    const unsubscribe = c.var.deps.bus.subscribe(stopTopic(turn.game.id), () => clientGone.abort());
    const send = (e: TurnEvent) => stream.writeSSE({ event: e.event, data: JSON.stringify(e.data) });
    let pending = "";
    let flushing: Promise<void> | undefined;
    const flush = () => {
      flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        const text = pending;
        pending = "";
        flushing = undefined;
        if (text) await send({ event: "delta", data: { text } });
      });
      return flushing;
    };
    await send({ event: "accepted", data: { userMessage: turn.userMessage, tokens: turn.tokens } });
    try {
      const result = await narrateTurn(db, turn, {
        narrator,
        connectTimeoutMs: env.AI_CONNECT_TIMEOUT_MS,
        idleTimeoutMs: env.AI_IDLE_TIMEOUT_MS,
        clientSignal: clientGone.signal,
        onDelta: (text) => {
          pending += text;
          void flush();
        },
      });
      await flush();
      // A stop before the first word gave the message back: read the counters again.
      const tokens = result.message ? turn.tokens : await readTokens(db, turn.userId);
      await send({ event: "done", data: { message: result.message, progress: result.progress, tokens, stopped: result.stopped } });
    } catch (error) {
      await flush();
      const appError = error instanceof AppError ? error : AppError.of("GENERIC", 500);
      if (!(error instanceof AppError)) c.var.deps.log(`Turno fallito: ${String(error)}`);
      const tokens = await readTokens(db, turn.userId);
      await send({ event: "error", data: { code: appError.code, title: appError.title, message: appError.userMessage, tokens } });
    } finally {
      unsubscribe();
    }
  });
}
