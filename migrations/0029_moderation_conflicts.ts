/**
 * Issue 36 findings 5 and 19 (conflict of interest in moderation; a reversal restores exactly
 * what the decision changed):
 * - template_authors: every admin who wrote a template (created it or saved an edit of it), so
 *   that none of them decides its reports. Templates belong to the site (saved_games.user_id is
 *   null), so their writers are recorded here. Removed with the template and with the account
 *   (an erased account decides nothing). Filled for existing templates from the audit log's
 *   'template.create' and 'template.update' entries of accounts that still exist.
 * - moderation_decisions.state_before: the item's moderation state before the decision, which a
 *   reversal gives back; null for decisions made before this migration (a reversal then makes
 *   the item visible, as it did).
 * - moderation_decisions.listed_before: 1/0 when the decision took a story out of 'Storie
 *   condivise' (a removal clears story_shares.listed), the value a reversal restores; null when
 *   the decision did not change it.
 * Dialect-neutral (SQLite and PostgreSQL).
 */

import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("template_authors")
    .addColumn("template_id", "text", (c) => c.notNull().references("saved_games.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("template_authors_pk", ["template_id", "user_id"])
    .execute();
  await db.schema.createIndex("template_authors_user_idx").on("template_authors").column("user_id").execute();
  // The audit detail starts with 'template <id>' (create) or 'template <id> v<n>: …' (update).
  await sql`
    insert into template_authors (template_id, user_id, created_at)
    select g.id, a.user_id, min(a.created_at)
    from audit_log a
    join saved_games g on g.is_template = 1 and (a.detail = 'template ' || g.id or a.detail like 'template ' || g.id || ' v%')
    join ${sql.table("user")} u on u.id = a.user_id
    where a.action in ('template.create', 'template.update')
    group by g.id, a.user_id
  `.execute(db);

  await db.schema.alterTable("moderation_decisions").addColumn("state_before", "text").execute();
  await db.schema.alterTable("moderation_decisions").addColumn("listed_before", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("moderation_decisions").dropColumn("listed_before").execute();
  await db.schema.alterTable("moderation_decisions").dropColumn("state_before").execute();
  await db.schema.dropTable("template_authors").ifExists().execute();
}
