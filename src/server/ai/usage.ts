/**
 * AI usage (issue 20 §4): every provider call adds its tokens to the ai_usage row of its Rome
 * day, model, purpose and player (migration 0017), and the site's daily token budget
 * (AI_DAILY_TOKEN_BUDGET) is read from the same rows.
 */

import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { nowIso, romePeriods } from "../clock";
import type { Database } from "../db/schema";
import type { AiPurpose } from "./provider-observer";

type Db = Kysely<Database>;

/** One call's tokens, as ai_usage counts them. */
export interface UsageEntry {
  model: string;
  purpose: AiPurpose;
  /** The player whose request made the call; undefined when none. */
  userId: string | undefined;
  inputTokens: number;
  outputTokens: number;
  /** When the call ended (its Rome day is the row's); default now. */
  at?: Date;
}

/**
 * Adds one call to its row (created at the first call of the day): calls + 1, the tokens added.
 * Input: the database and the entry. Throws on a database failure (callers log it).
 */
export async function recordUsage(db: Db, entry: UsageEntry): Promise<void> {
  const row = {
    id: randomUUID(),
    day: romePeriods(entry.at).day,
    model: entry.model.slice(0, 200),
    purpose: entry.purpose,
    user_id: entry.userId ?? null,
    calls: 1,
    input_tokens: Math.max(0, Math.round(entry.inputTokens)),
    output_tokens: Math.max(0, Math.round(entry.outputTokens)),
    updated_at: nowIso(),
  };
  await db
    .insertInto("ai_usage")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["day", "model", "purpose", "user_id"]).doUpdateSet((eb) => ({
        calls: sql`${eb.ref("ai_usage.calls")} + 1`,
        input_tokens: sql`${eb.ref("ai_usage.input_tokens")} + ${eb.ref("excluded.input_tokens")}`,
        output_tokens: sql`${eb.ref("ai_usage.output_tokens")} + ${eb.ref("excluded.output_tokens")}`,
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}

/** Tokens (input + output) every call of the Rome day of `at` used, all players and models together. */
export async function tokensUsedOn(db: Db, at: Date = new Date()): Promise<number> {
  const row = await db
    .selectFrom("ai_usage")
    .select(sql<string | number | null>`sum(input_tokens + output_tokens)`.as("tokens"))
    .where("day", "=", romePeriods(at).day)
    .executeTakeFirst();
  return Number(row?.tokens ?? 0);
}

/** The state of the daily budget: its limit (0 = none), the tokens used today, and whether new turns are refused. */
export interface BudgetState {
  limit: number;
  used: number;
  exhausted: boolean;
}

/**
 * Reads today's budget. Input: the database and AI_DAILY_TOKEN_BUDGET (0 = no budget: nothing is
 * read). Output: {@link BudgetState}; exhausted once the day's tokens reach the limit.
 */
export async function dailyBudget(db: Db, limit: number, at: Date = new Date()): Promise<BudgetState> {
  if (limit <= 0) return { limit: 0, used: 0, exhausted: false };
  const used = await tokensUsedOn(db, at);
  return { limit, used, exhausted: used >= limit };
}
