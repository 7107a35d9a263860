/**
 * The membership ledger of a story (issue 36 "one membership ledger per story"; ADR 0019 and its
 * addendum): who belongs to a story and every way in and out of it — joined (by an invitation),
 * removed by the host (remembered: game_removals), left, handed over (the host goes), gone with
 * an erased account, stepped aside while deactivated — and who may read a story. Every path that
 * adds, removes, moves or checks a member goes through this module; membership.test.ts fails when
 * another module names its tables (game_players, game_removals).
 *
 * Rules (findings 0, 8, 12):
 * - a removal is remembered per story: only an invitation created after it lets that player back;
 *   a player who left on their own may come back with any valid link;
 * - a departure never takes another player's story: the turn passes on, a host's story goes to
 *   the next player by seat (an active one first), a story left with one player is solo again;
 * - a hand-over never passes the host's publication: their public link is withdrawn (or, under a
 *   moderation measure, kept nameless and unlisted, its author for moderation still its publisher);
 * - an erased account's seat, notes, votes and removals go; its messages stay without the person;
 * - a deactivated account keeps its seat for the 30 days (it may be restored) but is never given
 *   the turn, so it never holds up the others.
 * Imports only db/, clock, errors and shared/ (domain floor).
 */

import type { ExpressionBuilder, Kysely } from "kysely";
import { GROUP_MAX_PLAYERS, type CharacterInput } from "../../../shared/schemas/group";
import { nowIso } from "../../platform/clock";
import { lockedForUpdate } from "../../platform/db/row-lock";
import type { Database, SavedGamesTable } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { unmoderatedLiveShare } from "./visibility";

type Db = Kysely<Database>;

/** Who a story query is for: its owner only (host-only writes) or any member (reads). */
export type GameAccess = "owner" | "member";

/** The players' colours, by the order they take them (at most GROUP_MAX_PLAYERS). */
export const PLAYER_COLORS = ["#1e88e5", "#d81b60", "#43a047", "#f4511e"] as const;

type GameScope = ExpressionBuilder<Database & { g: SavedGamesTable }, "g">;

/**
 * The condition on `saved_games as g` that lets `userId` through: the owner (the host,
 * saved_games.user_id) only, or the owner or a member of the story (`access`). Every read of a
 * story filters with it in its own query, so a stranger finds nothing (404) and a removed player
 * loses access on the next request. Input: the user id and the access. Output: a Kysely filter.
 */
export function readableBy(userId: string, access: GameAccess = "member") {
  return (eb: GameScope) =>
    access === "owner"
      ? eb("g.user_id", "=", userId)
      : eb.or([
          eb("g.user_id", "=", userId),
          eb.exists(eb.selectFrom("game_players as gp").select("gp.user_id").whereRef("gp.game_id", "=", "g.id").where("gp.user_id", "=", userId)),
        ]);
}

/**
 * The seats of a story as a query on `game_players as gp`, in seat order, for the caller to select
 * from (and join, e.g. the players' public names). Input: the database and the story's id.
 */
export function seatsOf(db: Db, gameId: string) {
  return db.selectFrom("game_players as gp").where("gp.game_id", "=", gameId).orderBy("gp.seat", "asc");
}

/** A seat as the ledger reads it: `away` while the account is deactivated. */
export interface Seat {
  user_id: string;
  seat: number;
  color: string;
  away: boolean;
}

/** The seats of a story in seat order (empty for a solo story). */
export async function seatOrder(db: Db, gameId: string): Promise<Seat[]> {
  const rows = await seatsOf(db, gameId)
    .select((eb) => ["gp.user_id", "gp.seat", "gp.color", eb.exists(eb.selectFrom("user_deactivations as ud").select("ud.user_id").whereRef("ud.user_id", "=", "gp.user_id")).as("away")])
    .execute();
  return rows.map((r) => ({ ...r, away: Boolean(Number(r.away)) }));
}

/**
 * Who plays after `afterUserId` ('a turno'): the next present player in seat order; when nobody
 * else is present, `afterUserId` again if present; when nobody is, the next player by seat. A
 * deactivated player (`away`) is skipped unless every player is. Input: the players in seat order,
 * who is present and the player whose turn ends. Output: a user id, or null for no players.
 */
export function nextTurn(players: Pick<Seat, "user_id" | "seat" | "away">[], present: Set<string>, afterUserId: string | null): string | null {
  const eligible = players.some((p) => !p.away) ? players.filter((p) => !p.away || p.user_id === afterUserId) : players;
  if (eligible.length === 0) return null;
  const at = eligible.findIndex((p) => p.user_id === afterUserId);
  const order = [...eligible.slice(at + 1), ...eligible.slice(0, at + 1)].filter((p) => p.user_id !== afterUserId);
  const next = order.find((p) => present.has(p.user_id));
  if (next) return next.user_id;
  if (afterUserId !== null && at >= 0 && present.has(afterUserId)) return afterUserId;
  return (order[0] ?? eligible[0]!).user_id;
}

/** Everyone to tell about a change of a story: its host and everyone seated. */
const everyone = (host: string | null | undefined, seats: Seat[]) => [...new Set([...(host ? [host] : []), ...seats.map((s) => s.user_id)])];

/** The story's row as the ledger changes it, locked until the transaction ends (PostgreSQL FOR UPDATE). */
function lockStory(trx: Db, gameId: string) {
  return lockedForUpdate(trx, trx.selectFrom("saved_games").select(["id", "user_id", "play_mode", "turn_user_id"]).where("id", "=", gameId)).executeTakeFirst();
}

/**
 * Seats `userId` in the story `gameId` with their character, after the host (who gets a seat of
 * their own, named `invitation.hostName`, on the first join; the story then moves 'a turno', the
 * host first). Call it in a transaction. Joining twice, or the host joining, changes nothing.
 * Input: the story, the player, their character, and the invitation used ({createdAt} ISO).
 * Output: whether the player was seated. Throws 403 PLAYER_REMOVED (the host removed them after
 * this invitation was made: finding 8), 409 GROUP_FULL ('La storia ha già 4 giocatori.').
 */
export async function admit(trx: Db, gameId: string, userId: string, character: CharacterInput, invitation: { createdAt: string; hostName: string | null }): Promise<boolean> {
  const game = await lockStory(trx, gameId);
  const seats = await seatOrder(trx, gameId);
  if (!game?.user_id || game.user_id === userId || seats.some((s) => s.user_id === userId)) return false;
  const removal = await trx.selectFrom("game_removals").select("removed_at").where("game_id", "=", gameId).where("user_id", "=", userId).executeTakeFirst();
  if (removal && invitation.createdAt <= removal.removed_at) throw AppError.of("PLAYER_REMOVED", 403);
  if (Math.max(1, seats.length) >= GROUP_MAX_PLAYERS) throw AppError.of("GROUP_FULL", 409);
  const joinedAt = nowIso();
  const rows = seats.length > 0 ? [] : [{ game_id: gameId, user_id: game.user_id, character_name: (invitation.hostName ?? "Ospite").slice(0, 40), character_line: "", color: PLAYER_COLORS[0], seat: 0, joined_at: joinedAt }];
  const taken = new Set([...seats.map((s) => s.color), ...rows.map((r) => r.color)]);
  const seat = Math.max(0, ...seats.map((s) => s.seat)) + 1;
  const color = PLAYER_COLORS.find((c) => !taken.has(c))!;
  await trx.insertInto("game_players").values([...rows, { game_id: gameId, user_id: userId, character_name: character.characterName, character_line: character.characterLine, color, seat, joined_at: joinedAt }]).execute();
  if (game.play_mode === "solo") await trx.updateTable("saved_games").set({ play_mode: "turns", turn_user_id: game.user_id }).where("id", "=", gameId).execute();
  return true;
}

/** The player's character in a story (PUT /players/me). Throws 404 GAME_NOT_FOUND when they have no seat there. */
export async function setCharacter(db: Db, gameId: string, userId: string, character: CharacterInput): Promise<void> {
  const result = await db
    .updateTable("game_players")
    .set({ character_name: character.characterName, character_line: character.characterLine })
    .where("game_id", "=", gameId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw AppError.of("GAME_NOT_FOUND", 404);
}

/** A story whose group changed: who to tell (everyone seated before, and its host), and whether its public link was withdrawn (the sitemap). */
export interface GroupChange {
  gameId: string;
  tell: string[];
  unshared: boolean;
}

/** How a player goes: on their own, removed by the host, or with their erased account. */
export type Departure = "left" | "removed" | "erased";

/**
 * A host who hands the story over ends their publication (finding 12): a link nobody moderated
 * is withdrawn, as 'Smetti di condividere' would (the new host may share the story under their own
 * name); a link under a moderation measure (held, restricted, removed, taken down) stays as the
 * measure's record, unlisted and nameless, and its author for moderation stays its publisher
 * (story_shares.shared_by). Output: whether a public link changed.
 */
async function endPublication(trx: Db, gameId: string): Promise<boolean> {
  const now = nowIso();
  // Withdrawn as 'Smetti di condividere' does (issue 36 finding 6): the row stays, the link dies.
  const withdrawn = await trx
    .updateTable("story_shares as s")
    .set({ unshared_at: now, listed: 0, show_nickname: 0, updated_at: now })
    .where("s.game_id", "=", gameId)
    .where(unmoderatedLiveShare("s"))
    .executeTakeFirst();
  const hidden = await trx.updateTable("story_shares").set({ listed: 0, show_nickname: 0, updated_at: now }).where("game_id", "=", gameId).where("unshared_at", "is", null).executeTakeFirst();
  return Number(withdrawn.numUpdatedRows) + Number(hidden.numUpdatedRows) > 0;
}

/**
 * `userId` goes from the story `gameId` (`how`; `by` the host who removed them). Call it in a
 * transaction (the story row is locked here). Their seat goes; a turn of theirs passes on; a host
 * hands the story to the next player by seat, an active one first, and ends their publication; a
 * story left with one player becomes that player's solo story again; a removal is remembered.
 * Output: the change, or null when `userId` has no seat in the story (nothing changed).
 */
export async function depart(trx: Db, gameId: string, userId: string, how: Departure, by: string | null = null): Promise<GroupChange | null> {
  const game = await lockStory(trx, gameId);
  const seats = await seatOrder(trx, gameId);
  if (!game?.user_id || !seats.some((s) => s.user_id === userId)) return null;
  const remaining = seats.filter((s) => s.user_id !== userId);
  const host = userId === game.user_id ? ((remaining.find((s) => !s.away) ?? remaining[0])?.user_id ?? game.user_id) : game.user_id;
  const unshared = host !== game.user_id && (await endPublication(trx, gameId));
  if (remaining.length <= 1) {
    await trx.deleteFrom("game_players").where("game_id", "=", gameId).execute();
    await trx.updateTable("saved_games").set({ user_id: host, play_mode: "solo", turn_user_id: null, vote_tip_id: null, vote_deadline: null }).where("id", "=", gameId).execute();
  } else {
    await trx.deleteFrom("game_players").where("game_id", "=", gameId).where("user_id", "=", userId).execute();
    const turn = game.turn_user_id === userId ? nextTurn(seats, new Set(), userId) : game.turn_user_id;
    await trx.updateTable("saved_games").set({ user_id: host, turn_user_id: turn }).where("id", "=", gameId).execute();
  }
  if (how === "removed") {
    const removal = { removed_at: nowIso(), removed_by: by };
    await trx
      .insertInto("game_removals")
      .values({ game_id: gameId, user_id: userId, ...removal })
      .onConflict((oc) => oc.columns(["game_id", "user_id"]).doUpdateSet(removal))
      .execute();
  }
  return { gameId, tell: everyone(game.user_id, seats), unshared };
}

/**
 * The group step of an account's erasure (finding 0), in the erasure's transaction, before any row
 * of the user is deleted: the user departs every story they have a seat in (a story they host goes
 * to the next player), their messages in stories that are not theirs stay without them (user_id
 * and author_id NULL: 'Giocatore eliminato'), and their side notes, votes and removals go.
 * Output: the changes to tell the groups once committed.
 */
export async function departEverywhere(trx: Db, userId: string): Promise<GroupChange[]> {
  const stories = await trx.selectFrom("game_players").select("game_id").where("user_id", "=", userId).orderBy("game_id").execute();
  const changes: GroupChange[] = [];
  for (const { game_id } of stories) {
    const change = await depart(trx, game_id, userId, "erased");
    if (change) changes.push(change);
  }
  const own = trx.selectFrom("saved_games").select("id").where("user_id", "=", userId);
  await trx
    .updateTable("chat_messages")
    .set({ user_id: null, author_id: null })
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("author_id", "=", userId)]))
    .where("game_id", "not in", own)
    .execute();
  await trx.deleteFrom("side_notes").where("user_id", "=", userId).execute();
  await trx.deleteFrom("turn_votes").where("user_id", "=", userId).execute();
  await trx.deleteFrom("game_removals").where("user_id", "=", userId).execute();
  return changes;
}

/**
 * A deactivated account steps aside (ADR 0019 addendum): in every story where it is its turn, the
 * turn passes to the next active player; its seat stays for the 30 days before the erasure, so
 * 'Ripristina' gives it back. Call it in the deactivation's transaction, after the account is
 * marked deactivated. Output: the changes to tell the groups once committed.
 */
export async function stepAside(trx: Db, userId: string): Promise<GroupChange[]> {
  const stories = await trx.selectFrom("saved_games").select("id").where("turn_user_id", "=", userId).where("play_mode", "=", "turns").orderBy("id").execute();
  const changes: GroupChange[] = [];
  for (const { id } of stories) {
    const game = await lockStory(trx, id);
    const seats = await seatOrder(trx, id);
    await trx.updateTable("saved_games").set({ turn_user_id: nextTurn(seats, new Set(), userId) }).where("id", "=", id).where("turn_user_id", "=", userId).execute();
    changes.push({ gameId: id, tell: everyone(game?.user_id, seats), unshared: false });
  }
  return changes;
}
