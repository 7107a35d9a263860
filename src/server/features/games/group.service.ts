/**
 * 'Gioca insieme' (issue 24, ADR 0019): the group of a story — its players and their characters,
 * how the story moves ('a turno' or 'voto'), whose turn it is, side notes ('fuori scena'), who is
 * typing — and the live events that tell every member's browsers to reload it.
 * Reads are for members (the host included); host-only changes check the owner in the query.
 */

import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { LiveEvent } from "../../../shared/api-types";
import type { GroupPlayerView, GroupView, MessageAuthorView, PlayMode } from "../../../shared/group-types";
import type { CharacterInput, GroupSettingsInput } from "../../../shared/schemas/group";
import type { PushKind } from "../../../shared/push-kinds";
import { gamePagePath } from "../../../shared/genres";
import { publicName } from "../../domain/accounts/public-name";
import { type PushDeps, pushInBackground } from "../../domain/push/push-notify";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import { lockedForUpdate } from "../../platform/db/row-lock";
import { AppError } from "../../platform/errors";
import { countedBallots, hasQuorum, readBallots, voteNotice } from "../../domain/policies/vote-outcome";
import type { EventBus } from "../../platform/realtime/event-bus";
import { userTopic } from "../../platform/realtime/live-events";
import { depart, type GameAccess, type GroupChange, nextTurn, readableBy, seatOrder, seatsOf, setCharacter } from "../../domain/policies/membership";
import { isStorableId } from "../../platform/validation";
import { findRunRow, isStale } from "./narration-runs.service";
import { copyForLeavingPlayer } from "./read-only-copy";

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Side notes a GroupView shows (the latest), and how many a story keeps. */
const NOTES_SHOWN = 50;
const NOTES_KEPT = 200;
/** A player is 'typing' this long after their last POST /typing, which counts once a second. */
const TYPING_SHOWN_MS = 5_000;
const TYPING_EVERY_MS = 1_000;

/** A group story's row as the group features read it. */
export interface GroupGame {
  id: string;
  /** The host (saved_games.user_id). */
  user_id: string;
  title: string;
  genre: string;
  tip_message_id: string | null;
  play_mode: PlayMode;
  vote_seconds: number;
  turn_user_id: string | null;
  vote_tip_id: string | null;
  vote_deadline: string | null;
  /** The error code of the turn the last vote chose, when it was refused (issue 36 finding 2). */
  vote_refusal: string | null;
}

/** A player of a group story, in seat order. */
export interface GroupPlayer {
  user_id: string;
  nickname: string;
  character_name: string;
  character_line: string;
  color: string;
  seat: number;
}

const GROUP_COLUMNS = ["g.id", "g.user_id", "g.title", "g.genre", "g.tip_message_id", "g.play_mode", "g.vote_seconds", "g.turn_user_id", "g.vote_tip_id", "g.vote_deadline", "g.vote_refusal"] as const;

/**
 * Loads a story for its group features: for a member (`access` 'member') or its host only
 * ('owner'), checked in the query. Throws 404 GAME_NOT_FOUND.
 */
export async function findGroupGame(db: Db | Trx, userId: string, gameId: string, access: GameAccess): Promise<GroupGame> {
  if (!isStorableId(gameId)) throw AppError.of("GAME_NOT_FOUND", 404);
  const game = await db
    .selectFrom("saved_games as g")
    .select(GROUP_COLUMNS)
    .where("g.id", "=", gameId)
    .where("g.is_template", "=", 0)
    .where(readableBy(userId, access))
    .executeTakeFirst();
  if (!game?.user_id) throw AppError.of("GAME_NOT_FOUND", 404);
  return { ...game, user_id: game.user_id };
}

/** The story row locked for a change of its group (PostgreSQL: FOR UPDATE; SQLite writes one at a time). */
export async function lockGroupGame(trx: Trx, gameId: string): Promise<GroupGame> {
  const game = await lockedForUpdate(trx, trx.selectFrom("saved_games as g").select(GROUP_COLUMNS).where("g.id", "=", gameId)).executeTakeFirstOrThrow();
  return { ...game, user_id: game.user_id! };
}

/** The players of a story in seat order (empty for a solo story), with their public names. */
export async function groupPlayers(db: Db | Trx, gameId: string): Promise<GroupPlayer[]> {
  const rows = await seatsOf(db, gameId)
    .leftJoin("profiles as p", "p.id", "gp.user_id")
    .select(["gp.user_id", "gp.character_name", "gp.character_line", "gp.color", "gp.seat", publicName])
    .execute();
  return rows.map((r) => ({ ...r, nickname: r.nickname ?? r.character_name }));
}

/**
 * Who among `userIds` has the story `gameId` open in a tab, or closed it less than 30 s ago (the
 * presence table, ADR 0006); the rest are 'assente'.
 */
export async function presentPlayers(db: Db, gameId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("presence")
    .select("user_id")
    .distinct()
    .where("game_id", "=", gameId)
    .where("user_id", "in", userIds)
    .where("expires_at", ">", new Date().toISOString())
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** When each player of a story last typed on this instance: `${gameId}:${userId}` → ms. */
const typedAt = new Map<string, number>();

/**
 * The group of a story as a member sees it (GET /api/games/:id/group). Input: the story's row and
 * the member. Output: {@link GroupView}; a solo story has no players and mode 'solo'.
 */
export async function buildGroupView(db: Db, game: GroupGame, meId: string): Promise<GroupView> {
  const players = await groupPlayers(db, game.id);
  const voteOpen = game.play_mode === "vote" && game.vote_deadline !== null && game.vote_tip_id !== null && game.vote_tip_id === game.tip_message_id;
  const [present, ballots, notes] = await Promise.all([
    presentPlayers(db, game.id, players.map((p) => p.user_id)),
    voteOpen ? readBallots(db, game.id, game.vote_tip_id!) : Promise.resolve([]),
    db.selectFrom("side_notes").select(["id", "user_id", "text", "created_at"]).where("game_id", "=", game.id).orderBy("created_at", "desc").orderBy("id", "desc").limit(NOTES_SHOWN).execute(),
  ]);
  const now = Date.now();
  const votes = countedBallots(ballots, players);
  const voteState = { open: voteOpen, quorum: hasQuorum(votes, game.user_id, players), expired: voteOpen && Date.parse(game.vote_deadline!) <= now };
  return {
    mode: game.play_mode,
    voteSeconds: game.vote_seconds,
    hostId: game.user_id,
    meId,
    turnUserId: game.play_mode === "turns" ? game.turn_user_id : null,
    players: players.map(
      (p): GroupPlayerView => ({
        userId: p.user_id,
        nickname: p.nickname,
        color: p.color,
        characterName: p.character_name,
        characterLine: p.character_line,
        isHost: p.user_id === game.user_id,
        present: present.has(p.user_id),
        typing: now - (typedAt.get(`${game.id}:${p.user_id}`) ?? 0) < TYPING_SHOWN_MS,
      }),
    ),
    vote: voteOpen
      ? {
          tipMessageId: game.vote_tip_id!,
          deadline: game.vote_deadline!,
          votes: votes.map((v) => ({ userId: v.user_id, choice: v.choice, action: v.action })),
        }
      : null,
    voteNotice: game.play_mode === "vote" ? voteNotice(voteState, game.vote_refusal) : null,
    notes: notes.reverse().map((n) => ({ id: n.id, userId: n.user_id, text: n.text, createdAt: n.created_at })),
  };
}

/** GameView.group: the group of a story, or null for a solo story (no players). */
export async function groupOfGame(db: Db, userId: string, gameId: string): Promise<GroupView | null> {
  const game = await findGroupGame(db, userId, gameId, "member");
  return game.play_mode === "solo" ? null : buildGroupView(db, game, userId);
}

/** Who wrote the player's messages of a group story: author id → nickname and colour of its player. */
export async function messageAuthors(db: Db, gameId: string): Promise<Map<string, MessageAuthorView>> {
  return new Map((await groupPlayers(db, gameId)).map((p) => [p.user_id, { nickname: p.nickname, color: p.color }]));
}

/**
 * Sends `event` to every member of the story (host included) on their `user:<id>` topics, on
 * every instance (the PostgreSQL bus). Call it after the change is committed.
 */
export async function publishToGroup(db: Db, bus: EventBus, gameId: string, event: LiveEvent): Promise<void> {
  const { members } = await groupMembers(db, gameId);
  await Promise.all(members.map((id) => bus.publish(userTopic(id), event)));
}

/** Every member of the story (host included) and its genre (undefined when the story is gone). */
async function groupMembers(db: Db, gameId: string): Promise<{ members: string[]; genre: string | undefined }> {
  const [players, game] = await Promise.all([
    seatsOf(db, gameId).select("gp.user_id").execute(),
    db.selectFrom("saved_games").select(["user_id", "genre"]).where("id", "=", gameId).executeTakeFirst(),
  ]);
  return { members: [...new Set([...players.map((p) => p.user_id), ...(game?.user_id ? [game.user_id] : [])])], genre: game?.genre };
}

/**
 * The push of `kind` (a vote opened, a friend joined; issue 39) to every member of the story but
 * `exceptUserId` (who caused it), opening the story; sent in the background. Call it after the
 * change is committed.
 */
export async function pushToGroup(deps: PushDeps, gameId: string, exceptUserId: string, kind: PushKind): Promise<void> {
  const { members, genre } = await groupMembers(deps.db, gameId);
  if (genre !== undefined) pushInBackground(deps, members.filter((id) => id !== exceptUserId), kind, gamePagePath(genre, gameId));
}

/** `group.changed` to every member of the story. */
export const groupChanged = (db: Db, bus: EventBus, gameId: string) => publishToGroup(db, bus, gameId, { type: "group.changed", gameId });

/**
 * Passes the turn ('a turno') from `fromUserId` to the next player (the ledger's nextTurn: the next
 * present one, never a deactivated account), only if it is still theirs (one conditional update:
 * a skip and a narration's end never pass it twice); the player it passes to gets a 'Tocca a te'
 * push (issue 39). Output: whether it moved.
 */
export async function passTurn(deps: PushDeps, gameId: string, fromUserId: string): Promise<boolean> {
  const { db } = deps;
  const players = await seatOrder(db, gameId);
  const next = nextTurn(players, await presentPlayers(db, gameId, players.map((p) => p.user_id)), fromUserId);
  const result = await db
    .updateTable("saved_games")
    .set({ turn_user_id: next })
    .where("id", "=", gameId)
    .where("play_mode", "=", "turns")
    .where("turn_user_id", "=", fromUserId)
    .returning("genre")
    .executeTakeFirst();
  // 'Tocca a te' on the phone of the player whose turn it now is (issue 39), in the background.
  if (result && next !== null && next !== fromUserId) pushInBackground(deps, [next], "turn", gamePagePath(result.genre, gameId));
  return result !== undefined;
}

/** True while a narration of the story is being written (its run row is running and not stale). */
export async function narrationRunning(db: Db | Trx, gameId: string): Promise<boolean> {
  const row = await findRunRow(db as Db, gameId);
  return row !== undefined && row.status === "running" && !isStale(row);
}

/**
 * PUT /api/games/:id/group (host): {mode: 'turns'|'vote', voteSeconds}. 'A turno' starts with the
 * current turn if it is a player's, else the host's; any open vote is dropped.
 * Throws 404 GAME_NOT_FOUND (not the host), 409 NO_GROUP (nobody joined), 409 NARRATION_RUNNING.
 */
export async function setGroupSettings(db: Db, hostId: string, gameId: string, input: GroupSettingsInput): Promise<GroupGame> {
  const game = await findGroupGame(db, hostId, gameId, "owner");
  if (game.play_mode === "solo") throw AppError.of("NO_GROUP", 409);
  if (await narrationRunning(db, game.id)) throw AppError.of("NARRATION_RUNNING", 409);
  const players = await groupPlayers(db, game.id);
  const turn = input.mode === "turns" ? (players.some((p) => p.user_id === game.turn_user_id) ? game.turn_user_id : game.user_id) : null;
  await db
    .updateTable("saved_games")
    .set({ play_mode: input.mode, vote_seconds: input.voteSeconds, turn_user_id: turn, vote_tip_id: null, vote_deadline: null, vote_refusal: null })
    .where("id", "=", game.id)
    .execute();
  return { ...game, play_mode: input.mode, vote_seconds: input.voteSeconds, turn_user_id: turn, vote_tip_id: null, vote_deadline: null, vote_refusal: null };
}

/**
 * POST /api/games/:id/group/skip (host, 'a turno'): the turn passes to the next player.
 * Throws 404 GAME_NOT_FOUND (not the host), 409 NOT_TURNS.
 */
export async function skipTurn(deps: PushDeps, hostId: string, gameId: string): Promise<void> {
  const game = await findGroupGame(deps.db, hostId, gameId, "owner");
  if (game.play_mode !== "turns" || game.turn_user_id === null) throw AppError.of("NOT_TURNS", 409);
  await passTurn(deps, game.id, game.turn_user_id);
}

/**
 * PUT /api/games/:id/players/me {characterName, characterLine}: the player's character.
 * Throws 404 GAME_NOT_FOUND when the caller is not a player of the story.
 */
export async function updateCharacter(db: Db, userId: string, gameId: string, input: CharacterInput): Promise<void> {
  if (!isStorableId(gameId)) throw AppError.of("GAME_NOT_FOUND", 404);
  await setCharacter(db, gameId, userId, input);
}

/**
 * POST /api/games/:id/notes {text} (member): a side note ('fuori scena'), never sent to the
 * narrator; a story keeps its latest NOTES_KEPT. Output: the note. Throws 404 GAME_NOT_FOUND.
 */
export async function addNote(db: Db, userId: string, gameId: string, text: string) {
  const game = await findGroupGame(db, userId, gameId, "member");
  const note = { id: randomUUID(), game_id: game.id, user_id: userId, text, created_at: nowIso() };
  await db.insertInto("side_notes").values(note).execute();
  const kept = db.selectFrom("side_notes").select("id").where("game_id", "=", game.id).orderBy("created_at", "desc").orderBy("id", "desc").limit(NOTES_KEPT);
  await db.deleteFrom("side_notes").where("game_id", "=", game.id).where("id", "not in", kept).execute();
  return { id: note.id, userId, text, createdAt: note.created_at };
}

/**
 * POST /api/games/:id/typing (member): `group.typing` to the group, at most once a second per
 * player and story (more calls are answered but publish nothing). Throws 404 GAME_NOT_FOUND.
 */
export async function markTyping(db: Db, bus: EventBus, userId: string, gameId: string): Promise<void> {
  const key = `${gameId}:${userId}`;
  const now = Date.now();
  if (now - (typedAt.get(key) ?? 0) < TYPING_EVERY_MS) return;
  const game = await findGroupGame(db, userId, gameId, "member");
  typedAt.set(key, now);
  // Forget the stale entries, so the map holds only the players typing now.
  if (typedAt.size > 1_000) for (const [k, at] of typedAt) if (now - at >= TYPING_SHOWN_MS) typedAt.delete(k);
  await publishToGroup(db, bus, game.id, { type: "group.typing", gameId: game.id, userId });
}

/**
 * DELETE /api/games/:id/players/:userId: the host removes a player (remembered: the same link no
 * longer lets them back, issue 36 finding 8), or a player leaves (removes themself), through the
 * membership ledger's depart (a host who leaves hands the story over and ends their public link;
 * a story left with one player becomes solo again; a turn of theirs passes on). A player who
 * leaves (not one the host removes) keeps a read-only copy of the story as it stands, made in the
 * same transaction ({@link copyForLeavingPlayer}).
 * Output: the ledger's change (who to tell: the players before it, the one who went included).
 * Throws 404 GAME_NOT_FOUND (not a member), 403 NOT_HOST (a member removing another), 404 PLAYER_NOT_FOUND.
 */
export async function removePlayer(db: Db, callerId: string, gameId: string, targetId: string): Promise<GroupChange> {
  const game = await findGroupGame(db, callerId, gameId, "member");
  if (callerId !== targetId && callerId !== game.user_id) throw AppError.of("NOT_HOST", 403);
  return db.transaction().execute(async (trx) => {
    await lockGroupGame(trx, game.id);
    if (callerId === targetId) await copyForLeavingPlayer(trx, game.id, targetId);
    const change = await depart(trx, game.id, targetId, callerId === targetId ? "left" : "removed", callerId);
    // Nothing changed (the copy above goes with the rolled-back transaction).
    if (!change) throw AppError.of("PLAYER_NOT_FOUND", 404);
    return change;
  });
}
