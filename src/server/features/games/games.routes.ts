/**
 * Game endpoints (spec §2 Game chat, §4 Game; DESIGN §4). All need a session.
 *
 * POST /api/games {genre}                 → 201 {id, genre}            create (/gioco/{genre}/new)
 * GET  /api/games/:id                      → 200 GameView               resume: the latest page of the story (current path)
 * GET  /api/games/:id/messages?before=<cursor>
 *                                          → 200 MessagePageView        the page of the story before the cursor (issue 11 §5)
 * GET  /api/games/:id/map                  → 200 StoryMapView           'Mappa delle scelte': every branch, labelled
 * POST /api/games/:id/messages {content}   → text/event-stream          one turn (TurnEvent events);
 *                                                                         '/visualizza' makes a scene image instead
 *                                                                         (see visualize.routes.ts); '/continua'
 *                                                                         ('Continua', issue 38 §4) a narration that goes
 *                                                                         on without a choice: 1 message, as any turn
 * POST /api/games/:id/retry                → text/event-stream          answer the last player message again
 * POST /api/games/:id/regenerate           → text/event-stream          'Rigenera': a new version of the narration at
 *                                                                         the tip (accepted.userMessage null); 1 message;
 *                                                                         409 NOTHING_TO_REGENERATE
 * POST /api/games/:id/messages/:messageId/renarrate {content}
 *                                          → text/event-stream          'Modifica' + re-narrate: a new player's message
 *                                                                         next to :messageId, narrated (a new branch);
 *                                                                         1 message; 409 MESSAGE_NOT_EDITABLE
 * PATCH /api/games/:id/messages/:messageId {content}
 *                                          → 200 MessageView            'Modifica' in place (edited: true); 409
 *                                                                         MESSAGE_NOT_EDITABLE for a picture; in a listed
 *                                                                         story screened first (issue 36 finding 7)
 * PUT  /api/games/:id/tip {messageId, mode} → 200 GameView              move the tip: 'here' ('Riprendi da qui') or
 *                                                                         'latest' (newest end below it: ‹ 2/3 ›, map);
 *                                                                         the new path of a listed story is screened
 * PUT  /api/games/:id/style {length, creativity}
 *                                          → 200 StoryStyle             'Lunghezza' and 'Creatività' (issue 38 §4): the
 *                                                                         owner's (a group's host); 400 for a value out of
 *                                                                         the lists, 404 for anyone else
 * POST /api/games/:id/undo                 → 200 GameView               'Annulla': back before the latest player's
 *                                                                         message (kept, hidden); 409 NOTHING_TO_UNDO
 * DELETE /api/games/:id                    → 200 {ok: true}             delete an own game and its messages (profile 'Elimina')
 * POST /api/games/:id/stop                 → 202 {ok: true}             'Stop': end the narration in progress (the only
 *                                                                         way to end it early: a client that leaves does
 *                                                                         not); its stream then ends with 'done' (stopped)
 * GET  /api/games/:id/live  [Last-Event-ID: <characters received>]
 *                                          → text/event-stream          resume the narration of the latest turn (issue 11
 *                                                                         §4), on any instance: delta* → done | error from
 *                                                                         that character (absent: 0; not a whole number:
 *                                                                         400); 204 when the game has no narration to
 *                                                                         resume; owner or member (issue 24; else 404); 429
 *                                                                         TOO_MANY_STREAMS past NARRATION_FOLLOWERS_PER_PLAYER
 *                                                                         streams of the player, 503 SERVER_BUSY past
 *                                                                         LIVE_STREAMS_MAX (issue 19 §7)
 * Errors before the stream starts are JSON: 401, 404 'Partita non trovata o non autorizzata.',
 * 404 'Messaggio non trovato in questa partita.', 429 'Limite messaggi raggiunto', 400 validation,
 * 503 AI_BUDGET_EXHAUSTED 'Il narratore si riposa fino a domani…' once the site's daily token
 * budget is spent (the spending gate, issue 20 §4 and issue 36 finding 3: nothing charged; an
 * admin's own turns go on, '/visualizza' does not), 429 TOO_MANY_AT_ONCE when the
 * player already has NARRATIONS_PER_PLAYER narrations running, or a picture in the making (issue 19).
 * Errors during the stream are an 'error' event. Every event of a turn stream carries as its SSE id
 * the number of characters of narration sent so far. Story control (issue 11 §2, ADR 0008) only adds
 * messages or moves the tip: nothing the player wrote is deleted.
 */

import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { type SSEStreamingApi, streamSSE } from "hono/streaming";
import { z } from "zod";
import type { TurnEvent } from "../../../shared/api-types";
import { MAX_MESSAGE_LENGTH, parsePlayerAction } from "../../../shared/commands";
import { createGameSchema, editMessageSchema, MAX_NARRATION_LENGTH, moveTipSchema, olderMessagesSchema, sendMessageSchema } from "../../../shared/schemas/game";
import { currentUser, requireUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import { validationHook } from "../../platform/validation";
import { createGame, deleteOwnedGame, findReadableGame, getGameView, olderMessages } from "./games.service";
import { type BoundedTurn, boundedTurn, followNarration, runSource, startNarration, stopTopic, storedRunSource } from "./live-narration";
import { findRunRow, isStale } from "./narration-runs.service";
import { editMessage, moveTip, undoTurn } from "./story-control.service";
import { storyMap } from "./story-map.service";
import { setStoryStyle } from "./story-style.service";
import { storyStyleSchema } from "../../../shared/schemas/story-style";
import type { TurnInput } from "./turn.service";
import { streamVisualization } from "./visualize.routes";
import { queryInteger } from "../../../shared/schemas/query-number";

/** GET /:id/live: Last-Event-ID, the characters of narration the client already has (0 when absent). */
const resumeHeaders = z.object({ "last-event-id": queryInteger("Last-Event-ID", 0, 10_000_000, 0) });

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
  .get("/:id/messages", zValidator("query", olderMessagesSchema, validationHook), async (c) => {
    const user = currentUser(c);
    return c.json(await olderMessages(c.var.deps.db, user.id, c.req.param("id"), c.req.valid("query").before));
  })
  .get("/:id/map", async (c) => {
    const user = currentUser(c);
    return c.json(await storyMap(c.var.deps.db, user.id, c.req.param("id")));
  })
  .delete("/:id", async (c) => {
    const user = currentUser(c);
    await deleteOwnedGame(c.var.deps.db, user.id, c.req.param("id"));
    return c.json({ ok: true as const });
  })
  .post("/:id/messages", zValidator("json", sendMessageSchema, validationHook), async (c) => {
    const input = c.req.valid("json");
    // '/visualizza' (typed or the button): a scene image instead of a narration (issue 3).
    if (parsePlayerAction(input.content).kind === "visualize") {
      return streamVisualization(c, c.req.param("id"));
    }
    return streamTurn(c, await budgetedTurn(c, input));
  })
  .post("/:id/retry", async (c) => {
    return streamTurn(c, await budgetedTurn(c, { retry: true }));
  })
  .post("/:id/regenerate", async (c) => {
    return streamTurn(c, await budgetedTurn(c, { regenerate: true }));
  })
  .post("/:id/messages/:messageId/renarrate", zValidator("json", editMessageSchema(MAX_MESSAGE_LENGTH), validationHook), async (c) => {
    const { content } = c.req.valid("json");
    return streamTurn(c, await budgetedTurn(c, { content, replacing: c.req.param("messageId") }));
  })
  .patch("/:id/messages/:messageId", zValidator("json", editMessageSchema(MAX_NARRATION_LENGTH), validationHook), async (c) => {
    const user = currentUser(c);
    return c.json(await editMessage(c.var.deps, user.id, c.req.param("id"), c.req.param("messageId"), c.req.valid("json")));
  })
  .put("/:id/tip", zValidator("json", moveTipSchema, validationHook), async (c) => {
    const user = currentUser(c);
    return c.json(await moveTip(c.var.deps, user.id, c.req.param("id"), c.req.valid("json")));
  })
  .put("/:id/style", zValidator("json", storyStyleSchema, validationHook), async (c) => {
    const user = currentUser(c);
    return c.json(await setStoryStyle(c.var.deps.db, user.id, c.req.param("id"), c.req.valid("json")));
  })
  .post("/:id/undo", async (c) => {
    const user = currentUser(c);
    return c.json(await undoTurn(c.var.deps.db, user.id, c.req.param("id")));
  })
  .post("/:id/stop", async (c) => {
    const user = currentUser(c);
    // 'Stop' is anyone's in a group story (issue 24).
    const game = await findReadableGame(c.var.deps.db, user.id, c.req.param("id"));
    // Through the bus, so the instance streaming the turn hears it whichever instance got this call.
    await c.var.deps.bus.publish(stopTopic(game.id), {});
    return c.json({ ok: true }, 202);
  })
  .get("/:id/live", zValidator("header", resumeHeaders, validationHook), async (c) => {
    const user = currentUser(c);
    const { db, narrations, shutdownSignal, bounds } = c.var.deps;
    const game = await findReadableGame(db, user.id, c.req.param("id"));
    const from = c.req.valid("header")["last-event-id"];
    const local = narrations.get(game.id);
    // Written by another instance, or over (then only its end is left to send).
    const row = local ? undefined : await findRunRow(db, game.id);
    if (!local && (!row || isStale(row))) return c.body(null, 204);
    // Bounded per player and per instance (issue 19 §7): 429 TOO_MANY_STREAMS, 503 SERVER_BUSY.
    const release = bounds.narrationFollowers.take(user.id);
    return streamSSE(c, async (stream) => {
      try {
        if (local) return await followNarration(stream, runSource(local), from, leaving(stream));
        // A reader of another instance's run lets its client go when this server stops: the client comes back elsewhere.
        await followNarration(stream, storedRunSource(db, row!, user.id), from, AbortSignal.any([leaving(stream), shutdownSignal]));
      } finally {
        release();
      }
    });
  });

/** {@link boundedTurn} for the signed-in player and the game of the route. */
const budgetedTurn = (c: Context<AppEnv>, input: TurnInput) => boundedTurn(c.var.deps, currentUser(c).id, c.req.param("id")!, input);

/** Aborted when the client of `stream` disconnects. Call it before the stream callback's first await. */
function leaving(stream: SSEStreamingApi): AbortSignal {
  const left = new AbortController();
  stream.onAbort(() => left.abort());
  return left.signal;
}

/**
 * Streams a prepared turn as server-sent events (accepted → delta* → done | error). The narration
 * runs on its own (startNarration): when the client leaves, only this stream ends (issue 11 §4).
 * Chunks that arrive together are sent as one 'delta', so a fast provider costs few writes while
 * a slow one still reaches the player word by word.
 */
function streamTurn(c: Context<AppEnv>, { turn, release }: BoundedTurn) {
  const run = startNarration(c.var.deps, turn, release);
  return streamSSE(c, async (stream) => {
    const left = leaving(stream);
    const accepted: TurnEvent = { event: "accepted", data: { userMessage: turn.userMessage, tokens: turn.tokens } };
    await stream.writeSSE({ event: accepted.event, data: JSON.stringify(accepted.data), id: "0" });
    await followNarration(stream, runSource(run), 0, left);
  });
}
