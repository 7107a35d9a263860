/**
 * Profile and notifications (issue 5): nicknames are unique whatever their case ('Mario' and
 * 'mario' are the same nickname; spec §5 'Profile nickname: unique'). The notification tables of
 * 0001 already fit (reads are unique per notification and user). Dialect-neutral: expression
 * indexes exist on SQLite and PostgreSQL.
 */

import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("profiles_nickname_lower_unique")
    .on("profiles")
    .unique()
    .expression(sql`lower(nickname)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("profiles_nickname_lower_unique").ifExists().execute();
}
