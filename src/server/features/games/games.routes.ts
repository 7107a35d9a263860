/**
 * Game endpoints (spec §2 Game chat, §4 Game; DESIGN §4). All need a session.
 *
 * POST /api/games {genre}                 → 201 {id, genre}            create (/gioco/{genre}/new)
 * GET  /api/games/:id                      → 200 GameView               resume with the whole history
 * POST /api/games/:id/messages {content}   → text/event-stream          one turn (TurnEvent events)
 * POST /api/games/:id/retry                → text/event-stream          answer the last player message again
 * Errors before the stream starts are JSON: 401, 404 'Partita non trovata o non autorizzata.',
 * 429 'Limite messaggi raggiunto', 400 validation. Errors during the stream are an 'error' event.
 */

import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { TurnEvent } from "../../../shared/api-types";
import { createGameSchema, sendMessageSchema } from "../../../shared/schemas/game";
import { currentUser, requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { AppError } from "../../errors";
import { validationHook } from "../../validation";
import { readTokens } from "../../quota/quota";
import { createGame, getGameView } from "./games.service";
import { narrateTurn, prepareTurn, type PreparedTurn } from "./turn.service";

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
  .post("/:id/messages", zValidator("json", sendMessageSchema, validationHook), async (c) => {
    const user = currentUser(c);
    const turn = await prepareTurn(c.var.deps.db, user.id, c.req.param("id"), c.req.valid("json"));
    return streamTurn(c, turn);
  })
  .post("/:id/retry", async (c) => {
    const user = currentUser(c);
    const turn = await prepareTurn(c.var.deps.db, user.id, c.req.param("id"), { retry: true });
    return streamTurn(c, turn);
  });

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
      if (result.message) {
        await send({ event: "done", data: { message: result.message, progress: result.progress, tokens: turn.tokens, stopped: result.stopped } });
      }
    } catch (error) {
      await flush();
      const appError = error instanceof AppError ? error : AppError.of("GENERIC", 500);
      if (!(error instanceof AppError)) c.var.deps.log(`Turno fallito: ${String(error)}`);
      const tokens = await readTokens(db, turn.userId);
      await send({ event: "error", data: { code: appError.code, title: appError.title, message: appError.userMessage, tokens } });
    }
  });
}
