/**
 * Personal data export (GDPR access and portability; spec §2 Profile 'Esporta', §7 Data export,
 * §8 Export, §9 export file name). Used by the profile; reusable by the admin console.
 */

import { type Kysely, sql } from "kysely";
import type { Database } from "../../platform/db/schema";
import { ACCOUNT_ROWS } from "../policies/account-rows";

/** The nine tables of spec §7, first in the file. */
const SPEC_TABLES = ["profiles", "saved_games", "chat_messages", "user_tokens", "user_roles", "template_likes", "user_favorites", "generated_images", "notification_reads"] as const;

/** Rows that hang off the person's own stories rather than naming them (issue 11 §1 'Ricordi'; issue 13: the links of their shared stories). */
const STORY_TABLES = ["story_facts", "story_shares"] as const;

/** The columns naming the person whose rows the export holds, per table (policies/account-rows.ts, `export: true`). */
const EXPORTED_COLUMNS = new Map<keyof Database, string[]>();
for (const row of ACCOUNT_ROWS) if (row.export === true) EXPORTED_COLUMNS.set(row.table, [...(EXPORTED_COLUMNS.get(row.table) ?? []), row.column]);

/**
 * Every table of the export: spec §7's nine, then every other table the account-rows rule
 * exports (issue 23: notifications, reports, decisions, appeals, a suspension; issue 24: seats,
 * votes, side notes; issue 20: AI usage...), then the rows of the person's stories.
 */
export const EXPORTED_TABLES: readonly (keyof Database)[] = [...new Set([...SPEC_TABLES, ...EXPORTED_COLUMNS.keys(), ...STORY_TABLES])];

export interface AccountExport {
  format: "storie-ai-export/1";
  exportedAt: string;
  /** The login account, without secrets. */
  account: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    createdAt: string;
    updatedAt: string;
    /** How the user signs in ('credential' = e-mail and password), no password or tokens. */
    loginMethods: { providerId: string; createdAt: string; updatedAt: string }[];
  } | null;
  /** Open sessions, without their tokens. */
  sessions: { createdAt: string; updatedAt: string; expiresAt: string; ipAddress: string | null; userAgent: string | null }[];
  /** The user's rows of every table, as stored. A table that could not be read is absent here. */
  tables: Partial<Record<keyof Database, Record<string, unknown>[]>>;
  /** One entry per table (or section) skipped because reading it failed (spec §8). */
  warnings: { table: string; message: string }[];
}

/** Export file name (spec §9): i_miei_dati_{product}ai.json, e.g. i_miei_dati_storieai.json. */
export function exportFileName(brandName: string): string {
  return `i_miei_dati_${brandName.toLowerCase().replace(/[^a-z0-9]+/g, "")}ai.json`;
}

const iso = (v: Date | string | null | undefined) => (v instanceof Date ? v.toISOString() : v ? String(v) : "");

function readTable(db: Kysely<Database>, table: keyof Database, userId: string): Promise<Record<string, unknown>[]> {
  // Rows that hang off the user's games rather than the user (messages of their games, facts, links).
  const ownGames = db.selectFrom("saved_games").select("id").where("user_id", "=", userId);
  switch (table) {
    case "chat_messages":
      return db
        .selectFrom("chat_messages")
        .selectAll()
        .where((eb) => eb.or([eb("user_id", "=", userId), eb("author_id", "=", userId), eb("game_id", "in", ownGames)]))
        .orderBy("created_at")
        .execute();
    case "story_facts":
      // The facts of the user's games (every branch); the recap is a column of saved_games.
      return db.selectFrom("story_facts").selectAll().where("game_id", "in", ownGames).orderBy("created_at").execute();
    case "story_shares":
      // The links of the user's games ('Condividi', with options and when one was taken down);
      // never which admin took it down (someone else's id).
      return db
        .selectFrom("story_shares")
        .select(["id", "game_id", "show_nickname", "listed", "created_at", "updated_at", "taken_down_at"])
        .where("game_id", "in", ownGames)
        .orderBy("created_at")
        .execute();
    case "content_reports":
      return db
        .selectFrom("content_reports")
        .select(["id", "content_kind", "content_id", "reason", "explanation", "reporter_email", "reporter_ip", "status", "created_at", "updated_at"])
        .where("reporter_user_id", "=", userId)
        .orderBy("created_at")
        .execute();
    case "moderation_decisions":
      // Decisions on the user's content, never the moderator's id (someone else's).
      return db
        .selectFrom("moderation_decisions")
        .select(["id", "content_kind", "content_id", "content_title", "action", "suspend_author", "ground_type", "ground", "facts", "automated_detection", "automated_decision", "created_at"])
        .where("author_user_id", "=", userId)
        .orderBy("created_at")
        .execute();
    case "moderation_appeals":
      return db
        .selectFrom("moderation_appeals")
        .select(["id", "decision_id", "text", "status", "outcome_reasons", "decided_at", "created_at"])
        .where("author_user_id", "=", userId)
        .orderBy("created_at")
        .execute();
    case "push_subscriptions":
      // That a browser receives pushes, and since when; never its address or keys (credentials).
      return db.selectFrom("push_subscriptions").select(["id", "expires_at", "created_at"]).where("user_id", "=", userId).orderBy("created_at").execute();
    default: {
      const columns = EXPORTED_COLUMNS.get(table) ?? [];
      return db
        .selectFrom(table)
        .selectAll()
        .where((eb) => eb.or(columns.map((column) => eb(sql.ref(column), "=", userId))))
        .execute() as Promise<Record<string, unknown>[]>;
    }
  }
}

/**
 * Builds the export of one user.
 * Output: AccountExport — the account and session metadata (never the password hash, session
 * tokens or provider tokens) and the user's rows of EXPORTED_TABLES. A table that fails is
 * skipped and named in `warnings` with the reason, so the rest is still delivered.
 */
export async function exportAccount(db: Kysely<Database>, userId: string): Promise<AccountExport> {
  const warnings: AccountExport["warnings"] = [];
  const attempt = async <T>(section: string, read: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await read();
    } catch (error) {
      warnings.push({ table: section, message: `Tabella non esportata: ${error instanceof Error ? error.message : String(error)}` });
      return fallback;
    }
  };

  const account = await attempt(
    "user",
    async () => {
      const user = await db
        .selectFrom("user")
        .select(["id", "name", "email", "emailVerified", "createdAt", "updatedAt"])
        .where("id", "=", userId)
        .executeTakeFirst();
      if (!user) return null;
      const methods = await db
        .selectFrom("account")
        .select(["providerId", "createdAt", "updatedAt"])
        .where("userId", "=", userId)
        .execute();
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: Boolean(user.emailVerified),
        createdAt: iso(user.createdAt),
        updatedAt: iso(user.updatedAt),
        loginMethods: methods.map((m) => ({ providerId: m.providerId, createdAt: iso(m.createdAt), updatedAt: iso(m.updatedAt) })),
      };
    },
    null,
  );

  const sessions = await attempt(
    "session",
    async () =>
      (
        await db
          .selectFrom("session")
          .select(["createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"])
          .where("userId", "=", userId)
          .orderBy("createdAt")
          .execute()
      ).map((s) => ({ ...s, createdAt: iso(s.createdAt), updatedAt: iso(s.updatedAt), expiresAt: iso(s.expiresAt) })),
    [],
  );

  const tables: AccountExport["tables"] = {};
  for (const table of EXPORTED_TABLES) {
    const rows = await attempt(table, () => readTable(db, table, userId), undefined);
    if (rows) tables[table] = rows;
  }

  return { format: "storie-ai-export/1", exportedAt: new Date().toISOString(), account, sessions, tables, warnings };
}
