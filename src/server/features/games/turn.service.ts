/**
 * One chat turn on the server (DESIGN §4): ownership, quota taken atomically with the player's
 * message stored in the same transaction, prompt building, the narration streamed while it is
 * accumulated, made to end with three choices (issue 11 §3), then stored. On provider failure or
 * timeout the quota is given back and the player's message stays, so 'Riprova' can ask again
 * without typing. As in the browser, nothing but '/inizia' is accepted before the game has
 * started (spec §4 Game).
 */

import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { MessageView, TokensView } from "../../../shared/api-types";
import { type PlayerAction, parsePlayerAction } from "../../../shared/commands";
import { resolveGenre } from "../../../shared/genres";
import { advanceProgress, phaseFor } from "../../domain/ai/progress";
import { keepChoiceContract } from "../../domain/ai/choice-contract";
import { withPlayerData } from "../../domain/ai/prompt";
import { choiceRepairTimeoutMs, NarrationTimeoutError, withTimeouts } from "../../domain/ai/timeouts";
import type { NarrationRequest, Narrator } from "../../domain/ai/types";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { refundMessages, takeMessages } from "../../domain/quota/quota";
import { rememberNarration } from "../../domain/memory/background";
import { buildNarrationContext } from "../../domain/memory/context";
import { type AppendOptions, appendMessage, currentPath, latestPlayerMessage, narrationsAnswering } from "../../domain/story/story-tree";
import type { Logger } from "../../platform/ops/logger";
import type { ChoiceContractOutcome } from "../../platform/ops/metrics";
import { followUp, type SpendingPass } from "../../domain/policies/spending";
import { findGameMessage, findOwnedGame, narratorConfigFor, type OwnedGame, toMessageView } from "./games.service";
import { startRunRow } from "./narration-runs.service";
import { initialPromptOf } from "../templates/templates.service";
import { GROUP_SYSTEM_PROMPT, type GroupTurn, groupTurn, groupTurnData } from "./group-turn";

type Db = Kysely<Database>;

export interface PreparedTurn {
  userId: string;
  game: OwnedGame;
  action: PlayerAction;
  /** The stored player's message; null for a retry or a regeneration (the message was stored before). */
  userMessage: MessageView | null;
  /** Id of the player's message this turn answers (new or stored before): the narration's parent. */
  playerMessageId: string;
  /**
   * Whether the narration becomes the tip (ADR 0008): 'if-parent-is-tip' for a turn (a parallel
   * send keeps the newer player's message on the path), 'always' for 'Rigenera' (the new version
   * replaces the shown one, whose parent is not the tip).
   */
  narrationTip: NonNullable<AppendOptions["tip"]>;
  /** When the quota was taken: a refund must hit the same Rome day. */
  chargedAt: Date;
  /** The player's counters right after this turn was charged. */
  tokens: TokensView;
  /** The narration's run (issue 11 §4): its narration_runs row was started with the charge. */
  runId: string;
  /** A group story's players and how this turn was decided, for the narrator (issue 24); null: solo. */
  group: GroupTurn | null;
  /** The spending gate's admission of this turn (issue 36 finding 3): its narration, choice repair and memory follow from it. */
  pass: SpendingPass;
}

/**
 * What a turn answers (issue 11 §2):
 * - `{content}`: a new player's message at the tip of the story;
 * - `{content, replacing}`: 'Modifica' of the player's message `replacing` with "re-narrate from
 *   here": a new player's message next to it (same parent), a new branch;
 * - `{retry: true}`: the player's message at the tip, left unanswered ('Riprova');
 * - `{regenerate: true}`: the player's message the narration at the tip answers ('Rigenera').
 * In a group story (issue 24) a new message at the tip comes from any member whose turn it is;
 * `vote` (never from a request) marks the outcome of a closed vote in 'voto', sent as the turn of
 * the player the vote's rule names (policies/vote-outcome.ts, checked in the turn's transaction).
 */
export type TurnInput = { content: string; replacing?: string; vote?: true } | { retry: true } | { regenerate: true };

/**
 * True once the game has started on the path ending at `tipId`: a player's message ('/inizia' or
 * any message after it) is on it (spec §4 Game: "the chat becomes usable only after the start
 * command"; ADR 0008: after 'Annulla' of '/inizia' the game is not started again).
 */
export async function isGameStarted(db: Db, gameId: string, tipId: string | null): Promise<boolean> {
  if (tipId === null) return false;
  // Usually the tip is a player's message or the narration answering one: one indexed read
  // instead of walking the path (issue 12 Server).
  const tip = await db
    .selectFrom("chat_messages as m")
    .leftJoin("chat_messages as p", "p.id", "m.parent_id")
    .select(["m.role", "p.role as parent_role"])
    .where("m.id", "=", tipId)
    .where("m.game_id", "=", gameId)
    .executeTakeFirst();
  if (!tip) return false;
  return tip.role === "user" || tip.parent_role === "user" || (await latestPlayerMessage(db, gameId, tipId)) !== undefined;
}

/** The player's message a turn answers: stored before (`storedId`), or new under `parentId`. */
interface TurnTarget {
  content: string;
  /** A stored player's message to answer again; null: a new one is stored. */
  storedId: string | null;
  /** For a new message: its parent (undefined: the tip when it is stored; null: a first message). */
  parentId?: string | null;
  narrationTip: PreparedTurn["narrationTip"];
}

/**
 * Resolves {@link TurnInput} against the game's tree. Throws 409 NOTHING_TO_RETRY,
 * 409 NOTHING_TO_REGENERATE, 404 MESSAGE_NOT_FOUND, 409 MESSAGE_NOT_EDITABLE.
 */
async function turnTarget(db: Db, userId: string, game: OwnedGame, input: TurnInput): Promise<TurnTarget> {
  if ("retry" in input) {
    // The message to answer again is the tip of the story: a player's message left unanswered.
    const [last] = await currentPath(db, game.id, game.tip_message_id, 1);
    if (!last || last.role !== "user") throw AppError.of("NOTHING_TO_RETRY", 409);
    return { content: last.content, storedId: last.id, narrationTip: "if-parent-is-tip" };
  }
  if ("regenerate" in input) {
    // The tip must be a narration (no picture) answering a player's message (ADR 0008 'Rigenera').
    const [answered, tip] = await currentPath(db, game.id, game.tip_message_id, 2);
    if (!answered || !tip || tip.role !== "assistant" || tip.image_url !== null || answered.role !== "user") {
      throw AppError.of("NOTHING_TO_REGENERATE", 409);
    }
    return { content: answered.content, storedId: answered.id, narrationTip: "always" };
  }
  if (input.replacing === undefined) return { content: input.content, storedId: null, narrationTip: "if-parent-is-tip" };
  const replaced = await findGameMessage(db, userId, game.id, input.replacing);
  if (replaced.role !== "user") throw AppError.of("MESSAGE_NOT_EDITABLE", 409);
  return { content: input.content, storedId: null, parentId: replaced.parent_id, narrationTip: "if-parent-is-tip" };
}

/**
 * Step 1–2 of a turn, before anything is streamed.
 * Input: the owner, the game, a {@link TurnInput} and the turn's pass from the spending gate
 * (policies/spending.ts, admitted before anything is charged). A new player's message is stored (at the
 * tip, or next to the one it replaces) and becomes the tip of the story; the narration's
 * narration_runs row (status 'running', issue 11 §4) is started in the same transaction.
 * Throws 404 GAME_NOT_FOUND, 404 MESSAGE_NOT_FOUND, 409 MESSAGE_NOT_EDITABLE, 409 NOTHING_TO_RETRY,
 * 409 NOTHING_TO_REGENERATE, 409 GAME_NOT_STARTED for a new message but '/inizia' on a path
 * without a player's message (spec §4), 400 NO_SCENE for '/visualizza' (handled by
 * visualize.service.ts, never here), 429 MESSAGE_LIMIT (spec §8 'Limite messaggi raggiunto');
 * in a group story (issue 24) 409 NOT_YOUR_TURN, 409 VOTE_MODE, 409 NARRATION_RUNNING, and for a
 * vote's outcome 409 VOTE_NOT_READY, 409 VOTE_NO_QUORUM (issue 36 finding 2).
 */
export async function prepareTurn(db: Db, userId: string, gameId: string, input: TurnInput, pass: SpendingPass): Promise<PreparedTurn> {
  // A new message at the tip may come from a member of a group story; the rest is the host's.
  const sending = "content" in input && input.replacing === undefined;
  const game = await findOwnedGame(db, userId, gameId, sending ? "member" : "owner");
  const target = await turnTarget(db, userId, game, input);
  const action = parsePlayerAction(target.content);
  // '/visualizza' never reaches a narration: the route sends it to the visualisation (and it is
  // never stored as a player's message, so a retry cannot find it either).
  if (action.kind === "visualize") throw AppError.of("NO_SCENE", 400);
  // A stored message was accepted when it was stored; a new one needs a started path above it.
  const above = target.parentId === undefined ? game.tip_message_id : target.parentId;
  if (target.storedId === null && action.kind !== "start" && !(await isGameStarted(db, game.id, above))) throw AppError.of("GAME_NOT_STARTED", 409);

  const chargedAt = new Date();
  const { narrationTip } = target;
  const runId = randomUUID();
  return db.transaction().execute(async (trx) => {
    const voted = "content" in input && input.vote ? target.content : undefined;
    const group = game.play_mode === "solo" ? null : await groupTurn(trx, game.id, userId, action, { newMessage: sending, voted });
    const tokens = await takeMessages(trx, userId, 1, chargedAt);
    if (!tokens) throw AppError.of("MESSAGE_LIMIT", 429);
    // last_played moves when the narration is stored (narrateTurn), in the same write as progress.
    // The player's message continues the branch being played, or starts one (ADR 0008).
    const row = target.storedId
      ? null
      : await appendMessage(trx, { game_id: game.id, user_id: userId, author_id: group ? userId : null, role: "user", content: target.content, image_url: null, created_at: nowIso() }, { parentId: target.parentId });
    const playerMessageId = row?.id ?? target.storedId!;
    await startRunRow(trx, game.id, runId, playerMessageId);
    return { userId, game, action, userMessage: row && toMessageView(row), playerMessageId, narrationTip, chargedAt, tokens, runId, group, pass };
  });
}

export interface NarrateOptions {
  narrator: Narrator;
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  /**
   * Aborted when the player presses 'Stop' (a client that leaves does not stop it, issue 11 §4):
   * what was written so far is kept as it is (no choice repair). The choice repair after a
   * finished narration does not listen to it.
   */
  clientSignal: AbortSignal;
  onDelta: (text: string) => void | Promise<void>;
  /**
   * More writes in the transaction that stores the narration (the run's row: its end is saved
   * with the message, so no reader sees one without the other). Not called when nothing is stored.
   */
  whenStored?: (trx: Transaction<Database>, stored: { messageId: string; stopped: boolean }) => Promise<void>;
  /** Called with the retry's number when the provider failed before the first word and is asked again (issue 20 §1). */
  onWaiting?: (retry: number) => void;
  /** Where the narrator memory's failures are logged. */
  logger?: Logger;
  /** Told how a narration that ended normally met the choice contract (the metric storie_choice_contract_total). */
  onChoiceContract?: (outcome: ChoiceContractOutcome) => void;
}

export interface TurnResult {
  /** The stored narration; null when the player stopped before the first word. */
  message: MessageView | null;
  progress: number;
  stopped: boolean;
}

/**
 * Steps 3–5: builds the prompt, streams the narration through `onDelta`, stores it.
 * A narration that ended normally but does not end with exactly three choices A), B), C) is
 * repaired after the stream (issue 11 §3, ai/choice-contract.ts): choices the narrator writes in
 * one short extra call (when the spending gate still admits it), or generic ones if that fails or
 * is skipped; choices appended to the prose are also
 * sent through `onDelta`, and the stored text (returned in `message`) is the repaired one. The
 * repair takes no quota and never delays the first word. A narration stopped by the player
 * ('Stop') is stored as the player left it.
 * Throws 504 AI_TIMEOUT, 502 AI_FAILED or 502 EMPTY_REPLY after giving the quota back; the
 * player's message is kept.
 */
export async function narrateTurn(db: Db, turn: PreparedTurn, options: NarrateOptions): Promise<TurnResult> {
  const { game } = turn;
  const refund = () => refundMessages(db, turn.userId, 1, turn.chargedAt);
  const config = await narratorConfigFor(db, game);
  // The story so far is the current path ending at this turn's player message (ADR 0008).
  const restart = turn.action.kind === "new";
  const phase = phaseFor(game.progress, config.story_pacing, restart);
  // The prompt with the narrator's memory, within the prompt budget (issue 11 §1, ADR 0009).
  const [context, variant] = await Promise.all([
    buildNarrationContext(db, game.id, turn.playerMessageId, config, phase, { showSystem: false }),
    narrationsAnswering(db, turn.playerMessageId),
  ]);
  // The turn's position from the player's message depth (ADR 0008), without walking the whole path:
  // turns alternate player's message / narration, so this counts the narrations before it.
  const playerDepth = context.lastDepth;

  const controller = new AbortController();
  const onClientAbort = () => controller.abort("client");
  if (options.clientSignal.aborted) onClientAbort();
  options.clientSignal.addEventListener("abort", onClientAbort, { once: true });

  const request: NarrationRequest = {
    gameId: game.id,
    genre: resolveGenre(game.genre),
    turn: Math.floor((playerDepth + 1) / 2),
    variant,
    action: turn.action,
    phase,
    // A group's cast and actions are the players' words: quoted data in the user turn, never in the system role (issue 36 finding 11).
    system: turn.group ? `${context.system}\n\n${GROUP_SYSTEM_PROMPT}` : context.system,
    messages: turn.group ? withPlayerData(context.messages, groupTurnData(turn.group)) : context.messages,
    premise: initialPromptOf(game.content) || undefined,
    temperature: config.temperature,
    maxTokens: config.max_tokens,
    signal: controller.signal,
    onRetry: options.onWaiting && ((notice) => options.onWaiting!(notice.retry)),
  };
  let text = "";
  try {
    const chunks = options.narrator.stream(request);
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
  const narration = text.trim();
  if (!narration) {
    await refund();
    if (stopped) return { message: null, progress: game.progress, stopped };
    throw AppError.of("EMPTY_REPLY", 502);
  }
  const content = stopped ? narration : await withThreeChoices(narration, request, turn.pass, options);
  const progress = advanceProgress(game.progress, config.story_pacing, restart);
  const now = nowIso();
  // The narration answers this turn's player message and becomes the tip of the story, unless
  // the player already sent another message after that one (parallel sends: a side branch);
  // a regenerated narration always does (turn.narrationTip).
  const row = await db.transaction().execute(async (trx) => {
    const stored = await appendMessage(
      trx,
      { game_id: game.id, user_id: turn.userId, role: "assistant", content, image_url: null, created_at: now },
      { parentId: turn.playerMessageId, tip: turn.narrationTip, gameChanges: { progress, last_played: now, updated_at: now } },
    );
    await options.whenStored?.(trx, { messageId: stored.id, stopped });
    return stored;
  });
  // Facts and recap are kept in the background, never delaying the turn (memory/background.ts).
  rememberNarration(db, options.narrator, { gameId: game.id, genre: request.genre, premise: request.premise, messageId: row.id, depth: row.depth, content, contextMemory: config.context_memory }, turn.pass, options.logger);
  return { message: toMessageView(row), progress, stopped };
}

/**
 * The narration made to keep the choice contract (issue 11 §3): {@link keepChoiceContract} with
 * the narrator's `repairChoices`, bounded by choiceRepairTimeoutMs, when the spending gate still
 * admits it after the narration (issue 36 finding 3: with the budget spent by now, the generic
 * choices instead). What is appended to the narration is sent through `onDelta`; a replaced
 * choice block reaches the player with 'done'; the outcome is told to `onChoiceContract`. Input: the narration, the turn's request and pass.
 * Output: the text to store. Never throws (a failed or skipped repair gives the generic choices).
 */
async function withThreeChoices(narration: string, request: NarrationRequest, pass: SpendingPass, options: NarrateOptions): Promise<string> {
  const { text, outcome } = await keepChoiceContract(narration, async (prose) => {
    if (!(await followUp(pass, "choice-repair"))) throw new Error("Choice repair skipped: the daily token budget is spent");
    return options.narrator.repairChoices({ ...request, narration: prose, signal: AbortSignal.timeout(choiceRepairTimeoutMs(options.connectTimeoutMs)) });
  });
  options.onChoiceContract?.(outcome);
  if (text !== narration && text.startsWith(narration)) await options.onDelta(text.slice(narration.length));
  return text;
}
