/**
 * presence: one row per open game tab (spec §4 Duplicate session), shared by every server
 * instance through the database, with an expiry so a crashed instance's tabs fade out.
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("presence")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("tab_id", "text", (c) => c.notNull())
    .addColumn("connection_id", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("presence_pk", ["user_id", "tab_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("presence").ifExists().execute();
}
