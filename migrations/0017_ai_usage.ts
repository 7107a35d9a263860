/**
 * Issue 20 §4 (AI usage and a daily budget): ai_usage, the provider's tokens per Europe/Rome day,
 * model, purpose and player, one row per combination, its counters grown by every call:
 * - day: 'YYYY-MM-DD' in Europe/Rome (the quotas' day, DESIGN §4);
 * - model: the model that answered; purpose: 'narration' | 'memory' | 'image' | 'helper';
 * - user_id: the player whose request made the call; null when none (or once the account is
 *   erased: the rows stay, anonymised, for the site's cost history);
 * - calls, input_tokens, output_tokens: the provider's usage, or counted with the tokenizer.
 * The unique key is the upsert's conflict target; the day index serves the budget's daily sum
 * and the admin report's ranges.
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ai_usage")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("calls", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("input_tokens", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("output_tokens", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ai_usage_key").unique().on("ai_usage").columns(["day", "model", "purpose", "user_id"]).execute();
  await db.schema.createIndex("ai_usage_user_idx").on("ai_usage").column("user_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ai_usage").ifExists().execute();
}
