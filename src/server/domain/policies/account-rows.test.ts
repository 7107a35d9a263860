/**
 * The account-rows rule's own test (issue 36, policies/account-rows.ts): it walks the real schema
 * of a fully migrated database (SQLite: PRAGMA table_info and foreign_key_list; PostgreSQL: the
 * catalogue) and fails when a column that names a user — a foreign key to user.id, or a name such
 * as user_id, userId, author_id, moderator_id, *_user_id, *_by — is in no entry of ACCOUNT_ROWS
 * (guest linking, erasure and the export would skip it), when an entry names no column (a stale
 * rule), and when a foreign key to user.id cascades into rows the list keeps for others. A table
 * added to the migrated database is caught the same way. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */

import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withMigrationLock } from "../../platform/db/migrate";
import { DIALECTS, openMigrationTestDatabase, type TestDialect } from "../../testing/harness";
import { ACCOUNT_ROWS, mayCascade } from "./account-rows";

/** A column of the schema, with the table it points at (foreign key) and what deleting that row does. */
interface SchemaColumn {
  table: string;
  column: string;
  references?: { table: string; onDelete: string };
}

/** Names that name a user whatever their foreign key (turn_user_id, author_id, ai_usage.user_id have none). */
const NAMES_A_USER = /^(user_?id|userId|author_id|moderator_id)$|_user_id$|_by$/;

/** Every column of every table of the database, with its foreign key. */
async function readSchema(db: Kysely<any>, dialect: TestDialect, schema?: string): Promise<SchemaColumn[]> {
  if (dialect === "sqlite") {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    const columns: SchemaColumn[] = [];
    for (const { name } of tables.rows) {
      const keys = await sql<{ from: string; table: string; on_delete: string }>`select * from pragma_foreign_key_list(${name})`.execute(db);
      for (const { name: column } of (await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db)).rows) {
        const key = keys.rows.find((k) => k.from === column);
        columns.push({ table: name, column, ...(key ? { references: { table: key.table, onDelete: key.on_delete.toUpperCase() } } : {}) });
      }
    }
    return columns;
  }
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns where table_schema = ${schema}`.execute(db);
  const keys = await sql<{ table_name: string; column_name: string; ref_table: string; rule: string }>`
    select src.relname as table_name, a.attname as column_name, dst.relname as ref_table,
      case c.confdeltype when 'c' then 'CASCADE' when 'n' then 'SET NULL' when 'r' then 'RESTRICT' when 'd' then 'SET DEFAULT' else 'NO ACTION' end as rule
    from pg_constraint c
    join pg_namespace n on n.oid = c.connamespace
    join pg_class src on src.oid = c.conrelid
    join pg_class dst on dst.oid = c.confrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and n.nspname = ${schema}`.execute(db);
  return columns.rows.map(({ table_name, column_name }) => {
    const key = keys.rows.find((k) => k.table_name === table_name && k.column_name === column_name);
    return { table: table_name, column: column_name, ...(key ? { references: { table: key.ref_table, onDelete: key.rule } } : {}) };
  });
}

const entryOf = (c: SchemaColumn) => ACCOUNT_ROWS.find((r) => r.table === c.table && r.column === c.column);
const namesAUser = (c: SchemaColumn) => c.references?.table === "user" || NAMES_A_USER.test(c.column) || (c.table === "user" && c.column === "id");
const label = (c: { table: string; column: string }) => `${c.table}.${c.column}`;

/** Columns naming a user that no entry of ACCOUNT_ROWS covers. */
const unlisted = (columns: SchemaColumn[]) => columns.filter((c) => namesAUser(c) && !entryOf(c)).map(label);
/** Foreign keys to user.id that cascade although the list keeps their rows for others. */
const cascadingIntoKeptRows = (columns: SchemaColumn[]) =>
  columns
    .filter((c) => c.references?.table === "user" && c.references.onDelete === "CASCADE")
    .filter((c) => {
      const entry = entryOf(c);
      return !(entry && mayCascade(entry));
    })
    .map(label);

describe.each(DIALECTS)("the account-rows list against the schema on %s", (dialect) => {
  let database: Awaited<ReturnType<typeof openMigrationTestDatabase>>;
  let columns: SchemaColumn[];
  beforeAll(async () => {
    database = await openMigrationTestDatabase(dialect);
    expect((await database.migrator.migrateToLatest()).error).toBeUndefined();
    columns = await readSchema(database.handle.db, dialect, database.schema);
  });
  afterAll(() => database.close());

  it("lists every column that names a user, and every entry is a column of the schema", () => {
    expect(columns.length).toBeGreaterThan(100);
    expect(unlisted(columns)).toEqual([]);
    const stale = ACCOUNT_ROWS.filter((r) => !columns.some((c) => c.table === r.table && c.column === r.column)).map(label);
    expect(stale).toEqual([]);
    // Each column has exactly one rule.
    expect(new Set(ACCOUNT_ROWS.map(label)).size).toBe(ACCOUNT_ROWS.length);
  });

  it("no foreign key to user.id cascades into rows kept for others (messages in others' stories, templates, records)", () => {
    const keys = columns.filter((c) => c.references?.table === "user");
    expect(keys.map(label)).toEqual(expect.arrayContaining(["chat_messages.user_id", "saved_games.user_id", "game_players.user_id"]));
    expect(cascadingIntoKeptRows(columns)).toEqual([]);
    for (const kept of ["chat_messages.user_id", "saved_games.user_id", "audit_log.user_id"]) {
      expect(keys.find((c) => label(c) === kept)?.references?.onDelete, kept).toBe("SET NULL");
    }
  });

  it("catches a table added later whose column names a user and is in no entry", async () => {
    const { db } = database.handle;
    await withMigrationLock(db, async (locked) => {
      await sql`create table story_bookmarks (id text primary key, game_id text, owner_id text references "user"(id) on delete cascade, added_by text)`.execute(locked);
      await sql`alter table chat_messages add column edited_by text`.execute(locked);
    });
    const grown = await readSchema(db, dialect, database.schema);
    expect(unlisted(grown).sort()).toEqual(["chat_messages.edited_by", "story_bookmarks.added_by", "story_bookmarks.owner_id"]);
  });
});
