/**
 * AI usage (issue 20 §4): every provider call adds its tokens to the ai_usage row of its Rome
 * day, model, purpose and player (migration 0017); the site's daily token budget
 * (AI_DAILY_TOKEN_BUDGET) is read from the same rows by the spending gate (policies/spending.ts).
 */

import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { nowIso, romePeriods } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import type { AiPurpose } from "../../platform/ops/metrics";

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
