/**
 * Issue 23, trust and safety for public content (DSA Art. 16, 17, 20; Codice privacy art. 2-quinquies):
 *
 * - moderation_state on the three kinds of public item: generated_images (gallery images),
 *   story_shares (shared stories) and saved_games (templates): 'visible' (default), 'held'
 *   (flagged by automatic screening, waiting for a moderator), 'restricted' (out of the gallery
 *   and Scopri, the link still works) or 'removed' (no longer public: pages answer 410). Indexes
 *   keep the public lists' keyset reads on the visible rows.
 * - content_reports: the notices ('Segnala') of visitors and players, and the holds of automatic
 *   screening (source 'screening'), with reason, explanation, good-faith declaration, the
 *   reporter's account or e-mail (never shown to the author) and the address that sent it.
 *   open_key (kind:id:reporter) is unique while the report is open, so a repeat report of the
 *   same item by the same person is merged into it (repeats + 1), and NULL once decided.
 * - moderation_decisions: one decision on one item (keep, restrict, remove; optionally the
 *   author's publishing suspended) with its statement of reasons (ground type and ground, facts,
 *   whether detection / decision were automated), the author and the moderator (both SET NULL
 *   when the account is erased: the statistics of the transparency report stay).
 * - moderation_appeals: at most one 'Contesta la decisione' per decision (unique decision_id),
 *   decided by a moderator other than the one who decided.
 * - publishing_suspensions: authors whose publishing is suspended (removed with the account).
 * - notifications.user_id: a notification addressed to one user (a statement of reasons, an
 *   appeal's outcome); NULL for the admins' broadcasts. Removed with the account (eraseAccount).
 * - profiles.age_confirmed_at: when the player confirmed 'Ho almeno 14 anni' (NULL: not yet).
 * Dialect-neutral (SQLite and PostgreSQL).
 */

import type { Kysely } from "kysely";

const STATE_TABLES = ["generated_images", "story_shares", "saved_games"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of STATE_TABLES) {
    await db.schema.alterTable(table).addColumn("moderation_state", "text", (c) => c.notNull().defaultTo("visible")).execute();
  }
  await db.schema.createIndex("generated_images_state_created_idx").on("generated_images").columns(["moderation_state", "created_at", "id"]).execute();

  await db.schema
    .createTable("content_reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("content_kind", "text", (c) => c.notNull())
    .addColumn("content_id", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().defaultTo("utente"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("explanation", "text")
    .addColumn("good_faith", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reporter_user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("reporter_email", "text")
    .addColumn("reporter_ip", "text")
    .addColumn("open_key", "text", (c) => c.unique())
    .addColumn("repeats", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("decision_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("content_reports_status_created_idx").on("content_reports").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("content_reports_content_idx").on("content_reports").columns(["content_kind", "content_id"]).execute();
  await db.schema.createIndex("content_reports_created_idx").on("content_reports").column("created_at").execute();

  await db.schema
    .createTable("moderation_decisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("content_kind", "text", (c) => c.notNull())
    .addColumn("content_id", "text", (c) => c.notNull())
    .addColumn("content_title", "text", (c) => c.notNull())
    .addColumn("author_user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("moderator_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("suspend_author", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ground_type", "text")
    .addColumn("ground", "text")
    .addColumn("facts", "text")
    .addColumn("automated_detection", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("automated_decision", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_report_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("moderation_decisions_author_idx").on("moderation_decisions").columns(["author_user_id", "created_at"]).execute();
  await db.schema.createIndex("moderation_decisions_created_idx").on("moderation_decisions").column("created_at").execute();

  await db.schema
    .createTable("moderation_appeals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("decision_id", "text", (c) => c.notNull().unique().references("moderation_decisions.id").onDelete("cascade"))
    .addColumn("author_user_id", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("outcome_reasons", "text")
    .addColumn("decided_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addColumn("decided_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("moderation_appeals_status_idx").on("moderation_appeals").columns(["status", "created_at"]).execute();

  await db.schema
    .createTable("publishing_suspensions")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("decision_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  // No foreign key (SQLite cannot drop a column that has one): eraseAccount deletes these rows.
  await db.schema.alterTable("notifications").addColumn("user_id", "text").execute();
  await db.schema.createIndex("notifications_user_idx").on("notifications").columns(["user_id", "published_at"]).execute();
  await db.schema.alterTable("profiles").addColumn("age_confirmed_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("profiles").dropColumn("age_confirmed_at").execute();
  await db.schema.dropIndex("notifications_user_idx").ifExists().execute();
  await db.schema.alterTable("notifications").dropColumn("user_id").execute();
  await db.schema.dropTable("publishing_suspensions").ifExists().execute();
  await db.schema.dropTable("moderation_appeals").ifExists().execute();
  await db.schema.dropTable("moderation_decisions").ifExists().execute();
  await db.schema.dropTable("content_reports").ifExists().execute();
  await db.schema.dropIndex("generated_images_state_created_idx").ifExists().execute();
  for (const table of STATE_TABLES) await db.schema.alterTable(table).dropColumn("moderation_state").execute();
}
