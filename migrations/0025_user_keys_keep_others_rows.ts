/**
 * Issue 36 (one account-move list, policies/account-rows.ts): a foreign key to user.id must not
 * cascade into rows that are kept for others when the person goes. Two did:
 * - chat_messages.user_id: a member's messages (and the narrations of their turns) in another
 *   player's group story; deleting the user row deleted them, and with them every later message
 *   of that story (parent_id cascades);
 * - saved_games.user_id: templates (the site's) and group stories the person hosts.
 * Both become ON DELETE SET NULL: erasure decides those rows itself (anonymised, handed over),
 * and a user row deleted any other way (Better Auth deleting a linked guest) never takes them.
 * Idempotent per key: a key that no longer cascades is left as it is (migration 0024 changes
 * chat_messages.user_id too).
 * SQLite cannot alter a constraint: the table is rebuilt from its own stored definition (SQLite's
 * documented procedure: foreign keys off, create, copy every row, drop, rename, re-create its
 * indexes, check the keys, in one transaction); PostgreSQL drops and re-adds the constraint.
 */

import { type Kysely, PostgresAdapter, sql } from "kysely";

type OnDelete = "cascade" | "set null";

const KEYS = [
  ["chat_messages", "user_id"],
  ["saved_games", "user_id"],
] as const;

/** PostgreSQL: the key of `table.column` to user.id becomes `to`, when it is `from` now. */
async function relinkOnPostgres(db: Kysely<unknown>, table: string, column: string, from: OnDelete, to: OnDelete): Promise<void> {
  const { rows } = await sql<{ conname: string }>`
    select c.conname from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.conrelid = ${table}::regclass and c.contype = 'f' and c.confrelid = '"user"'::regclass
      and a.attname = ${column} and c.confdeltype = ${from === "cascade" ? "c" : "n"}`.execute(db);
  for (const { conname } of rows) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(conname)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(conname)} foreign key (${sql.ref(column)}) references "user"(id) on delete ${sql.raw(to)}`.execute(db);
  }
}

/** SQLite: rebuilds `table` with its key `column` → user.id changed from `from` to `to` (nothing when it is not `from`). */
async function relinkOnSqlite(db: Kysely<unknown>, table: string, column: string, from: OnDelete, to: OnDelete): Promise<void> {
  const keys = await sql<{ from: string; table: string; on_delete: string }>`select * from pragma_foreign_key_list(${table})`.execute(db);
  if (!keys.rows.some((k) => k.from === column && k.table === "user" && k.on_delete.toLowerCase() === from)) return;
  const stored = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const clause = new RegExp(`("${column}" [^,]*?references "user" \\("id"\\)) on delete ${from}`, "i");
  const definition = stored.rows[0]!.sql;
  if (!clause.test(definition)) throw new Error(`${table}.${column}: foreign key clause not found in ${definition}`);
  const rebuilt = definition.replace(clause, `$1 on delete ${to}`).replace(`"${table}"`, `"${table}_rebuilt"`);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null`.execute(db);
  await sql.raw(rebuilt).execute(db);
  await sql`insert into ${sql.table(`${table}_rebuilt`)} select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(`${table}_rebuilt`)} rename to ${sql.table(table)}`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

/** Changes every key of KEYS from `from` to `to`, on either database. */
async function relinkAll(db: Kysely<unknown>, from: OnDelete, to: OnDelete): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [table, column] of KEYS) await relinkOnPostgres(db, table, column, from, to);
    return;
  }
  // Foreign keys can only be switched off outside a transaction; the rebuild runs in one.
  const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const [table, column] of KEYS) {
        await relinkOnSqlite(trx, table, column, from, to);
        const broken = await sql`select * from pragma_foreign_key_check(${table})`.execute(trx);
        if (broken.rows.length > 0) throw new Error(`${table}: foreign keys broken by the rebuild: ${JSON.stringify(broken.rows.slice(0, 5))}`);
      }
    });
  } finally {
    await sql.raw(`pragma foreign_keys = ${rows[0]?.foreign_keys ? "on" : "off"}`).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await relinkAll(db, "cascade", "set null");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await relinkAll(db, "set null", "cascade");
}
