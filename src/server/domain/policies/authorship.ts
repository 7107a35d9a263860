/**
 * Who wrote an item of public content (issue 36 finding 5): the one answer to "who authored this
 * item", for the conflict-of-interest rule and for whoever a decision is addressed to. It is read
 * from the content itself when asked, never from a copy made earlier (a decision's
 * author_user_id), so a change of hands (a group story's host hand-over, issue 24) is seen:
 * - image (generated_images.id): the account that made it;
 * - story (story_shares.id, the link): the account that published the link (story_shares.shared_by,
 *   issue 36 finding 12: not whoever hosts the story after a hand-over), and every player who
 *   wrote a turn in it (chat_messages.author_id of a group story) or hosts it now;
 * - template (saved_games.id): every admin who created it or saved an edit of it
 *   (template_authors, migration 0029). The site's templates have no owner; a player's scenario
 *   (issue 40 §1) has its author (saved_games.user_id) as owner.
 */

import type { Kysely } from "kysely";
import { nowIso } from "../../platform/clock";
import type { ContentKind, Database } from "../../platform/db/schema";

type Db = Kysely<Database>;

/** Who wrote an item. */
export interface Authorship {
  /** The account that answers for it (decisions are addressed to it, it may appeal); null for a template, an erased account or an unknown item. */
  owner: string | null;
  /** Every account that wrote any of it, the owner included; empty for an unknown item. */
  writers: ReadonlySet<string>;
}

const NOBODY: Authorship = { owner: null, writers: new Set() };

/**
 * Input: the item's kind and id as reports name it (any string: nothing is found for a malformed
 * one). Output: its Authorship, read now. One or two indexed reads.
 */
export async function authorshipOf(db: Db, kind: ContentKind, contentId: string): Promise<Authorship> {
  switch (kind) {
    case "image": {
      const row = await db.selectFrom("generated_images").select("user_id").where("id", "=", contentId).executeTakeFirst();
      return row?.user_id ? { owner: row.user_id, writers: new Set([row.user_id]) } : NOBODY;
    }
    case "story": {
      const share = await db
        .selectFrom("story_shares as s")
        .innerJoin("saved_games as g", "g.id", "s.game_id")
        .select(["s.game_id", "s.shared_by", "g.user_id"])
        .where("s.id", "=", contentId)
        .executeTakeFirst();
      if (!share) return NOBODY;
      const players = await db
        .selectFrom("chat_messages")
        .select("author_id")
        .distinct()
        .where("game_id", "=", share.game_id)
        .where("author_id", "is not", null)
        .execute();
      const writers = [share.shared_by, share.user_id, ...players.map((p) => p.author_id)].filter((id): id is string => id !== null);
      return { owner: share.shared_by, writers: new Set(writers) };
    }
    case "template": {
      const rows = await db.selectFrom("template_authors").select("user_id").where("template_id", "=", contentId).execute();
      // A player's scenario (issue 40 §1, saved_games.user_id of a template) has its author as owner.
      const own = await db.selectFrom("saved_games").select("user_id").where("id", "=", contentId).where("is_template", "=", 1).executeTakeFirst();
      const owner = own?.user_id ?? null;
      return { owner, writers: new Set([...rows.map((r) => r.user_id), ...(owner ? [owner] : [])]) };
    }
  }
}

/**
 * Records that `userId` (an admin) wrote the template: called by every save of a template
 * (create or edit), inside its transaction. Idempotent.
 */
export async function recordTemplateWriter(db: Db, templateId: string, userId: string): Promise<void> {
  await db
    .insertInto("template_authors")
    .values({ template_id: templateId, user_id: userId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(["template_id", "user_id"]).doNothing())
    .execute();
}
