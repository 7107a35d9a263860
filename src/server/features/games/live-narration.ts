/**
 * Narration that survives the network (issue 11 §4; ADR 0008 "Narrations belong to the server").
 * A turn's narration runs detached from the request that started it: a client that leaves (tab
 * closed, reload, network switch) does not end it, only 'Stop' (POST /stop, over the event bus so
 * any instance can ask) does. It is stored as always (choice repair, quota charged once), and
 * meanwhile its text is kept in memory (NarrationRegistry) and saved to its narration_runs row at
 * most every RUN_FLUSH_MS, so that a reader follows it from any character: on this instance from
 * memory, on another one by reading the row every RUN_POLL_MS until it is done.
 */

import type { Kysely } from "kysely";
import type { SSEStreamingApi } from "hono/streaming";
import { ERRORS, type ErrorCode } from "../../../shared/errors";
import type { AppDeps } from "../../domain/context";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { readTokens } from "../../domain/quota/quota";
import type { TurnOutcome } from "../../platform/ops/metrics";
import { type FinalTurnEvent, LiveRun } from "../../platform/realtime/narration-registry";
import { toMessageView } from "./games.service";
import { findRunRow, isStale, RUN_FLUSH_MS, RUN_RENEW_MS, type RunRow, updateRunRow } from "./narration-runs.service";
import { narrateTurn, type PreparedTurn, prepareTurn, type TurnInput } from "./turn.service";
import { type Admission, admitSpending } from "../../domain/policies/spending";
import type { Release } from "../../domain/quota/bounds";
import { groupChanged, passTurn, publishToGroup } from "./group.service";
import { screenStoredStoryChange } from "../moderation/screening";

type Db = Kysely<Database>;

/** A prepared turn and the release of its narration's slot (given back when the narration ends). */
export interface BoundedTurn {
  turn: PreparedTurn;
  release: Release;
}

/**
 * prepareTurn for `userId`, the acting player (whose action the turn is, charged for it), once
 * the spending gate admits it (policies/spending.ts; issue 20 §4, issue 36 finding 3): when
 * AI_DAILY_TOKEN_BUDGET is spent, a player's new turn is refused before anything is charged
 * (503 AI_BUDGET_EXHAUSTED; an admin's own turns go on). A player has at most
 * NARRATIONS_PER_PLAYER narrations running at once on an instance (issue 19: 429
 * TOO_MANY_AT_ONCE, nothing charged). Used by the chat routes and by a group's closed vote
 * (issue 24). Output: the prepared turn (with its pass) and the release of its narration slot.
 */
export async function boundedTurn(deps: AppDeps, userId: string, gameId: string, input: TurnInput): Promise<BoundedTurn> {
  const { db, metrics, bounds } = deps;
  let admission: Admission;
  try {
    admission = await admitSpending(deps, { actorId: userId, purpose: "turn", slots: bounds.narrations });
  } catch (error) {
    if (error instanceof AppError && error.code === "AI_BUDGET_EXHAUSTED") metrics.turns.inc({ outcome: "refused_budget" });
    throw error;
  }
  try {
    return { turn: await prepareTurn(db, userId, gameId, input, admission.pass), release: admission.release };
  } catch (error) {
    admission.release();
    throw error;
  }
}

/** How often a reader on another instance reads the run's row, ms. */
const RUN_POLL_MS = 100;

/** Bus topic on which 'Stop' reaches the narration of a game, on whichever instance it runs. */
export const stopTopic = (gameId: string) => `turn-stop:${gameId}`;

/**
 * Starts narrating a prepared turn on this instance, detached from any request (steps 3–5 of
 * DESIGN §4 through narrateTurn). Input: the app's dependencies and the turn prepareTurn charged.
 * Output: the run, to follow with {@link followNarration}; it ends with 'done' (message stored,
 * or stopped) or 'error' (quota given back by narrateTurn), and its row says the same before
 * readers hear it. `ended` is called once it is over (e.g. to give back the player's narration
 * slot, issue 19). Never throws; database failures of the row are logged.
 */
export function startNarration(deps: AppDeps, turn: PreparedTurn, ended: () => void = () => {}): LiveRun {
  const run = new LiveRun(turn.runId, turn.playerMessageId);
  deps.narrations.track(turn.game.id, run, narrate(deps, turn, run).finally(ended));
  // The group follows it through GET /live (issue 24).
  if (turn.group) void publishToGroup(deps.db, deps.bus, turn.game.id, { type: "group.narration", gameId: turn.game.id }).catch((error: unknown) => deps.logger.error({ err: error, gameId: turn.game.id }, "Gruppo: avviso non inviato"));
  return run;
}

async function narrate(deps: AppDeps, turn: PreparedTurn, run: LiveRun): Promise<void> {
  const { db, env, narrator, bus, logger, metrics } = deps;
  const started = performance.now();
  const measure = (outcome: TurnOutcome) => {
    metrics.turns.inc({ outcome });
    metrics.narrationDuration.observe({ outcome }, (performance.now() - started) / 1000);
  };
  const gameId = turn.game.id;
  // Row writes happen one after another; the narration never waits for them. The row was started
  // with the turn's charge (prepareTurn).
  let writes = Promise.resolve();
  let writing = 0;
  const write = (task: () => Promise<void>) => {
    writing++;
    writes = writes
      .then(task)
      .catch((error: unknown) => logger.error({ err: error, runId: run.id }, "Narrazione: salvataggio non riuscito"))
      .finally(() => void writing--);
    return writes;
  };
  let saved = 0;
  let savedAt = Date.now();
  const flushText = () => {
    if (writing > 0 || (run.text.length === saved && Date.now() - savedAt < RUN_RENEW_MS)) return;
    saved = run.text.length;
    savedAt = Date.now();
    const text = run.text;
    void write(() => updateRunRow(db, gameId, run.id, { text }));
  };
  const flush = setInterval(flushText, RUN_FLUSH_MS);
  const stop = new AbortController();
  const unsubscribe = bus.subscribe(stopTopic(gameId), () => stop.abort());
  // A stop of the server that ran out of time keeps what was written, as 'Stop' would (issue 20 §3).
  const cut = () => stop.abort();
  deps.narrations.cutSignal.addEventListener("abort", cut, { once: true });

  let final: FinalTurnEvent;
  // The row's end, when it is not written with the stored narration.
  let ending: Parameters<typeof updateRunRow>[3] | null;
  try {
    const result = await narrateTurn(db, turn, {
      narrator,
      connectTimeoutMs: env.AI_CONNECT_TIMEOUT_MS,
      idleTimeoutMs: env.AI_IDLE_TIMEOUT_MS,
      clientSignal: stop.signal,
      onDelta: (text) => {
        run.append(text);
        // The first words are saved at once: readers on other instances start without waiting a tick.
        if (saved === 0) flushText();
      },
      onWaiting: (retry) => run.waiting(retry),
      logger,
      onChoiceContract: (outcome) => metrics.choiceContract.inc({ outcome }),
      whenStored: (trx, stored) => updateRunRow(trx, gameId, run.id, { text: run.text, status: "done", message_id: stored.messageId, stopped: stored.stopped ? 1 : 0 }),
    });
    // A stop before the first word gave the message back: read the counters again.
    const tokens = result.message ? turn.tokens : await readTokens(db, turn.userId);
    final = { event: "done", data: { message: result.message, progress: result.progress, tokens, stopped: result.stopped } };
    measure(result.stopped ? "stopped" : "completed");
    ending = result.message ? null : { status: "done", message_id: null, stopped: result.stopped ? 1 : 0 };
  } catch (error) {
    const appError = error instanceof AppError ? error : AppError.of("GENERIC", 500);
    if (!(error instanceof AppError)) logger.error({ err: error, gameId }, "Turno fallito");
    const tokens = await readTokens(db, turn.userId).catch(() => null);
    final = { event: "error", data: { code: appError.code, title: appError.title, message: appError.userMessage, tokens } };
    measure(appError.code === "AI_TIMEOUT" ? "timeout" : appError.code === "EMPTY_REPLY" ? "empty" : "failed");
    ending = { status: "failed", error_code: appError.code };
  } finally {
    clearInterval(flush);
    unsubscribe();
    deps.narrations.cutSignal.removeEventListener("abort", cut);
  }
  if (ending) {
    const changes = { text: run.text, ...ending };
    await write(() => updateRunRow(db, gameId, run.id, changes));
  }
  // The turn passes before the end reaches anyone, so whoever reads the group on 'done' sees it.
  if (turn.group) await afterGroupTurn(deps, turn, final.event === "done" && final.data.message !== null);
  // Issue 36 finding 7: what the turn added to a listed story is screened like its first publication.
  await screenStoredStoryChange(deps, gameId, () => turnTexts(turn, final));
  run.finish(final);
}

/** What a turn added to its story's text: the player's own words (a free text; not a command) and the stored narration. */
function turnTexts(turn: PreparedTurn, final: FinalTurnEvent): string[] {
  const words = turn.userMessage && turn.action.kind === "free" ? [turn.action.text] : [];
  return final.event === "done" && final.data.message ? [...words, final.data.message.content] : words;
}

/**
 * After a group story's narration (issue 24): 'a turno', a narrated turn passes to the next
 * player; every member reloads the group. Failures are logged, never thrown.
 */
async function afterGroupTurn(deps: AppDeps, turn: PreparedTurn, narrated: boolean): Promise<void> {
  try {
    if (narrated && turn.game.play_mode === "turns") await passTurn(deps, turn.game.id, turn.userId);
    await groupChanged(deps.db, deps.bus, turn.game.id);
  } catch (error) {
    deps.logger.error({ err: error, gameId: turn.game.id }, "Gruppo: turno non passato");
  }
}

/**
 * What a reader follows: the narration's text so far, the provider's retries before its first
 * word (this instance only; 0 from another one) and, once it is over, its final event.
 */
export interface NarrationSource {
  read(): Promise<{ text: string; retries: number; final: FinalTurnEvent | null }>;
  /** Calls `changed` whenever the text or the end may have changed. Output: the function that stops it. */
  watch(changed: () => void): () => void;
}

/** A run of this instance, read from memory. */
export function runSource(run: LiveRun): NarrationSource {
  return { read: async () => ({ text: run.text, retries: run.retries, final: run.final }), watch: (changed) => run.watch(changed) };
}

/**
 * A run followed through its narration_runs row (written by any instance), read every RUN_POLL_MS.
 * Input: the row as first read and the owner (for the counters of the final event). Its final
 * event is 'done' with the stored message, the game's progress and the owner's counters, or the
 * run's 'error'; a run that went stale, or that a newer run of the game replaced, ends with the
 * generic error.
 */
export function storedRunSource(db: Db, first: RunRow, userId: string): NarrationSource {
  let text = first.text;
  return {
    async read() {
      const row = await findRunRow(db, first.game_id);
      if (!row || row.run_id !== first.run_id || isStale(row)) return { text, retries: 0, final: await errorEvent(db, "GENERIC", userId) };
      text = row.text;
      return { text, retries: 0, final: row.status === "running" ? null : await storedFinalEvent(db, row, userId) };
    },
    watch(changed) {
      const timer = setInterval(changed, RUN_POLL_MS);
      return () => clearInterval(timer);
    },
  };
}

/** The 'done' or 'error' event of a finished row, as the instance that ran it sent it. */
async function storedFinalEvent(db: Db, row: RunRow, userId: string): Promise<FinalTurnEvent> {
  if (row.status === "failed") return errorEvent(db, (row.error_code ?? "GENERIC") as ErrorCode, userId);
  const [message, game, tokens] = await Promise.all([
    row.message_id ? db.selectFrom("chat_messages").selectAll().where("id", "=", row.message_id).executeTakeFirst() : undefined,
    db.selectFrom("saved_games").select("progress").where("id", "=", row.game_id).executeTakeFirst(),
    readTokens(db, userId),
  ]);
  return { event: "done", data: { message: message ? toMessageView(message) : null, progress: game?.progress ?? 0, tokens, stopped: row.stopped === 1 } };
}

async function errorEvent(db: Db, code: ErrorCode, userId: string): Promise<FinalTurnEvent> {
  const entry = ERRORS[code] ?? ERRORS.GENERIC;
  return { event: "error", data: { code, title: entry.title, message: entry.message, tokens: await readTokens(db, userId) } };
}

/**
 * Writes a narration to an SSE stream from character `from` (issue 11 §4): a 'waiting' event
 * while the provider is asked again before the first word (issue 20 §1), 'delta' events with
 * the text not sent yet (pieces that arrive together go as one), then the final 'done' or
 * 'error'. Every event's id is the number of characters sent so far, the Last-Event-ID a client
 * reconnects with. Returns when the final event is written or `stop` aborts (the client left,
 * or the server stops while following another instance's run); the run itself goes on.
 */
export async function followNarration(stream: SSEStreamingApi, source: NarrationSource, from: number, stop: AbortSignal): Promise<void> {
  let sent = from;
  let retriesSent = 0;
  let dirty = true;
  let wake = () => {};
  const changed = () => {
    dirty = true;
    wake();
  };
  const unwatch = source.watch(changed);
  stop.addEventListener("abort", changed);
  try {
    while (!stop.aborted) {
      if (!dirty) await new Promise<void>((resolve) => (wake = () => setImmediate(resolve)));
      dirty = false;
      const { text, retries, final } = await source.read();
      if (retries > retriesSent && text.length === 0 && !final) {
        await stream.writeSSE({ event: "waiting", data: JSON.stringify({ retry: retries }), id: String(sent) });
        retriesSent = retries;
      }
      if (text.length > sent) {
        await stream.writeSSE({ event: "delta", data: JSON.stringify({ text: text.slice(sent) }), id: String(text.length) });
        sent = text.length;
      }
      if (final) {
        await stream.writeSSE({ event: final.event, data: JSON.stringify(final.data), id: String(sent) });
        return;
      }
    }
  } finally {
    unwatch();
    stop.removeEventListener("abort", changed);
  }
}
