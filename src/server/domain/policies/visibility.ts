/**
 * Rule owner: who may see a piece of public content, at every address (issue 36 findings 4, 6
 * and 16b, "One visibility rule"; ADR 0017; DESIGN §3 Rule owners). The gallery, the image,
 * story and template pages, their Open Graph images, /media and its renditions and downloads,
 * 'Storie condivise', Scopri, the sitemap, the books (EPUB, PDF, the public reading page) and
 * like / favourite / play all ask here; nothing else reads moderation_state, taken_down_at or
 * unshared_at to decide (visibility-owner.test.ts). The rule, by state:
 * - visible: listed, and reachable by anyone;
 * - restricted: out of every list, reachable by its link by anyone;
 * - held (automatic screening flagged it): its author only, at its page and wherever its bytes are
 *   shown; anyone else 404 'Contenuto in revisione';
 * - removed: nobody at its public addresses (410 'Contenuto rimosso'); its author still sees their
 *   own picture where it is embedded in their private story and their own export;
 * - not live (a revoked link, an admin's takedown, a deactivated author): out of every list and
 *   its public page answers the caller's own 404;
 * - a draft (a player's private scenario, issue 40 §1: saved_games.draft = 1): its author only,
 *   at its page and wherever it is embedded; never in a list; anyone else the caller's own 404.
 * A story's state belongs to the story (its one story_shares row, kept after a revocation), not to
 * one link (finding 6). Imports only from db/, errors and shared/ (the domain floor).
 */

import { type Kysely, type RawBuilder, sql } from "kysely";
import type { ContentKindName } from "../../../shared/content-kinds";
import { originalUrlsOf } from "../../../shared/media-renditions";
import type { Database, ModerationState } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

type Db = Kysely<Database>;

/**
 * Where an item is shown: "list" (gallery, 'Storie condivise', Scopri, sitemap); "page" (its own
 * public address: page, API detail, Open Graph image, download, like / favourite / play, a public
 * book's pictures); "embedded" (its bytes at /media wherever a page embeds them, a member's book).
 */
export type Address = "list" | "page" | "embedded";

/** An item's moderation as the rule needs it. */
export interface Moderated {
  state: ModerationState;
  /** The player who made it; null for templates (the site's) and erased accounts. */
  authorId: string | null;
  /** False when its address is dead whatever its state: revoked link, admin's takedown, deactivated author. */
  live: boolean;
  /** True for a player's private draft scenario (issue 40 §1): shown to its author only, never listed. */
  draft?: boolean;
}

/** What a viewer gets: the item (for anyone, or for its author only: never a shared cache) or a refusal. */
export type Sight =
  | { shown: true; to: "anyone" | "author" }
  | { shown: false; status: 404 | 410; code: "CONTENT_REMOVED" | "CONTENT_UNDER_REVIEW" | null };

const MISSING: Sight = { shown: false, status: 404, code: null };
const REMOVED: Sight = { shown: false, status: 410, code: "CONTENT_REMOVED" };
const UNDER_REVIEW: Sight = { shown: false, status: 404, code: "CONTENT_UNDER_REVIEW" };

/**
 * The rule. Input: the item, the viewer (user id, null for a visitor) and the address.
 * Output: a Sight; a refusal with code null means "answer your own not-found".
 */
export function sightOf(item: Moderated, viewerId: string | null, address: Address): Sight {
  const isAuthor = viewerId !== null && viewerId === item.authorId;
  if (item.draft) return isAuthor && address !== "list" ? { shown: true, to: "author" } : MISSING;
  if (address === "list") return item.live && item.state === "visible" ? { shown: true, to: "anyone" } : MISSING;
  if (item.state === "removed") return address === "embedded" && isAuthor ? { shown: true, to: "author" } : REMOVED;
  if (!item.live && address === "page") return MISSING;
  if (item.state === "held") return isAuthor ? { shown: true, to: "author" } : UNDER_REVIEW;
  return { shown: true, to: "anyone" };
}

/** The refusal as the API answers it; `missing` builds the caller's own not-found. */
export function refusalError(sight: Extract<Sight, { shown: false }>, missing: () => AppError): AppError {
  return sight.code ? AppError.of(sight.code, sight.status) : missing();
}

/**
 * A condition for public queries: the owner named by `userColumn` (e.g. 'g.user_id'; NULL counts
 * as active) is not deactivated (a deactivated account's content is hidden, issue 22 §10).
 */
export function ownerActive(userColumn: string): RawBuilder<boolean> {
  return sql<boolean>`not exists (select 1 from ${sql.table("user_deactivations")} as ud where ud.user_id = ${sql.ref(userColumn)})`;
}

/** Pictures of the gallery every list may show (alias of generated_images). */
export function listedImage(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.moderation_state`)} = 'visible' and ${ownerActive(`${alias}.user_id`)})`;
}

/** A shared story's live link: not revoked, not taken down, a player's game whose author is active. */
export function liveStory(share: string, game: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${share}.unshared_at`)} is null and ${sql.ref(`${share}.taken_down_at`)} is null and ${sql.ref(`${game}.is_template`)} = 0 and ${ownerActive(`${game}.user_id`)})`;
}

/**
 * A story's live link under no moderation measure (alias of story_shares): what its publisher may
 * simply withdraw, as when a group story's host hands it over (issue 36 finding 12); a link under a
 * measure stays as the measure's record.
 */
export function unmoderatedLiveShare(share: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${share}.unshared_at`)} is null and ${sql.ref(`${share}.taken_down_at`)} is null and ${sql.ref(`${share}.moderation_state`)} = 'visible')`;
}

/** Shared stories 'Storie condivise' and the sitemap show: live, listed by their owner, visible. */
export function listedStory(share: string, game: string): RawBuilder<boolean> {
  return sql<boolean>`(${liveStory(share, game)} and ${sql.ref(`${share}.listed`)} = 1 and ${sql.ref(`${share}.moderation_state`)} = 'visible')`;
}

/** A published template (not a player's private draft, issue 40 §1) whose author, if any, is active. */
export function publishedTemplate(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.is_template`)} = 1 and ${sql.ref(`${alias}.draft`)} = 0 and ${ownerActive(`${alias}.user_id`)})`;
}

/** Templates Scopri, the sitemap, the landing page and the creator pages list (alias of saved_games). */
export function listedTemplate(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${publishedTemplate(alias)} and ${sql.ref(`${alias}.moderation_state`)} = 'visible')`;
}

/**
 * A player whose creator page /autore/{nickname} exists (issue 40 §1; features/templates/creators.service.ts):
 * at least one listed scenario of theirs (listedTemplate, which also asks that they be active).
 * Input: the column of the player's id. Shared stories and gallery pictures link their author's
 * name only then, so no link leads to 'Autore non trovato'. One probe of saved_games_user_idx.
 */
export function hasCreatorPage(userColumn: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from ${sql.table("saved_games")} as cp where cp.user_id = ${sql.ref(userColumn)} and ${listedTemplate("cp")})`;
}

/** Templates reachable by their address (a player's 'Salvati' keeps the restricted ones; never a draft). */
export function reachableTemplate(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${publishedTemplate(alias)} and ${sql.ref(`${alias}.moderation_state`)} in ('visible', 'restricted'))`;
}

/**
 * An item's moderation, by kind and id (any string: nothing is found for a malformed one).
 * Output: {@link Moderated}, or null when no such item exists.
 */
export async function moderationOf(db: Db, kind: ContentKindName, id: string): Promise<Moderated | null> {
  switch (kind) {
    case "image": {
      const row = await db
        .selectFrom("generated_images as g")
        .select(["g.moderation_state as state", "g.user_id", ownerActive("g.user_id").as("live")])
        .where("g.id", "=", id.toLowerCase())
        .executeTakeFirst();
      return row ? { state: row.state, authorId: row.user_id, live: Boolean(row.live) } : null;
    }
    case "story": {
      // Link ids are 22 base64url characters; anything else (e.g. a NUL byte) is not looked up.
      if (!/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
      const row = await db
        .selectFrom("story_shares as s")
        .innerJoin("saved_games as g", "g.id", "s.game_id")
        .select(["s.moderation_state as state", "g.user_id", liveStory("s", "g").as("live")])
        .where("s.id", "=", id)
        .executeTakeFirst();
      return row ? { state: row.state, authorId: row.user_id, live: Boolean(row.live) } : null;
    }
    case "template": {
      // A player's scenario (issue 40) has its author; the site's templates and starters have none.
      const row = await db
        .selectFrom("saved_games as t")
        .select(["t.moderation_state as state", "t.user_id", "t.draft", ownerActive("t.user_id").as("live")])
        .where("t.id", "=", id)
        .where("t.is_template", "=", 1)
        .executeTakeFirst();
      return row ? { state: row.state, authorId: row.user_id, live: Boolean(row.live), draft: Number(row.draft) === 1 } : null;
    }
  }
}

/** The viewer: a user id, null for a visitor, or how to read it (called only when the item needs it). */
export type Viewer = string | null | (() => Promise<string | null>);

/** `item` as `viewer` sees it at `address`; the viewer is read only for a held or removed item. */
async function sightFor(item: Moderated, viewer: Viewer, address: Address): Promise<Sight> {
  const needsViewer = item.draft === true || item.state === "held" || item.state === "removed";
  const viewerId = !needsViewer ? null : typeof viewer === "function" ? await viewer() : viewer;
  return sightOf(item, viewerId, address);
}

/**
 * The link of a game's story when the public sees it as listed by its owner (issue 36 finding 7:
 * the changes of such a story are screened as its entry into the gallery was): live, listed, and
 * visible or restricted (a held or removed story is already out of sight). Output: the link id,
 * the story's title and its author; null otherwise.
 */
export async function screenedStoryOf(db: Db, gameId: string): Promise<{ shareId: string; title: string; authorId: string | null } | null> {
  const row = await db
    .selectFrom("story_shares as s")
    .innerJoin("saved_games as g", "g.id", "s.game_id")
    .select(["s.id", "g.title", "g.user_id"])
    .where("s.game_id", "=", gameId)
    .where(liveStory("s", "g"))
    .where("s.listed", "=", 1)
    .where("s.moderation_state", "in", ["visible", "restricted"])
    .executeTakeFirst();
  return row ? { shareId: row.id, title: row.title, authorId: row.user_id } : null;
}

/**
 * What `viewer` gets of an item at `address`. Output: the Sight; MISSING (404, code null) for
 * an unknown item.
 */
export async function sightAt(db: Db, kind: ContentKindName, id: string, viewer: Viewer, address: Address): Promise<Sight> {
  const item = await moderationOf(db, kind, id);
  return item ? sightFor(item, viewer, address) : MISSING;
}

/**
 * Throws when `viewer` may not see the item at its page: 410 CONTENT_REMOVED, 404
 * CONTENT_UNDER_REVIEW, or `missing()` (unknown, not live). Output: to whom it is shown.
 */
export async function assertShownAt(db: Db, kind: ContentKindName, id: string, viewer: Viewer, missing: () => AppError): Promise<"anyone" | "author"> {
  const sight = await sightAt(db, kind, id, viewer, "page");
  if (!sight.shown) throw refusalError(sight, missing);
  return sight.to;
}

/** The gallery rows showing any of `urls` (image_url is unique and indexed). */
function picturesOf(db: Db, urls: string[]) {
  return db.selectFrom("generated_images as g").select(["g.image_url", "g.moderation_state as state", "g.user_id"]).where("g.image_url", "in", urls).execute();
}

/**
 * The stored file at /media/<key> (an original, one of its renditions or its 'Scarica' PNG): what
 * `viewer` gets. A file that shows no gallery picture (a template's cover) is not moderated and
 * may be cached for good; a picture is asked the rule at its embedded address (the viewer is read
 * only for a held or removed picture).
 * Output: {moderated, sight}.
 */
export async function mediaSight(db: Db, key: string, viewer: Viewer): Promise<{ moderated: boolean; sight: Sight }> {
  const [row] = await picturesOf(db, originalUrlsOf(key));
  if (!row) return { moderated: false, sight: { shown: true, to: "anyone" } };
  return { moderated: true, sight: await sightFor({ state: row.state, authorId: row.user_id, live: true }, viewer, "embedded") };
}

/** Who reads a story as a book: the public (its shared page), a member (their export), moderation (everything). */
export type Reader = "public" | "moderation" | { member: string };

/**
 * Which of the picture URLs of a story `reader` may see: the public page shows what anyone may
 * see at a public page; a member's book what they may see embedded (their own held or removed
 * picture included); moderation all. A URL that is no gallery picture is kept.
 * Output: the URLs to leave out.
 */
export async function picturesHiddenFrom(db: Db, urls: string[], reader: Reader): Promise<Set<string>> {
  if (reader === "moderation" || urls.length === 0) return new Set();
  const rows = await picturesOf(db, [...new Set(urls)]);
  const [viewerId, address]: [string | null, Address] = reader === "public" ? [null, "page"] : [reader.member, "embedded"];
  return new Set(rows.filter((r) => !sightOf({ state: r.state, authorId: r.user_id, live: true }, viewerId, address).shown).map((r) => r.image_url));
}
