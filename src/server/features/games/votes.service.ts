/**
 * 'Voto' in a group story (issue 24 'Gioca insieme', ADR 0019). The first vote on a narration
 * opens the vote (deadline: now + vote_seconds); every member votes once (the primary key of
 * turn_votes). Whether it closes, who wins and whose turn it is are the vote's rule
 * (policies/vote-outcome.ts, issue 36 finding 2): checked after each vote, by a timer on the
 * instance that opened it, on reads and when a player goes away, and closed through ONE
 * conditional update, so exactly one instance narrates. The turn is the first voter of the winning
 * option's (written by them, charged to them); the narrator is told how the group decided. A vote
 * without quorum stays open past its deadline; a turn refused (the actor's limit, the day's
 * budget) starts the vote over and tells the group why.
 */

import type { Kysely } from "kysely";
import type { VoteInput } from "../../../shared/schemas/group";
import { nowIso } from "../../platform/clock";
import type { AppDeps } from "../../domain/context";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { countedBallots, readBallots, voteClosesNow, voteOutcome } from "../../domain/policies/vote-outcome";
import { findGroupGame, type GroupGame, groupChanged, groupPlayers, narrationRunning, presentPlayers, pushToGroup } from "./group.service";
import { boundedTurn, startNarration } from "./live-narration";

type Db = Kysely<Database>;

/** The game row of a vote check, unscoped (the caller authorised the request, or it is the instance's timer). */
function voteGame(db: Db, gameId: string): Promise<GroupGame | undefined> {
  return db
    .selectFrom("saved_games")
    .select(["id", "user_id", "title", "genre", "tip_message_id", "play_mode", "vote_seconds", "turn_user_id", "vote_tip_id", "vote_deadline", "vote_refusal"])
    .where("id", "=", gameId)
    .executeTakeFirst() as Promise<GroupGame | undefined>;
}

/** Whether the vote of the story is open on its tip and may be closed now. */
const voteOpen = (game: GroupGame | undefined): game is GroupGame =>
  game !== undefined && game.play_mode === "vote" && game.vote_deadline !== null && game.vote_tip_id !== null && game.vote_tip_id === game.tip_message_id;

/**
 * POST /api/games/:id/votes {choice} | {action} (member, 'voto'): the player's vote on the
 * narration at the tip; the first vote opens the vote (and clears the last refusal's notice). Then
 * the vote is closed if the vote's rule says so; the other members get a 'vote opened' push (issue 39) ({@link closeVoteIfDue}). Throws 404 GAME_NOT_FOUND, 409 NOT_VOTING, 409 VOTE_NOT_READY (no narration
 * to vote on yet, one being written, or the vote just closed), 409 ALREADY_VOTED.
 */
export async function castVote(deps: AppDeps, userId: string, gameId: string, vote: VoteInput): Promise<void> {
  const { db } = deps;
  const game = await findGroupGame(db, userId, gameId, "member");
  if (game.play_mode !== "vote") throw AppError.of("NOT_VOTING", 409);
  const tip = game.tip_message_id;
  const narration = tip === null ? undefined : await db.selectFrom("chat_messages").select("role").where("id", "=", tip).where("game_id", "=", game.id).executeTakeFirst();
  if (tip === null || narration?.role !== "assistant" || (await narrationRunning(db, game.id))) throw AppError.of("VOTE_NOT_READY", 409);
  const deadline = new Date(Date.now() + game.vote_seconds * 1000).toISOString();
  const opened = await db
    .updateTable("saved_games")
    .set({ vote_tip_id: tip, vote_deadline: deadline, vote_refusal: null })
    .where("id", "=", game.id)
    .where("play_mode", "=", "vote")
    .where("tip_message_id", "=", tip)
    .where((eb) => eb.or([eb("vote_tip_id", "is", null), eb("vote_tip_id", "<>", tip)]))
    .executeTakeFirst();
  if (Number(opened.numUpdatedRows) > 0) {
    closeAtDeadline(deps, game.id, game.vote_seconds * 1000);
    await pushToGroup(deps, game.id, userId, "vote");
  } else if (!voteOpen(await voteGame(db, game.id))) throw AppError.of("VOTE_NOT_READY", 409);
  const inserted = await db
    .insertInto("turn_votes")
    .values({ game_id: game.id, tip_message_id: tip, user_id: userId, choice: "choice" in vote ? vote.choice : null, action: "action" in vote ? vote.action : null, created_at: nowIso() })
    .onConflict((oc) => oc.columns(["game_id", "tip_message_id", "user_id"]).doNothing())
    .returning("user_id")
    .executeTakeFirst();
  if (!inserted) throw AppError.of("ALREADY_VOTED", 409);
  await groupChanged(db, deps.bus, game.id);
  await closeVoteIfDue(deps, game.id);
}

/**
 * Closes the story's open vote when the vote's rule says so ({@link voteClosesNow}: quorum, and
 * the deadline passed or every present player voted) and narrates the outcome as the turn of the
 * first voter of the winning option. Only the caller whose conditional update closes it narrates;
 * a deadline without votes just ends the vote (the next vote opens a new one). Never throws for
 * the outcome's turn: a refusal (the actor's message limit, the day's budget…) is logged, the vote
 * starts over and the group is told why (saved_games.vote_refusal).
 */
export async function closeVoteIfDue(deps: AppDeps, gameId: string): Promise<void> {
  const { db, logger } = deps;
  const game = await voteGame(db, gameId);
  if (!voteOpen(game)) return;
  const tip = game.vote_tip_id!;
  const players = await groupPlayers(db, gameId);
  const [ballots, present] = await Promise.all([readBallots(db, gameId, tip), presentPlayers(db, gameId, players.map((p) => p.user_id))]);
  const expired = Date.parse(game.vote_deadline!) <= Date.now();
  // A deadline without a (current player's) ballot just ends the vote.
  const unvoted = expired && countedBallots(ballots, players).length === 0;
  if (!unvoted && !voteClosesNow(ballots, game.user_id, players, present, expired)) return;
  // One conditional update: whoever changes the row closes the vote and narrates.
  const closed = await db
    .updateTable("saved_games")
    .set(unvoted ? { vote_tip_id: null, vote_deadline: null } : { vote_deadline: null })
    .where("id", "=", gameId)
    .where("vote_tip_id", "=", tip)
    .where("vote_deadline", "=", game.vote_deadline!)
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) === 0 || unvoted) return;
  const outcome = voteOutcome(ballots, game.user_id, players);
  try {
    const { turn, release } = await boundedTurn(deps, outcome.actorId, gameId, { content: outcome.content, vote: true });
    startNarration(deps, turn, release);
  } catch (error) {
    logger.warn({ err: error, gameId }, "Voto: il turno del gruppo non è partito");
    await startOver(db, gameId, tip, error instanceof AppError ? error.code : "GENERIC");
    await groupChanged(db, deps.bus, gameId);
  }
}

/**
 * After the turn a closed vote chose was refused: the vote on `tip` starts over (its ballots are
 * dropped, so everybody votes again) and `refusal` is what the group is told until the next vote
 * opens. Only while that closed vote is still unanswered on the tip.
 */
async function startOver(db: Db, gameId: string, tip: string, refusal: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const reset = await trx
      .updateTable("saved_games")
      .set({ vote_tip_id: null, vote_deadline: null, vote_refusal: refusal })
      .where("id", "=", gameId)
      .where("vote_tip_id", "=", tip)
      .where("tip_message_id", "=", tip)
      .where("vote_deadline", "is", null)
      .executeTakeFirst();
    if (Number(reset.numUpdatedRows) > 0) await trx.deleteFrom("turn_votes").where("game_id", "=", gameId).where("tip_message_id", "=", tip).execute();
  });
}

/**
 * Closes the vote at its deadline on this instance, unless the server is stopping by then (the
 * timer does not keep the process alive; any instance's next read closes it instead).
 */
function closeAtDeadline(deps: AppDeps, gameId: string, ms: number): void {
  setTimeout(() => {
    if (deps.shutdownSignal.aborted) return;
    closeVoteIfDue(deps, gameId).catch((error: unknown) => deps.logger.error({ err: error, gameId }, "Voto: chiusura non riuscita"));
  }, ms + 50).unref();
}
