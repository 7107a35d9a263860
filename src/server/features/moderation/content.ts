/**
 * The three kinds of public item as moderation sees them (issue 23): gallery images
 * (generated_images), shared stories (story_shares, by link id) and templates (saved_games with
 * is_template = 1). One place reads an item for moderators (title, public path, author, state)
 * and applies a decision to it (its moderation_state). Who may see an item in each state is not
 * decided here: that is the visibility rule's (policies/visibility.ts, issue 36).
 */

import { type Kysely, sql } from "kysely";
import type { QueueContentView } from "../../../shared/moderation-types";
import type { ContentKindName } from "../../../shared/schemas/moderation";
import { imagePath } from "../../../shared/image-slug";
import { storySlug, templatePath } from "../../../shared/slug";
import { FALLBACK_TITLE } from "../../domain/ai/illustrator/types";
import { nowIso } from "../../platform/clock";
import type { Database, ModerationState } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { loadBook } from "../book/book.service";
import { initialPromptOf } from "../templates/templates.service";

type Db = Kysely<Database>;

/** An item of any kind, as moderation needs it. */
export interface ContentItem {
  kind: ContentKindName;
  id: string;
  title: string;
  /** Its public page. */
  path: string;
  /** The player who made it; null for templates (they belong to the site) or an erased account. */
  authorId: string | null;
  state: ModerationState;
  /** A story's 'Mostra nella galleria' (story_shares.listed); undefined for other kinds. */
  listed?: boolean;
  /** True for a player's private draft scenario (issue 40 §1): not public, so nobody reports it. */
  draft?: boolean;
}

/** The public page of a shared story (as share.service's sharePath). */
function storyPath(id: string, title: string): string {
  return `/storia/${encodeURIComponent(id)}/${encodeURIComponent(storySlug(title))}`;
}

/**
 * Reads one item. Input: the kind and id (any string: nothing is found for a malformed one).
 * Output: the ContentItem, or null when no such item exists.
 */
export async function findContent(db: Db, kind: ContentKindName, id: string): Promise<ContentItem | null> {
  switch (kind) {
    case "image": {
      const row = await db
        .selectFrom("generated_images")
        .select(["id", "prompt", "user_id", "moderation_state"])
        .where("id", "=", id.toLowerCase())
        .executeTakeFirst();
      if (!row) return null;
      const title = row.prompt?.trim() || FALLBACK_TITLE;
      return { kind, id: row.id, title, path: imagePath(row.id, title), authorId: row.user_id, state: row.moderation_state };
    }
    case "story": {
      const row = await db
        .selectFrom("story_shares as s")
        .innerJoin("saved_games as g", "g.id", "s.game_id")
        // The author is who published the link, not whoever hosts the story after a hand-over (issue 36 finding 12).
        .select(["s.id", "g.title", "s.shared_by", "s.moderation_state", "s.taken_down_at", "s.listed"])
        .where("s.id", "=", id)
        .executeTakeFirst();
      if (!row) return null;
      // A story an admin took down from 'Storie condivise' (issue 13) is removed too.
      const state = row.taken_down_at ? "removed" : row.moderation_state;
      return { kind, id: row.id, title: row.title, path: storyPath(row.id, row.title), authorId: row.shared_by, state, listed: Number(row.listed) === 1 };
    }
    case "template": {
      const row = await db
        .selectFrom("saved_games")
        .select(["id", "title", "moderation_state", "user_id", "draft"])
        .where("id", "=", id)
        .where("is_template", "=", 1)
        .executeTakeFirst();
      if (!row) return null;
      // A player's scenario (issue 40 §1) answers to its author; the site's templates to nobody.
      const draft = Number(row.draft) === 1;
      return { kind, id: row.id, title: row.title, path: templatePath(row.id, row.title), authorId: row.user_id, state: row.moderation_state, draft };
    }
  }
}

/**
 * Sets an item's moderation_state (inside the decision's transaction). A removed story is also
 * taken down (taken_down_at, taken_down_by: its owner can neither share nor revoke it, as with an
 * admin's takedown); a story brought back (an appeal upheld for its author) is no longer, and
 * gets back `listed` when given (issue 36 finding 19: what the removal cleared).
 * Input: the item, the new state, the moderator who decided (null: automatic screening or a
 * reversal) and, for a story brought back, its listed before the removal.
 */
export async function setContentState(db: Db, item: Pick<ContentItem, "kind" | "id">, state: ModerationState, moderatorId: string | null, listed?: boolean): Promise<void> {
  switch (item.kind) {
    case "image":
      await db.updateTable("generated_images").set({ moderation_state: state }).where("id", "=", item.id).execute();
      return;
    case "story": {
      const now = nowIso();
      const restored = listed === undefined ? {} : { listed: listed ? 1 : 0 };
      const takedown = state === "removed" ? { taken_down_at: now, taken_down_by: moderatorId, listed: 0 } : { taken_down_at: null, taken_down_by: null, ...restored };
      await db.updateTable("story_shares").set({ moderation_state: state, updated_at: now, ...takedown }).where("id", "=", item.id).execute();
      return;
    }
    case "template":
      await db.updateTable("saved_games").set({ moderation_state: state, updated_at: nowIso() }).where("id", "=", item.id).where("is_template", "=", 1).execute();
      return;
  }
}

/**
 * A shared story got a new link after 'Smetti di condividere' (issue 36 finding 6): its reports
 * (open ones keep merging repeats: their open_key names the link) and decisions follow it to the
 * new id, so the queue, a decision's reversal and a repeat report still find the story.
 * Input: the transaction of the new link, the old and the new link id.
 */
export async function followStoryToLink(db: Db, oldId: string, newId: string): Promise<void> {
  await db
    .updateTable("content_reports")
    .set({ content_id: newId, open_key: sql<string | null>`replace(open_key, ${`story:${oldId}:`}, ${`story:${newId}:`})` })
    .where("content_kind", "=", "story")
    .where("content_id", "=", oldId)
    .execute();
  await db.updateTable("moderation_decisions").set({ content_id: newId }).where("content_kind", "=", "story").where("content_id", "=", oldId).execute();
}

/** Paragraphs of a story shown in the queue (the rest is behind its link). */
const QUEUE_STORY_PARAGRAPHS = 40;

/**
 * The item as the queue shows it in place: the image, the story's text (its first
 * QUEUE_STORY_PARAGRAPHS paragraphs and choices, the current path), the template's texts.
 * Everything is data: the web renders it as text.
 */
export async function contentPreview(db: Db, item: ContentItem): Promise<QueueContentView> {
  switch (item.kind) {
    case "image": {
      const row = await db.selectFrom("generated_images").select(["image_url", "width", "height"]).where("id", "=", item.id).executeTakeFirstOrThrow();
      return { kind: "image", title: item.title, path: item.path, imageUrl: row.image_url, width: row.width === null ? null : Number(row.width), height: row.height === null ? null : Number(row.height) };
    }
    case "story": {
      const share = await db.selectFrom("story_shares").select("game_id").where("id", "=", item.id).executeTakeFirstOrThrow();
      const book = await loadBook(db, share.game_id, "moderation");
      const paragraphs = (book?.blocks ?? []).flatMap((b) => (b.kind === "narration" ? b.paragraphs : b.kind === "choice" ? [`» ${b.text}`] : []));
      return { kind: "story", title: item.title, path: item.path, paragraphs: paragraphs.slice(0, QUEUE_STORY_PARAGRAPHS), truncated: paragraphs.length > QUEUE_STORY_PARAGRAPHS };
    }
    case "template": {
      const row = await db.selectFrom("saved_games").select(["description", "content", "cover_image_url"]).where("id", "=", item.id).executeTakeFirstOrThrow();
      return { kind: "template", title: item.title, path: item.path, description: row.description ?? "", initialPrompt: initialPromptOf(row.content), coverImageUrl: row.cover_image_url };
    }
  }
}

/** True when the author's publishing is suspended (issue 23: repeated abuse). */
export async function isPublishingSuspended(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("publishing_suspensions").select("user_id").where("user_id", "=", userId).executeTakeFirst();
  return Boolean(row);
}

/** Throws 403 PUBLISHING_SUSPENDED when the author's publishing is suspended. */
export async function assertMayPublish(db: Db, userId: string): Promise<void> {
  if (await isPublishingSuspended(db, userId)) throw AppError.of("PUBLISHING_SUSPENDED", 403);
}

/**
 * What a shared story shows the public, as texts to screen: its title, then the current path's
 * narration, the player's choices and the scene titles, in order. [] for an unknown game.
 */
export async function storyTexts(db: Db, gameId: string): Promise<string[]> {
  const book = await loadBook(db, gameId, "public");
  if (!book) return [];
  const body = book.blocks.map((b) => (b.kind === "narration" ? b.paragraphs.join("\n") : b.kind === "choice" ? b.text : b.image.title));
  return [book.title, body.join("\n\n")];
}
