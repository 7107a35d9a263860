/**
 * Database connection: SQLite through better-sqlite3 (WAL) by default, PostgreSQL through pg
 * when DATABASE_URL is a postgres URL (DESIGN §2).
 */

import fs from "node:fs";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import SQLite from "./sqlite-driver";
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export type DialectName = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Connection string for PostgreSQL (LISTEN/NOTIFY needs its own client); undefined on SQLite. */
  postgresUrl?: string;
  /** PostgreSQL schema the handle works in (tests use one per run), undefined for the default. */
  postgresSchema?: string;
  /** The connection pool now (metrics, issue 20 §3): SQLite has one connection and no queue. */
  poolState(): { total: number; idle: number; waiting: number };
  /** SQLite only: the better-sqlite3 database (online backups, scripts/backup.ts). */
  sqlite?: BetterSqlite3.Database;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://…, sqlite:<file>, a bare file path, or undefined for `<dataDir>/storie.sqlite`. */
  url?: string;
  dataDir: string;
  /** PostgreSQL only: work inside this schema (created when missing). */
  postgresSchema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * SQLite's `synchronous` in WAL mode (README "SQLite durability"): NORMAL (default) may lose the
   * last committed transactions on a power cut but never corrupts; FULL syncs every commit.
   */
  sqliteSynchronous?: "NORMAL" | "FULL";
}

/**
 * The SQLite file of a configuration: DATABASE_URL as sqlite:<path> or a bare path, else
 * `<dataDir>/storie.sqlite`. Output: null for a PostgreSQL URL.
 */
export function sqliteFileOf(url: string | undefined, dataDir: string): string | null {
  if (url && /^postgres(ql)?:\/\//.test(url)) return null;
  return url ? url.replace(/^sqlite:/, "") : path.join(dataDir, "storie.sqlite");
}

/**
 * Opens the database.
 * Output: a handle with the Kysely instance, the dialect name and close().
 * Throws when the SQLite folder cannot be created or PostgreSQL cannot be reached at first use.
 */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const url = options.url;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const schema = options.postgresSchema;
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: "postgres",
      postgresUrl: url,
      postgresSchema: schema,
      poolState: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  const file = sqliteFileOf(url, options.dataDir)!;
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous === "FULL" ? "FULL" : "NORMAL"}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: "sqlite", sqlite, poolState: () => ({ total: 1, idle: 1, waiting: 0 }), close: () => db.destroy() };
}

/** Most prepared statements kept per SQLite database (distinct SQL texts; least recently used dropped). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely's SQLite dialect sees it, with its prepared statements reused: Kysely
 * prepares every query it runs, and compiling the SQL again was a tenth of a narrated turn's
 * server CPU (issue 12 Server). Kysely runs one query at a time on its single SQLite connection,
 * so a cached statement is never used by two queries at once; SQLite recompiles a statement by
 * itself after a schema change (migrations).
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
