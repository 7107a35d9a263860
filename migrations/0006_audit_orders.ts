/**
 * Audit trail and order history survive their author (issue 9, findings 1, 8, 9):
 * - audit_log.user_id and subscription_orders.user_id become ON DELETE SET NULL (they were
 *   CASCADE), so erasing an account keeps what it did and what it paid. SQLite cannot alter a
 *   constraint: both tables are rebuilt (create, copy, drop, rename, re-index), keeping every
 *   row; PostgreSQL drops and re-adds the foreign key.
 * - audit_log gains actor_email (the actor's e-mail at the time; filled for existing rows),
 *   count and last_at (repeated denied calls are counted on one row per user, action, route
 *   and hour) and dedupe_key (unique; NULL for ordinary entries, which never merge).
 * - settings: small key/value rows, e.g. 'admin_seeded:<e-mail>' once the admin was seeded.
 */

import { type Kysely, PostgresAdapter, sql } from "kysely";

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** PostgreSQL: replaces the foreign key on `table.user_id` with one that sets NULL on delete. */
async function setNullOnPostgres(db: Kysely<unknown>, table: string): Promise<void> {
  const { rows } = await sql<{ conname: string }>`
    select conname from pg_constraint where conrelid = ${table}::regclass and contype = 'f'`.execute(db);
  for (const { conname } of rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(conname)}`.execute(db);
  await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_user_id_fkey`)}
    foreign key (user_id) references "user"(id) on delete set null`.execute(db);
}

/** SQLite: rebuilds `table` with `create` (the new definition, as table `${table}_new`) and copies `columns`. */
async function rebuildOnSqlite(db: Kysely<unknown>, table: string, columns: string[], create: () => Promise<void>): Promise<void> {
  await create();
  const list = sql.join(columns.map((c) => sql.ref(c)));
  await sql`insert into ${sql.table(`${table}_new`)} (${list}) select ${list} from ${sql.table(table)}`.execute(db);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(`${table}_new`).renameTo(table).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const auditColumns = ["id", "user_id", "action", "detail", "ip", "created_at"];
  const orderColumns = ["id", "user_id", "subscription_type", "amount", "status", "created_at"];
  if (isPostgres(db)) {
    await setNullOnPostgres(db, "audit_log");
    await setNullOnPostgres(db, "subscription_orders");
  } else {
    await rebuildOnSqlite(db, "audit_log", auditColumns, () =>
      db.schema
        .createTable("audit_log_new")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("detail", "text")
        .addColumn("ip", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute(),
    );
    await rebuildOnSqlite(db, "subscription_orders", orderColumns, () =>
      db.schema
        .createTable("subscription_orders_new")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("set null"))
        .addColumn("subscription_type", "text", (c) => c.notNull())
        .addColumn("amount", "numeric(10, 2)", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute(),
    );
    // The rebuilt tables lost their indexes: the same ones as 0001 (audit_log_created_idx below).
    await db.schema.createIndex("audit_log_user_idx").on("audit_log").column("user_id").execute();
    await db.schema.createIndex("subscription_orders_created_idx").on("subscription_orders").columns(["created_at", "id"]).execute();
    await db.schema.createIndex("subscription_orders_user_idx").on("subscription_orders").column("user_id").execute();
  }

  await db.schema.alterTable("audit_log").addColumn("actor_email", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("count", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("audit_log").addColumn("last_at", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("dedupe_key", "text").execute();
  await db.schema.createIndex("audit_log_dedupe_unique").on("audit_log").column("dedupe_key").unique().execute();
  // Keyset paging newest first, and the 'who' and 'action' filters.
  await db.schema.dropIndex("audit_log_created_idx").ifExists().execute();
  await db.schema.createIndex("audit_log_created_idx").on("audit_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("audit_log_action_idx").on("audit_log").columns(["action", "created_at"]).execute();
  await sql`update audit_log set last_at = created_at,
    actor_email = (select email from ${sql.table("user")} where ${sql.ref("user.id")} = ${sql.ref("audit_log.user_id")})`.execute(db);

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("settings").ifExists().execute();
  await db.schema.dropIndex("audit_log_dedupe_unique").ifExists().execute();
  await db.schema.dropIndex("audit_log_action_idx").ifExists().execute();
  for (const column of ["dedupe_key", "last_at", "count", "actor_email"]) {
    await db.schema.alterTable("audit_log").dropColumn(column).execute();
  }
}
