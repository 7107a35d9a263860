/**
 * The rule of a group's vote ('Voto', issue 24; issue 36 finding 2; ADR 0019), asked by every path
 * that closes a vote (the vote itself, a read of the group, the deadline's timer, a player going
 * away) and again by the turn's own transaction, so no path can narrate a vote the rule did not
 * decide:
 * - only the ballots of the story's current players count, oldest first;
 * - quorum: the host voted, or more than half of the players (host included) did. A vote without
 *   quorum never narrates: past its deadline it stays open until the quorum is there;
 * - an open vote closes once it has quorum and either its deadline passed or every present player
 *   voted (every player, when nobody is present);
 * - the option with most ballots wins; a tie goes to the host's option if it is among the tied,
 *   else to the tied option voted first;
 * - the turn is the action of the first voter of the winning option: sent as they wrote it,
 *   written in their name and charged to them (message quota, daily budget and its exemption).
 */

import type { Kysely, Transaction } from "kysely";
import { ERRORS, type ErrorCode } from "../../../shared/errors";
import type { VoteChoice } from "../../../shared/group-types";
import type { Database } from "../../platform/db/schema";

/** A stored ballot: a choice or a proposed action (exactly one is set). */
export interface Ballot {
  user_id: string;
  choice: VoteChoice | null;
  action: string | null;
}

/** A player of the story as the rule knows them. */
export interface Voter {
  user_id: string;
  character_name: string;
}

/** What a closed vote decided: whose turn it is, the message sent and how it was decided (for the narrator). */
export interface VoteOutcome {
  actorId: string;
  content: string;
  decision: string;
}

/**
 * The ballots cast on the narration `tipId` of the story, oldest first (ties by user id, so every
 * reader counts them in the same order). Input: the database (or a transaction), the story and
 * the narration. Output: every ballot, players' or not (the rule filters).
 */
export function readBallots(db: Kysely<Database> | Transaction<Database>, gameId: string, tipId: string): Promise<Ballot[]> {
  return db
    .selectFrom("turn_votes")
    .select(["user_id", "choice", "action"])
    .where("game_id", "=", gameId)
    .where("tip_message_id", "=", tipId)
    .orderBy("created_at", "asc")
    .orderBy("user_id", "asc")
    .execute() as Promise<Ballot[]>;
}

/** The ballots of current players only (a player who left or was removed no longer counts). */
export const countedBallots = (ballots: readonly Ballot[], players: readonly Pick<Voter, "user_id">[]): Ballot[] =>
  ballots.filter((b) => players.some((p) => p.user_id === b.user_id));

/**
 * Whether the ballots reach the quorum: the host's among them, or more than half of `players`.
 * Input: the ballots, the host's id and the players (host included). Output: boolean.
 */
export function hasQuorum(ballots: readonly Ballot[], hostId: string, players: readonly Pick<Voter, "user_id">[]): boolean {
  const counted = countedBallots(ballots, players);
  return counted.some((b) => b.user_id === hostId) || counted.length * 2 > players.length;
}

/**
 * Whether an open vote closes now. Input: its ballots, the host, the players, who of them is
 * present and whether the deadline passed. Output: true once it has quorum and either the deadline
 * passed or every present player voted (every player when nobody is present).
 */
export function voteClosesNow(ballots: readonly Ballot[], hostId: string, players: readonly Pick<Voter, "user_id">[], present: ReadonlySet<string>, expired: boolean): boolean {
  if (!hasQuorum(ballots, hostId, players)) return false;
  const voters = new Set(countedBallots(ballots, players).map((b) => b.user_id));
  const required = present.size > 0 ? players.filter((p) => present.has(p.user_id)) : players;
  return expired || required.every((p) => voters.has(p.user_id));
}

const optionKey = (b: Ballot) => b.choice ?? `azione:${b.action!.trim().toLowerCase()}`;
const optionLabel = (b: Ballot) => (b.choice ? `la scelta ${b.choice}` : `l'azione ${JSON.stringify(b.action!.trim())}`);

/**
 * Counts a vote with quorum. Input: its ballots (oldest first), the host's id and the players (for
 * their characters' names, quoted as data). Output: {@link VoteOutcome}. Throws when no player
 * voted (callers ask {@link hasQuorum} first).
 */
export function voteOutcome(ballots: readonly Ballot[], hostId: string, players: readonly Voter[]): VoteOutcome {
  const counted = countedBallots(ballots, players);
  const tally = new Map<string, Ballot[]>();
  for (const ballot of counted) tally.set(optionKey(ballot), [...(tally.get(optionKey(ballot)) ?? []), ballot]);
  if (tally.size === 0) throw new Error("voteOutcome: no ballot");
  const most = Math.max(...[...tally.values()].map((b) => b.length));
  const tied = [...tally.values()].filter((b) => b.length === most);
  const hostOption = tied.find((b) => b.some((v) => v.user_id === hostId));
  const first = (tied.length > 1 && hostOption) || tied[0]!;
  const chosen = first[0]!;
  const name = (userId: string) => JSON.stringify(players.find((p) => p.user_id === userId)?.character_name ?? "un giocatore");
  const tie = hostOption ? "C'è stato un pareggio, deciso dal voto di chi ospita la storia" : "C'è stato un pareggio, vinto dall'opzione votata per prima";
  const how = tied.length > 1 ? tie : `Ha vinto a maggioranza (${most} voti su ${counted.length})`;
  const ballotsText = counted.map((b) => `${name(b.user_id)}: ${optionLabel(b)}`).join("; ");
  return {
    actorId: chosen.user_id,
    content: chosen.choice ?? chosen.action!.trim(),
    decision: `${how}: ${optionLabel(chosen)}, proposta da ${name(chosen.user_id)}. I voti: ${ballotsText}. Racconta come il gruppo ha deciso.`,
  };
}

/**
 * What the group is told about the vote (GroupView.voteNotice), in Italian. Input: whether a vote
 * is open, whether it has quorum, whether its deadline passed, and the refused turn's error code
 * of the last vote (saved_games.vote_refusal). Output: the text, or null.
 */
export function voteNotice(vote: { open: boolean; quorum: boolean; expired: boolean }, refusal: string | null): string | null {
  if (vote.open) return vote.expired && !vote.quorum ? ERRORS.VOTE_NO_QUORUM.message : null;
  if (refusal === null) return null;
  const refused = ERRORS[refusal as ErrorCode] ?? ERRORS.GENERIC;
  return `${refused.title}. ${ERRORS.VOTE_TURN_REFUSED.message}`;
}
