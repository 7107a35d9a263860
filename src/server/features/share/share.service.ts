/**
 * Over 350 lines: a shared link's whole life (make, list, revoke, take down) in one service; candidate to split.
 * Shared stories (issue 13, "A public reading page"; migration 0014 story_shares).
 *
 * The owner of a game makes an unlisted link /storia/{id}/{slug} with 'Condividi' (options: show
 * the nickname, list the story on /galleria), changes its options and revokes it ('Smetti di
 * condividere'). The game's one story_shares row is its publication record (issue 36 finding 6,
 * migration 0027): revoking sets unshared_at and keeps the row with its moderation state; a later
 * share gives the row a new random id (old links stay dead) and the story's reports and decisions
 * follow it there, so a restriction or a hold belongs to the story, not to one link.
 * Authorisation lives in the queries: every owner operation goes through findOwnedGame (another
 * user's game, a template or an unknown id → 404 GAME_NOT_FOUND). An admin can take a story down
 * (the page is then 404 and the owner cannot share that game again: 409 SHARE_TAKEN_DOWN).
 * Who may see a story is the visibility rule's (policies/visibility.ts). Public reads never
 * select an e-mail or a user id; the nickname only when the owner chose so.
 */

import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { type GenreName, resolveGenre } from "../../../shared/genres";
import type {
  AdminSharePageView,
  AdminShareView,
  ShareOptions,
  SharedStoryCardView,
  SharedStoryPageView,
  ShareView,
} from "../../../shared/schemas/share";
import { storySlug, templatePath } from "../../../shared/slug";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { decodeCursor, keysetPage } from "../../platform/keyset-cursor";
import { narrationParagraphs } from "../book/book.service";
import { findOwnedGame } from "../games/games.service";
import { creatorNickname, publicName } from "../../domain/accounts/public-name";
import { listedStory, liveStory } from "../../domain/policies/visibility";
import { followStoryToLink } from "../moderation/content";

type Db = Kysely<Database>;

/** Characters of the opening shown as a story's first lines (gallery cards, og:description). */
export const EXCERPT_LENGTH = 220;

/** A new link id: 128 random bits as base64url (22 characters), unguessable. */
export function newShareId(): string {
  return randomBytes(16).toString("base64url");
}

/** True for a string that can be a link id (anything else is not looked up). */
export function isShareId(id: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(id);
}

/** Canonical path of a shared story: /storia/{id}/{slug}. */
export function sharePath(id: string, title: string): string {
  return `/storia/${encodeURIComponent(id)}/${encodeURIComponent(storySlug(title))}`;
}

/**
 * The first lines of a story for cards and descriptions. Input: plain, typeset text (book
 * paragraphs). Output: the text on one line, cut at a word boundary to at most `max` characters
 * with "…".
 */
export function excerptOf(text: string, max = EXCERPT_LENGTH): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.—-]+$/, "")}…`;
}

type ShareRow = { id: string; show_nickname: number; listed: number; created_at: string; taken_down_at: string | null; unshared_at: string | null };

function toShareView(row: ShareRow, title: string): ShareView {
  return {
    id: row.id,
    path: sharePath(row.id, title),
    showNickname: Number(row.show_nickname) === 1,
    listed: Number(row.listed) === 1,
    createdAt: row.created_at,
    takenDownAt: row.taken_down_at,
  };
}

function shareOfGame(db: Db, gameId: string) {
  return db
    .selectFrom("story_shares")
    .select(["id", "show_nickname", "listed", "created_at", "taken_down_at", "unshared_at"])
    .where("game_id", "=", gameId)
    .executeTakeFirst();
}

/**
 * GET /api/games/:id/share. Input: the owner and the game id. Output: the link's ShareView, or
 * null when the game is not shared (never, or revoked). Throws 404 GAME_NOT_FOUND when the game
 * is not the user's.
 */
export async function getShare(db: Db, userId: string, gameId: string): Promise<ShareView | null> {
  const game = await findOwnedGame(db, userId, gameId);
  const row = await shareOfGame(db, game.id);
  return row && !row.unshared_at ? toShareView(row, game.title) : null;
}

/**
 * A new link for a game whose link was revoked (issue 36 finding 6): the row gets a new random id,
 * the owner's options and a new date, keeps its moderation state, and the story's reports and
 * decisions follow it to the new id. Output: whether this call made the link (a parallel share
 * may have made it first).
 */
async function relink(db: Db, gameId: string, oldId: string, values: { show_nickname: number; listed: number; updated_at: string }): Promise<boolean> {
  const id = newShareId();
  const relinked = await db
    .updateTable("story_shares")
    .set({ id, unshared_at: null, created_at: values.updated_at, ...values })
    .where("game_id", "=", gameId)
    .where("id", "=", oldId)
    .where("unshared_at", "is not", null)
    .executeTakeFirst();
  if (Number(relinked.numUpdatedRows) === 0) return false;
  await followStoryToLink(db, oldId, id);
  return true;
}

/**
 * PUT /api/games/:id/share: creates the link (a new random id; after a revocation the story's
 * row gets one, see relink) or changes its options. Input: the owner (call inside a transaction),
 * the game id, {showNickname, listed}. Output: {share, created}. Throws 404 GAME_NOT_FOUND (not
 * the user's game), 409 SHARE_TAKEN_DOWN (an admin took the story down).
 * Two parallel first shares make one link (the unique game_id; the second call updates it).
 */
export async function saveShare(db: Db, userId: string, gameId: string, options: ShareOptions): Promise<{ share: ShareView; created: boolean }> {
  const game = await findOwnedGame(db, userId, gameId);
  const now = nowIso();
  // The caller publishes the link: after a host hand-over the new host's own options make it theirs (issue 36 finding 12).
  const values = { show_nickname: options.showNickname ? 1 : 0, listed: options.listed ? 1 : 0, updated_at: now, shared_by: userId };
  const existing = await shareOfGame(db, game.id);
  if (existing?.taken_down_at) throw AppError.of("SHARE_TAKEN_DOWN", 409);
  let created = false;
  if (!existing) {
    const inserted = await db
      .insertInto("story_shares")
      .values({ id: newShareId(), game_id: game.id, created_at: now, ...values })
      .onConflict((oc) => oc.column("game_id").doNothing())
      .executeTakeFirst();
    created = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  } else if (existing.unshared_at) {
    created = await relink(db, game.id, existing.id, values);
  }
  if (!created) {
    await db.updateTable("story_shares").set(values).where("game_id", "=", game.id).where("taken_down_at", "is", null).execute();
  }
  const row = await shareOfGame(db, game.id);
  if (!row) throw AppError.of("GAME_NOT_FOUND", 404); // the game was deleted meanwhile
  if (row.taken_down_at) throw AppError.of("SHARE_TAKEN_DOWN", 409);
  return { share: toShareView(row, game.title), created };
}

/**
 * DELETE /api/games/:id/share ('Smetti di condividere'): the link dies (unshared_at; out of the
 * gallery) and the row stays with the story's moderation state (issue 36 finding 6); nothing to
 * do when the game is not shared. Throws 404 GAME_NOT_FOUND, 409 SHARE_TAKEN_DOWN (a taken-down
 * story stays recorded, so it cannot be shared again under a new link).
 */
export async function revokeShare(db: Db, userId: string, gameId: string): Promise<void> {
  const game = await findOwnedGame(db, userId, gameId);
  const row = await shareOfGame(db, game.id);
  if (row?.taken_down_at) throw AppError.of("SHARE_TAKEN_DOWN", 409);
  const now = nowIso();
  await db
    .updateTable("story_shares")
    .set({ unshared_at: now, listed: 0, updated_at: now })
    .where("game_id", "=", game.id)
    .where("taken_down_at", "is", null)
    .where("unshared_at", "is", null)
    .execute();
}

/** The title of a game (issue 23: the notice of a held story names it); '' when unknown. */
export async function gameTitle(db: Db, gameId: string): Promise<string> {
  const row = await db.selectFrom("saved_games").select("title").where("id", "=", gameId).executeTakeFirst();
  return row?.title ?? "";
}

/** What the public page needs of a live link (no e-mail, no user id). */
export interface PublicShare {
  id: string;
  gameId: string;
  title: string;
  genre: GenreName;
  /** The owner's nickname (else first name) when they chose to show it and have one. */
  nickname: string | null;
  /** The owner's nickname when they chose to show it and their creator page exists (issue 40 §1). */
  creatorNickname: string | null;
  listed: boolean;
  sharedAt: string;
  /** The template the game was copied from, when it still exists. */
  template: { title: string; path: string } | null;
}

/**
 * The owner's names a shared story shows: none unless the owner chose to show them (show_nickname);
 * then the public name, and the nickname that links to their creator page when it exists (issue 40 §1).
 */
function ownerNames(row: { show_nickname: number; nickname: string | null; creator_nickname: string | null }): Pick<PublicShare, "nickname" | "creatorNickname"> {
  const shown = Number(row.show_nickname) === 1;
  return { nickname: shown ? (row.nickname ?? null) : null, creatorNickname: shown ? (row.creator_nickname ?? null) : null };
}

/**
 * The live link with this id (not revoked, not taken down, its author active), or null. Whether
 * the caller may see it in its moderation state is asked first (policies/visibility.ts sightAt).
 * Input: the id from the URL (anything: an id that cannot be one is not looked up).
 */
export async function findPublicShare(db: Db, shareId: string): Promise<PublicShare | null> {
  if (!isShareId(shareId)) return null;
  const row = await db
    .selectFrom("story_shares as s")
    .innerJoin("saved_games as g", "g.id", "s.game_id")
    .leftJoin("profiles as p", "p.id", "g.user_id")
    .leftJoin("saved_games as t", (join) => join.onRef("t.id", "=", "g.template_id").on("t.is_template", "=", 1).on("t.draft", "=", 0))
    .select([
      "s.id", "s.game_id", "s.show_nickname", "s.created_at", "g.title", "g.genre",
      publicName, creatorNickname, "t.id as template_id", "t.title as template_title", listedStory("s", "g").as("in_gallery"),
    ])
    .where("s.id", "=", shareId)
    .where(liveStory("s", "g"))
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    gameId: row.game_id,
    title: row.title,
    genre: resolveGenre(row.genre),
    ...ownerNames(row),
    listed: Boolean(row.in_gallery),
    sharedAt: row.created_at,
    template: row.template_id && row.template_title ? { title: row.template_title, path: templatePath(row.template_id, row.template_title) } : null,
  };
}

/** The shares joined with their game, the game's opening narration and the owner's nickname. */
function sharesWithStory(db: Db) {
  return db
    .selectFrom("story_shares as s")
    .innerJoin("saved_games as g", "g.id", "s.game_id")
    .leftJoin("profiles as p", "p.id", "g.user_id")
    .select((eb) => [
      "s.id", "s.show_nickname", "s.listed", "s.created_at", "s.taken_down_at", "g.title", "g.genre", publicName, creatorNickname,
      // The opening: the game's first narration in text (the first lines of every branch).
      eb
        .selectFrom("chat_messages as m")
        .select("m.content")
        .whereRef("m.game_id", "=", "g.id")
        .where("m.role", "=", "assistant")
        .where("m.image_url", "is", null)
        // A reply is always created after the message it answers: the first created is the
        // shallowest, and (game_id, created_at) is indexed.
        .orderBy("m.created_at")
        .limit(1)
        .as("opening"),
    ]);
}

type CardRow = {
  id: string;
  show_nickname: number;
  title: string;
  genre: string;
  nickname: string | null;
  creator_nickname: string | null;
  created_at: string;
  opening: string | null;
};

function toCard(r: CardRow): SharedStoryCardView {
  return {
    id: r.id,
    path: sharePath(r.id, r.title),
    title: r.title,
    genre: resolveGenre(r.genre),
    excerpt: excerptOf(narrationParagraphs(r.opening ?? "").join(" ")),
    ...ownerNames(r),
    sharedAt: r.created_at,
  };
}

/** Reads a shares cursor ([created_at, id] of the last item); null when malformed (the caller answers 400). */
export function decodeShareCursor(value: string): { createdAt: string; id: string } | null {
  const values = decodeCursor(value, ["string", "string"]);
  return values && { createdAt: values[0], id: values[1] };
}

/**
 * GET /api/shares ('Storie condivise' on /galleria): the stories their owners listed, not taken
 * down, newest share first. Input: page size and the previous page's cursor. Output:
 * SharedStoryPageView; one range scan of limit + 1 rows on story_shares_listed_idx.
 */
export async function listSharedStories(db: Db, options: { limit: number; cursor?: { createdAt: string; id: string } }): Promise<SharedStoryPageView> {
  let query = sharesWithStory(db).where(listedStory("s", "g"));
  if (options.cursor) query = query.where(sql<boolean>`(s.created_at, s.id) < (${options.cursor.createdAt}, ${options.cursor.id})`);
  const rows = await query.orderBy("s.created_at", "desc").orderBy("s.id", "desc").limit(options.limit + 1).execute();
  return keysetPage(rows, options.limit, toCard, (r) => [r.created_at, r.id]);
}

/**
 * The sitemap's shared stories (issue 12 sitemap, issue 13 'Storie condivise'): those their owners
 * listed and no admin took down, newest share first. Unlisted links stay out (they are unlisted).
 * Input: the most to return. Output: [{path, lastmod}].
 */
export async function sharedStoryPaths(db: Db, limit: number): Promise<{ path: string; lastmod: string }[]> {
  const rows = await db
    .selectFrom("story_shares as s")
    .innerJoin("saved_games as g", "g.id", "s.game_id")
    .select(["s.id", "g.title", "s.updated_at"])
    .where(listedStory("s", "g"))
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ path: sharePath(r.id, r.title), lastmod: r.updated_at }));
}

/**
 * GET /api/admin/shares: every shared story (listed or not, taken down or not; a revoked link is
 * no longer shared), newest first, with the owner's e-mail for the admin. Output: AdminSharePageView.
 */
export async function listAdminShares(db: Db, options: { limit: number; cursor?: { createdAt: string; id: string } }): Promise<AdminSharePageView> {
  let query = sharesWithStory(db).leftJoin("user as u", "u.id", "g.user_id").select(["u.email", "u.isAnonymous"]).where("s.unshared_at", "is", null);
  if (options.cursor) query = query.where(sql<boolean>`(s.created_at, s.id) < (${options.cursor.createdAt}, ${options.cursor.id})`);
  const rows = await query.orderBy("s.created_at", "desc").orderBy("s.id", "desc").limit(options.limit + 1).execute();
  return keysetPage(
    rows,
    options.limit,
    (r): AdminShareView => ({
      ...toCard(r),
      listed: Number(r.listed) === 1,
      ownerEmail: r.email && !r.isAnonymous ? r.email : null,
      takenDownAt: r.taken_down_at,
    }),
    (r) => [r.created_at, r.id],
  );
}

/**
 * POST /api/admin/shares/:id/takedown: takes a story down (the page answers 404 from now on).
 * Input: the transaction of the audited change, the admin's id and the link id. Output: the
 * story's title and path when this call took it down, null when it already was (nothing to
 * audit). Throws 404 SHARE_NOT_FOUND for an unknown link.
 */
export async function takeDownShare(db: Db, adminId: string, shareId: string): Promise<{ title: string; gameId: string } | null> {
  if (!isShareId(shareId)) throw AppError.of("SHARE_NOT_FOUND", 404);
  const row = await db
    .selectFrom("story_shares as s")
    .innerJoin("saved_games as g", "g.id", "s.game_id")
    .select(["s.id", "s.game_id", "s.taken_down_at", "g.title"])
    .where("s.id", "=", shareId)
    .executeTakeFirst();
  if (!row) throw AppError.of("SHARE_NOT_FOUND", 404);
  const now = nowIso();
  const updated = await db
    .updateTable("story_shares")
    .set({ taken_down_at: now, taken_down_by: adminId, listed: 0, updated_at: now })
    .where("id", "=", shareId)
    .where("taken_down_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0 ? { title: row.title, gameId: row.game_id } : null;
}
