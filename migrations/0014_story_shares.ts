/**
 * Issue 13, "A public reading page": story_shares, the unlisted links /storia/{id}/{slug} that
 * owners create with 'Condividi', and saved_games.template_id, the template a game was copied from
 * (the reading page's call to action leads to it).
 *
 * story_shares, at most one row per game, removed with the game:
 * - id: the random, unguessable id of the link (base64url, 22 characters); a share made after
 *   'Smetti di condividere' gets a new one (revoking deletes the row), so old links stay dead;
 * - show_nickname: 1 when the page shows the owner's nickname; listed: 1 when the story appears
 *   on /galleria under 'Storie condivise';
 * - created_at, updated_at: ISO times;
 * - taken_down_at, taken_down_by: set when an admin took the story down (the page is then 404 and
 *   the owner cannot share the game again); the admin's id turns null when that account is erased.
 *
 * saved_games.template_id: the template of a game started from one (no foreign key: a deleted
 * template leaves a dangling id, which the page treats as no template).
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("story_shares")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("game_id", "text", (c) => c.notNull().unique().references("saved_games.id").onDelete("cascade"))
    .addColumn("show_nickname", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("listed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("taken_down_at", "text")
    .addColumn("taken_down_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .execute();
  // 'Storie condivise': the listed stories newest first, paged by (created_at, id).
  await db.schema.createIndex("story_shares_listed_idx").on("story_shares").columns(["listed", "created_at", "id"]).execute();
  await db.schema.alterTable("saved_games").addColumn("template_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("saved_games").dropColumn("template_id").execute();
  await db.schema.dropTable("story_shares").ifExists().execute();
}
