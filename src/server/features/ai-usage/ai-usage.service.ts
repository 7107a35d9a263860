/**
 * 'Utilizzo AI' (issue 20 §4): the admin report of the ai_usage rows (ai/usage.ts) over a range of
 * Rome days: tokens per day and model, per purpose, the players who used most, the estimated
 * cost (AI_PRICE_INPUT / AI_PRICE_OUTPUT, euro per million tokens) and today's budget.
 */

import { type Kysely, sql } from "kysely";
import { type AI_PURPOSE_LABELS, type AiUsageQuery, type AiUsageView, TOP_PLAYERS, type UsageTotals } from "../../../shared/ai-usage";
import { romePeriods } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import type { Env } from "../../platform/env";
import { budgetState, tokensUsedOn } from "../../domain/policies/spending";

type Db = Kysely<Database>;

/** Default range: the last 30 Rome days, today included. */
const DEFAULT_RANGE_DAYS = 30;

/** The Rome day `days` before the Rome day of `at` (YYYY-MM-DD). */
function daysBefore(at: Date, days: number): string {
  return romePeriods(new Date(at.getTime() - days * 86_400_000)).day;
}

/** Summed columns of a grouped query. */
const sums = [
  sql<string | number>`sum(calls)`.as("calls"),
  sql<string | number>`sum(input_tokens)`.as("input_tokens"),
  sql<string | number>`sum(output_tokens)`.as("output_tokens"),
] as const;

type Prices = AiUsageView["prices"];

/** A grouped row's counters (PostgreSQL sums bigints as text) with its estimated cost. */
function totals(row: { calls: string | number; input_tokens: string | number; output_tokens: string | number }, prices: Prices): UsageTotals {
  const inputTokens = Number(row.input_tokens);
  const outputTokens = Number(row.output_tokens);
  const priced = prices.input !== null || prices.output !== null;
  const cost = priced ? (inputTokens * (prices.input ?? 0) + outputTokens * (prices.output ?? 0)) / 1_000_000 : null;
  return { calls: Number(row.calls), inputTokens, outputTokens, cost: cost === null ? null : Math.round(cost * 10_000) / 10_000 };
}

/**
 * The report. Input: the database, the prices and budget of the environment, the validated
 * query (missing ends: the last 30 days up to today) and the current instant. Output:
 * {@link AiUsageView}. Five reads over the day index.
 */
export async function usageReport(
  db: Db,
  env: Pick<Env, "AI_PRICE_INPUT" | "AI_PRICE_OUTPUT" | "AI_DAILY_TOKEN_BUDGET">,
  query: AiUsageQuery,
  now: Date = new Date(),
): Promise<AiUsageView> {
  const to = query.to ?? romePeriods(now).day;
  const from = query.from ?? (query.to ? to : daysBefore(now, DEFAULT_RANGE_DAYS - 1));
  const prices: Prices = { input: env.AI_PRICE_INPUT ?? null, output: env.AI_PRICE_OUTPUT ?? null };
  const inRange = db.selectFrom("ai_usage").where("day", ">=", from).where("day", "<=", to);
  const [days, purposes, players, [total], usedToday] = await Promise.all([
    inRange.select(["day", "model", ...sums]).groupBy(["day", "model"]).orderBy("day").orderBy("model").execute(),
    inRange.select(["purpose", ...sums]).groupBy("purpose").orderBy("purpose").execute(),
    inRange
      .leftJoin("user", "user.id", "ai_usage.user_id")
      .leftJoin("profiles", "profiles.id", "ai_usage.user_id")
      .select(["ai_usage.user_id", "user.email", "profiles.nickname", ...sums])
      .groupBy(["ai_usage.user_id", "user.email", "profiles.nickname"])
      .orderBy(sql`sum(input_tokens + output_tokens)`, "desc")
      .limit(TOP_PLAYERS)
      .execute(),
    inRange.select(sums).execute(),
    tokensUsedOn(db, now),
  ]);
  return {
    from,
    to,
    days: days.map((r) => ({ day: r.day, model: r.model, ...totals(r, prices) })),
    purposes: purposes.map((r) => ({ purpose: r.purpose as keyof typeof AI_PURPOSE_LABELS, ...totals(r, prices) })),
    players: players.map((r) => ({ userId: r.user_id, email: r.email ?? null, nickname: r.nickname ?? null, ...totals(r, prices) })),
    total: totals({ calls: total?.calls ?? 0, input_tokens: total?.input_tokens ?? 0, output_tokens: total?.output_tokens ?? 0 }, prices),
    prices,
    budget: { ...budgetState(env.AI_DAILY_TOKEN_BUDGET, usedToday), limit: env.AI_DAILY_TOKEN_BUDGET, usedToday },
  };
}
