/**
 * Invitations to a group story (issue 24 'Gioca insieme', ADR 0019): the host makes a link
 * /invito/{token} (32 random bytes; only its SHA-256 is stored, so the link is shown once), valid
 * for 7 days until revoked; anyone signed in (guests too) joins through it with a character, up to
 * GROUP_MAX_PLAYERS players, host included. A revoked or expired invitation is 404 and can never
 * be replayed. A story has at most LIVE_INVITATIONS_MAX usable invitations and keeps its latest
 * DEAD_INVITATIONS_KEPT revoked or expired ones (issue 36 finding 16c).
 */

import { createHash, randomBytes, randomUUID } from "node:crypto";
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from "kysely";
import type { InvitationCreatedView, InvitationListView, InvitationPreviewView, JoinedView } from "../../../shared/group-types";
import { GROUP_MAX_PLAYERS, type JoinInput } from "../../../shared/schemas/group";
import { publicName } from "../../domain/accounts/public-name";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { resolveGenre } from "../../../shared/genres";
import { admit } from "../../domain/policies/membership";
import { isStorableId } from "../../platform/validation";
import { findGroupGame, groupPlayers, lockGroupGame } from "./group.service";

type Db = Kysely<Database>;

/** How long an invitation link works (issue 24: 7 days). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Invitations of one story that may be usable at once (more: 409 TOO_MANY_INVITATIONS). */
const LIVE_INVITATIONS_MAX = 20;
/**
 * Revoked or expired invitations one story keeps (the latest, for the host's list); older ones are
 * deleted, so creating and revoking links in a loop never piles rows up (issue 36 finding 16c).
 */
const DEAD_INVITATIONS_KEPT = 10;
/** A token is 43 base64url characters; anything much longer is not one. */
const TOKEN_MAX_LENGTH = 100;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** An invitation that no longer works: revoked, or expired at `now` (ISO). */
const dead = (now: string) => (eb: ExpressionBuilder<Database, "game_invitations">) => eb.or([eb("revoked_at", "is not", null), eb("expires_at", "<=", now)]);

/**
 * Deletes the story's invitations revoked or expired at `now` (ISO) but the latest
 * DEAD_INVITATIONS_KEPT (issue 36 finding 16c).
 */
async function forgetDeadInvitations(db: Db | Transaction<Database>, gameId: string, now: string): Promise<void> {
  const kept = db.selectFrom("game_invitations").select("id").where("game_id", "=", gameId).where(dead(now)).orderBy("created_at", "desc").orderBy("id", "desc").limit(DEAD_INVITATIONS_KEPT);
  await db.deleteFrom("game_invitations").where("game_id", "=", gameId).where(dead(now)).where("id", "not in", kept).execute();
}

/**
 * POST /api/games/:id/invitations (host): a new link. Output: {id, url: '/invito/{token}',
 * expiresAt}, the only time the token is given. The count and the insert run with the story row
 * locked, so links asked at the same time never pass the bound together; the story's old revoked
 * and expired links are forgotten. Throws 404 GAME_NOT_FOUND (not the host), 409
 * TOO_MANY_INVITATIONS past LIVE_INVITATIONS_MAX usable ones.
 */
export async function createInvitation(db: Db, hostId: string, gameId: string): Promise<InvitationCreatedView> {
  const game = await findGroupGame(db, hostId, gameId, "owner");
  const now = new Date();
  const token = randomBytes(32).toString("base64url");
  const row = { id: randomUUID(), game_id: game.id, token_hash: tokenHash(token), created_by: hostId, created_at: now.toISOString(), expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString() };
  await db.transaction().execute(async (trx) => {
    await lockGroupGame(trx, game.id);
    const live = await trx
      .selectFrom("game_invitations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("game_id", "=", game.id)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now.toISOString())
      .executeTakeFirstOrThrow();
    if (Number(live.n) >= LIVE_INVITATIONS_MAX) throw AppError.of("TOO_MANY_INVITATIONS", 409);
    await trx.insertInto("game_invitations").values(row).execute();
    await forgetDeadInvitations(trx, game.id, now.toISOString());
  });
  return { id: row.id, url: `/invito/${token}`, expiresAt: row.expires_at };
}

/**
 * GET /api/games/:id/invitations (host): the story's invitations, newest first: the usable ones
 * and the latest revoked or expired ones (at most 50). Throws 404 GAME_NOT_FOUND.
 */
export async function listInvitations(db: Db, hostId: string, gameId: string): Promise<InvitationListView> {
  const game = await findGroupGame(db, hostId, gameId, "owner");
  const rows = await db
    .selectFrom("game_invitations")
    .select(["id", "created_at", "expires_at", "revoked_at"])
    .where("game_id", "=", game.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  return { invitations: rows.map((r) => ({ id: r.id, createdAt: r.created_at, expiresAt: r.expires_at, revokedAt: r.revoked_at })) };
}

/**
 * DELETE /api/games/:id/invitations/:invitationId (host): the link stops working for good (a
 * second revocation keeps the first time); past the latest DEAD_INVITATIONS_KEPT revoked or
 * expired links, the oldest are deleted (their hashes go with them: a deleted link is as dead as a
 * revoked one). Throws 404 GAME_NOT_FOUND, 404 INVITATION_NOT_FOUND.
 */
export async function revokeInvitation(db: Db, hostId: string, gameId: string, invitationId: string): Promise<void> {
  const game = await findGroupGame(db, hostId, gameId, "owner");
  if (!isStorableId(invitationId)) throw AppError.of("INVITATION_NOT_FOUND", 404);
  const result = await db
    .updateTable("game_invitations")
    .set({ revoked_at: sql<string>`coalesce(revoked_at, ${nowIso()})` })
    .where("id", "=", invitationId)
    .where("game_id", "=", game.id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw AppError.of("INVITATION_NOT_FOUND", 404);
  await forgetDeadInvitations(db, game.id, new Date().toISOString());
}

/** The story of a usable invitation (not revoked, not expired, a game). Throws 404 INVITATION_NOT_FOUND. */
async function invitedGame(db: Db, token: string) {
  if (token.length > TOKEN_MAX_LENGTH || !isStorableId(token)) throw AppError.of("INVITATION_NOT_FOUND", 404);
  const row = await db
    .selectFrom("game_invitations as i")
    .innerJoin("saved_games as g", "g.id", "i.game_id")
    .leftJoin("profiles as p", "p.id", "g.user_id")
    .select(["g.id", "g.title", "g.genre", "i.created_at", publicName])
    .where("i.token_hash", "=", tokenHash(token))
    .where("i.revoked_at", "is", null)
    .where("i.expires_at", ">", new Date().toISOString())
    .where("g.is_template", "=", 0)
    .executeTakeFirst();
  if (!row) throw AppError.of("INVITATION_NOT_FOUND", 404);
  return row;
}

/**
 * GET /api/invitations/:token (anyone): what the invitation page shows. Output:
 * {title, genre, hostNickname, players, full}. Throws 404 INVITATION_NOT_FOUND.
 */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreviewView> {
  const game = await invitedGame(db, token);
  const players = Math.max(1, (await groupPlayers(db, game.id)).length);
  return { title: game.title, genre: resolveGenre(game.genre), hostNickname: game.nickname ?? "Un giocatore", players, full: players >= GROUP_MAX_PLAYERS };
}

/**
 * POST /api/invitations/:token/join {characterName, characterLine} (any user, guests too): the
 * user becomes a player of the story through the membership ledger's admit (after the host, who
 * gets a seat on the first join; the story then moves 'a turno', the host first; the story row is
 * locked, so two joins at once cannot both take the last seat). Joining twice, or the host
 * joining, changes nothing. Output: {gameId, genre} and whether anything changed. Throws 404
 * INVITATION_NOT_FOUND, 403 PLAYER_REMOVED (the host removed them after this invitation was made:
 * issue 36 finding 8), 409 GROUP_FULL ('La storia ha già 4 giocatori.').
 */
export async function joinGroup(db: Db, userId: string, token: string, input: JoinInput): Promise<JoinedView & { joined: boolean }> {
  const invited = await invitedGame(db, token);
  const joined = await db.transaction().execute((trx) => admit(trx, invited.id, userId, input, { createdAt: invited.created_at, hostName: invited.nickname }));
  return { gameId: invited.id, genre: resolveGenre(invited.genre), joined };
}
