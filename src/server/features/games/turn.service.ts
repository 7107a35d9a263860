/**
 * One chat turn on the server (DESIGN §4): ownership, quota taken atomically with the player's
 * message stored in the same transaction, prompt building, the narration streamed while it is
 * accumulated, then stored. On provider failure or timeout the quota is given back and the
 * player's message stays, so 'Riprova' can ask again without typing.
 */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { MessageView, TokensView } from "../../../shared/api-types";
import { type PlayerAction, parsePlayerAction } from "../../../shared/commands";
import { resolveGenre } from "../../../shared/genres";
import { advanceProgress, phaseFor } from "../../ai/progress";
import { buildSystemPrompt, historyWindow, toModelMessages } from "../../ai/prompt";
import { NarrationTimeoutError, withTimeouts } from "../../ai/timeouts";
import type { Narrator } from "../../ai/types";
import { nowIso } from "../../clock";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { refundMessages, takeMessages } from "../../quota/quota";
import { findOwnedGame, narratorConfigFor, type OwnedGame, toMessageView } from "./games.service";

type Db = Kysely<Database>;

export interface PreparedTurn {
  userId: string;
  game: OwnedGame;
  action: PlayerAction;
  /** The stored player's message; null for a retry (the message was stored before). */
  userMessage: MessageView | null;
  /** When the quota was taken: a refund must hit the same Rome day. */
  chargedAt: Date;
  /** The player's counters right after this turn was charged. */
  tokens: TokensView;
}

/**
 * Step 1–2 of a turn, before anything is streamed.
 * Input: the owner, the game, and either the player's text or `retry` (answer the last stored
 * player's message again). Throws 404 GAME_NOT_FOUND, 409 NOTHING_TO_RETRY, 400 NO_SCENE for
 * '/visualizza' (handled by visualize.service.ts, never here), 429 MESSAGE_LIMIT (spec §8 'Limite messaggi raggiunto').
 */
export async function prepareTurn(db: Db, userId: string, gameId: string, input: { content: string } | { retry: true }): Promise<PreparedTurn> {
  const game = await findOwnedGame(db, userId, gameId);
  let content: string;
  if ("retry" in input) {
    const last = await db
      .selectFrom("chat_messages")
      .select(["role", "content"])
      .where("game_id", "=", game.id)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!last || last.role !== "user") throw AppError.of("NOTHING_TO_RETRY", 409);
    content = last.content;
  } else {
    content = input.content;
  }
  const action = parsePlayerAction(content);
  // '/visualizza' never reaches a narration: the route sends it to the visualisation (and it is
  // never stored as a player's message, so a retry cannot find it either).
  if (action.kind === "visualize") throw AppError.of("NO_SCENE", 400);

  const chargedAt = new Date();
  return db.transaction().execute(async (trx) => {
    const tokens = await takeMessages(trx, userId, 1, chargedAt);
    if (!tokens) throw AppError.of("MESSAGE_LIMIT", 429);
    // last_played moves when the narration is stored (narrateTurn), in the same write as progress.
    if ("retry" in input) return { userId, game, action, userMessage: null, chargedAt, tokens };
    const now = nowIso();
    const row = { id: randomUUID(), game_id: game.id, user_id: userId, role: "user" as const, content, image_url: null, created_at: now };
    await trx.insertInto("chat_messages").values(row).execute();
    return { userId, game, action, userMessage: toMessageView(row), chargedAt, tokens };
  });
}

export interface NarrateOptions {
  narrator: Narrator;
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  /** Aborted when the player presses 'Stop' or leaves: what was written so far is kept. */
  clientSignal: AbortSignal;
  onDelta: (text: string) => void | Promise<void>;
}

export interface TurnResult {
  /** The stored narration; null when the player stopped before the first word. */
  message: MessageView | null;
  progress: number;
  stopped: boolean;
}

/**
 * Steps 3–5: builds the prompt, streams the narration through `onDelta`, stores it.
 * Throws 504 AI_TIMEOUT, 502 AI_FAILED or 502 EMPTY_REPLY after giving the quota back; the
 * player's message is kept.
 */
export async function narrateTurn(db: Db, turn: PreparedTurn, options: NarrateOptions): Promise<TurnResult> {
  const { game } = turn;
  const refund = () => refundMessages(db, turn.userId, 1, turn.chargedAt);
  const config = await narratorConfigFor(db, game);
  const window = historyWindow(config.context_memory);
  let historyQuery = db
    .selectFrom("chat_messages")
    .select(["role", "content", "image_url"])
    .where("game_id", "=", game.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
  if (window !== undefined) historyQuery = historyQuery.limit(window);
  const [history, counted] = await Promise.all([
    historyQuery.execute(),
    db
      .selectFrom("chat_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("game_id", "=", game.id)
      .where("role", "=", "assistant")
      .executeTakeFirstOrThrow(),
  ]);
  const restart = turn.action.kind === "new";
  const phase = phaseFor(game.progress, config.story_pacing, restart);

  const controller = new AbortController();
  const onClientAbort = () => controller.abort("client");
  if (options.clientSignal.aborted) onClientAbort();
  options.clientSignal.addEventListener("abort", onClientAbort, { once: true });

  let text = "";
  try {
    const chunks = options.narrator.stream({
      gameId: game.id,
      genre: resolveGenre(game.genre),
      turn: Number(counted.n),
      action: turn.action,
      phase,
      system: buildSystemPrompt(config, phase),
      messages: toModelMessages(history.reverse()),
      temperature: config.temperature,
      maxTokens: config.max_tokens,
      signal: controller.signal,
    });
    for await (const chunk of withTimeouts(chunks, controller, options.connectTimeoutMs, options.idleTimeoutMs)) {
      text += chunk;
      await options.onDelta(chunk);
    }
  } catch (error) {
    if (controller.signal.reason !== "client") {
      await refund();
      throw error instanceof NarrationTimeoutError ? AppError.of("AI_TIMEOUT", 504) : AppError.of("AI_FAILED", 502);
    }
  } finally {
    options.clientSignal.removeEventListener("abort", onClientAbort);
  }

  const stopped = controller.signal.reason === "client";
  const content = text.trim();
  if (!content) {
    await refund();
    if (stopped) return { message: null, progress: game.progress, stopped };
    throw AppError.of("EMPTY_REPLY", 502);
  }
  const progress = advanceProgress(game.progress, config.story_pacing, restart);
  const now = nowIso();
  const row = { id: randomUUID(), game_id: game.id, user_id: turn.userId, role: "assistant" as const, content, image_url: null, created_at: now };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("chat_messages").values(row).execute();
    await trx.updateTable("saved_games").set({ progress, last_played: now, updated_at: now }).where("id", "=", game.id).execute();
  });
  return { message: toMessageView(row), progress, stopped };
}
