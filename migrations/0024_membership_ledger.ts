/**
 * Issue 36 findings 0, 8 and 12 (docs/decisions/0019-group-play.md, addendum "The membership
 * ledger"):
 *
 * 1. chat_messages.user_id becomes ON DELETE SET NULL (it was CASCADE): in a group story a member's
 *    messages and the narrations of their turns carry their user_id, and parent_id cascades, so
 *    deleting their user row deleted every message after their first one, the host's included.
 *    Now the rows stay, without the person ('Giocatore eliminato').
 *    chat_messages.author_id gets the same foreign key (it had none: an erased author's id stayed),
 *    after clearing the ids of accounts already gone, and an index (the delete of a user looks it up).
 *    SQLite cannot alter a foreign key: the table is rebuilt (create, copy, drop, rename, re-index)
 *    with foreign keys off for the rebuild, so dropping the old table fires no ON DELETE action of
 *    the tables pointing at it (story_facts.source_message_id), then checked with
 *    foreign_key_check. PostgreSQL drops and re-adds the constraint.
 * 2. game_removals: the players a host removed from a story, remembered (PK game_id, user_id):
 *    removed_at (ISO) is compared with an invitation's created_at, so only an invitation made
 *    after the removal lets that player back. It goes with the story and with the removed
 *    player's account; removed_by (the host) is set NULL when that account goes.
 * 3. story_shares.shared_by: who published the link (filled from the story's owner for existing
 *    links). The moderators' "author" of a shared story is its publisher, not whoever hosts the
 *    story after a hand-over; NULL once that account is erased.
 */

import { type Kysely, PostgresAdapter, sql } from "kysely";

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const COLUMNS = ["id", "game_id", "user_id", "role", "content", "image_url", "created_at", "parent_id", "depth", "edited_at", "author_id"];

/** PostgreSQL: chat_messages.user_id and author_id reference the user, ON DELETE SET NULL. */
async function setNullOnPostgres(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ conname: string }>`
    select conname from pg_constraint
    where conrelid = 'chat_messages'::regclass and contype = 'f' and confrelid = '"user"'::regclass`.execute(db);
  for (const { conname } of rows) await sql`alter table chat_messages drop constraint ${sql.ref(conname)}`.execute(db);
  for (const column of ["user_id", "author_id"]) {
    await sql`alter table chat_messages add constraint ${sql.ref(`chat_messages_${column}_fkey`)}
      foreign key (${sql.ref(column)}) references "user"(id) on delete set null`.execute(db);
  }
}

/** SQLite: rebuilds chat_messages with both foreign keys ON DELETE SET NULL, keeping every row and index. */
async function rebuildOnSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.schema
        .createTable("chat_messages_new")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("game_id", "text", (c) => c.notNull().references("saved_games.id").onDelete("cascade"))
        .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('user', 'assistant')`))
        .addColumn("content", "text", (c) => c.notNull())
        .addColumn("image_url", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        // Names the final table: after the rename it is the table itself (SQLite's documented rebuild).
        .addColumn("parent_id", "text", (c) => c.references("chat_messages.id").onDelete("cascade"))
        .addColumn("depth", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("edited_at", "text")
        .addColumn("author_id", "text", (c) => c.references("user.id").onDelete("set null"))
        .execute();
      const list = sql.join(COLUMNS.map((c) => sql.ref(c)));
      await sql`insert into chat_messages_new (${list}) select ${list} from chat_messages`.execute(trx);
      await trx.schema.dropTable("chat_messages").execute();
      await trx.schema.alterTable("chat_messages_new").renameTo("chat_messages").execute();
      // The indexes of 0001, 0007 and 0010, lost with the old table.
      await trx.schema.createIndex("chat_messages_game_idx").on("chat_messages").columns(["game_id", "created_at"]).execute();
      await trx.schema.createIndex("chat_messages_user_idx").on("chat_messages").column("user_id").execute();
      await trx.schema.createIndex("chat_messages_image_url_idx").on("chat_messages").column("image_url").execute();
      await trx.schema.createIndex("chat_messages_parent_idx").on("chat_messages").column("parent_id").execute();
      // The copied rows and the facts pointing at them still hold (a broken one aborts the migration).
      for (const table of ["chat_messages", "story_facts"]) {
        const broken = await sql`select * from pragma_foreign_key_check(${table})`.execute(trx);
        if (broken.rows.length > 0) throw new Error(`migration 0024: ${broken.rows.length} broken foreign keys in ${table}`);
      }
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Authors whose accounts are already gone (author_id had no foreign key): no one to name.
  await sql`update chat_messages set author_id = null
    where author_id is not null and not exists (select 1 from ${sql.table("user")} as u where u.id = chat_messages.author_id)`.execute(db);
  if (isPostgres(db)) await setNullOnPostgres(db);
  else await rebuildOnSqlite(db);
  await db.schema.createIndex("chat_messages_author_idx").on("chat_messages").column("author_id").execute();

  await db.schema
    .createTable("game_removals")
    .addColumn("game_id", "text", (c) => c.notNull().references("saved_games.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("removed_at", "text", (c) => c.notNull())
    .addColumn("removed_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .addPrimaryKeyConstraint("game_removals_pk", ["game_id", "user_id"])
    .execute();
  await db.schema.createIndex("game_removals_user_idx").on("game_removals").column("user_id").execute();

  await db.schema.alterTable("story_shares").addColumn("shared_by", "text", (c) => c.references("user.id").onDelete("set null")).execute();
  await sql`update story_shares set shared_by = (select g.user_id from saved_games as g where g.id = story_shares.game_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("story_shares").dropColumn("shared_by").execute();
  await db.schema.dropTable("game_removals").ifExists().execute();
  await db.schema.dropIndex("chat_messages_author_idx").ifExists().execute();
}
