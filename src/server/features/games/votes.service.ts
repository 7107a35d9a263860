/**
 * 'Voto' in a group story (issue 24 'Gioca insieme', ADR 0019). The first vote on a narration
 * opens the vote (deadline: now + vote_seconds); every member votes once (the primary key of
 * turn_votes); the vote closes when every present player voted or the deadline passed — checked
 * after each vote, by a timer on the instance that opened it and on reads — through ONE
 * conditional update, so exactly one instance narrates. The majority wins, a tie goes to the
 * host's vote (else to the option voted first); the turn is the host's message, charged to the
 * host, and the narrator is told how the group decided.
 */

import type { Kysely } from "kysely";
import type { VoteInput } from "../../../shared/schemas/group";
import { nowIso } from "../../clock";
import type { AppDeps } from "../../context";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { findGroupGame, type GroupGame, type GroupPlayer, groupChanged, groupPlayers, narrationRunning, presentPlayers } from "./group.service";
import { boundedTurn, startNarration } from "./live-narration";

type Db = Kysely<Database>;

/** A stored vote. */
export interface CastVote {
  user_id: string;
  choice: "A" | "B" | "C" | null;
  action: string | null;
}

/** The winner of a vote: the message sent for the group and how it was decided (for the narrator). */
export interface VoteOutcome {
  content: string;
  decision: string;
}

const optionKey = (v: CastVote) => v.choice ?? `azione:${v.action!.trim().toLowerCase()}`;
const optionLabel = (v: CastVote) => (v.choice ? `la scelta ${v.choice}` : `l'azione «${v.action!.trim()}»`);

/**
 * Counts the votes (oldest first) of a closed vote. The option with most votes wins; on a tie the
 * host's option if it is among the tied, else the tied option voted first. An action is sent as
 * the host wrote it when the host voted for it, else as its first voter did. Input: the votes, the
 * host's id and the players (for their characters' names). Output: {@link VoteOutcome}.
 */
export function tallyVotes(votes: CastVote[], hostId: string, players: GroupPlayer[]): VoteOutcome {
  const counts = new Map<string, { vote: CastVote; count: number }>();
  for (const vote of votes) {
    const entry = counts.get(optionKey(vote)) ?? { vote, count: 0 };
    entry.count++;
    counts.set(optionKey(vote), entry);
  }
  const most = Math.max(...[...counts.values()].map((e) => e.count));
  const tied = [...counts.entries()].filter(([, e]) => e.count === most);
  const hostVote = votes.find((v) => v.user_id === hostId);
  const [key, winner] = (tied.length > 1 && hostVote && tied.find(([k]) => k === optionKey(hostVote))) || tied[0]!;
  // An action proposed in several spellings is sent as the host wrote it, if the host chose it.
  const chosen = hostVote && optionKey(hostVote) === key ? hostVote : winner.vote;
  const name = (userId: string) => players.find((p) => p.user_id === userId)?.character_name ?? "un giocatore";
  const how = tied.length > 1 ? "C'è stato un pareggio, deciso dal voto di chi ospita la storia" : `Ha vinto a maggioranza (${most} voti su ${votes.length})`;
  const ballots = votes.map((v) => `${name(v.user_id)}: ${optionLabel(v)}`).join("; ");
  return { content: chosen.choice ?? chosen.action!.trim(), decision: `${how}: ${optionLabel(chosen)}. I voti: ${ballots}. Racconta come il gruppo ha deciso.` };
}

/** The game row of a vote check, unscoped (the caller authorised the request, or it is the instance's timer). */
function voteGame(db: Db, gameId: string): Promise<GroupGame | undefined> {
  return db
    .selectFrom("saved_games")
    .select(["id", "user_id", "title", "genre", "tip_message_id", "play_mode", "vote_seconds", "turn_user_id", "vote_tip_id", "vote_deadline"])
    .where("id", "=", gameId)
    .executeTakeFirst() as Promise<GroupGame | undefined>;
}

/** Whether the vote of the story is open on its tip and may be closed now. */
const voteOpen = (game: GroupGame | undefined): game is GroupGame =>
  game !== undefined && game.play_mode === "vote" && game.vote_deadline !== null && game.vote_tip_id !== null && game.vote_tip_id === game.tip_message_id;

/**
 * POST /api/games/:id/votes {choice} | {action} (member, 'voto'): the player's vote on the
 * narration at the tip; the first vote opens the vote. Then the vote is closed if everybody
 * present has voted. Throws 404 GAME_NOT_FOUND, 409 NOT_VOTING, 409 VOTE_NOT_READY (no narration
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
    .set({ vote_tip_id: tip, vote_deadline: deadline })
    .where("id", "=", game.id)
    .where("play_mode", "=", "vote")
    .where("tip_message_id", "=", tip)
    .where((eb) => eb.or([eb("vote_tip_id", "is", null), eb("vote_tip_id", "<>", tip)]))
    .executeTakeFirst();
  if (Number(opened.numUpdatedRows) > 0) closeAtDeadline(deps, game.id, game.vote_seconds * 1000);
  else if (!voteOpen(await voteGame(db, game.id))) throw AppError.of("VOTE_NOT_READY", 409);
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
 * Closes the story's open vote when every present player (every player, when none is present)
 * voted or its deadline passed, and narrates the outcome as the host's turn. Only the caller
 * whose conditional update closes it narrates; a deadline without votes just ends the vote (the
 * next vote opens a new one). Never throws for the outcome's turn (a refusal, e.g. the host's
 * message limit, is logged and the group told).
 */
export async function closeVoteIfDue(deps: AppDeps, gameId: string): Promise<void> {
  const { db, logger } = deps;
  const game = await voteGame(db, gameId);
  if (!voteOpen(game)) return;
  const tip = game.vote_tip_id!;
  const players = await groupPlayers(db, gameId);
  const members = new Set(players.map((p) => p.user_id));
  const [stored, present] = await Promise.all([
    db.selectFrom("turn_votes").select(["user_id", "choice", "action"]).where("game_id", "=", gameId).where("tip_message_id", "=", tip).orderBy("created_at", "asc").execute(),
    presentPlayers(db, gameId, [...members]),
  ]);
  const votes = stored.filter((v) => members.has(v.user_id));
  const voters = new Set(votes.map((v) => v.user_id));
  const required = present.size > 0 ? players.filter((p) => present.has(p.user_id)) : players;
  const expired = Date.parse(game.vote_deadline!) <= Date.now();
  if (!expired && !required.every((p) => voters.has(p.user_id))) return;
  // One conditional update: whoever changes the row closes the vote and narrates.
  const closed = await db
    .updateTable("saved_games")
    .set(votes.length === 0 ? { vote_tip_id: null, vote_deadline: null } : { vote_deadline: null })
    .where("id", "=", gameId)
    .where("vote_tip_id", "=", tip)
    .where("vote_deadline", "=", game.vote_deadline!)
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) === 0 || votes.length === 0) return;
  const outcome = tallyVotes(votes, game.user_id, players);
  try {
    const { turn, release } = await boundedTurn(deps, game.user_id, gameId, { content: outcome.content, decision: outcome.decision });
    startNarration(deps, turn, release);
  } catch (error) {
    logger.warn({ err: error, gameId }, "Voto: il turno del gruppo non è partito");
    await groupChanged(db, deps.bus, gameId);
  }
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
