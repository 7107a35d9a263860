/**
 * Message quota (spec §6, §9; DESIGN §4): a conditional UPDATE takes one message atomically
 * (zero rows = refused), counters reset lazily at the first use of a new Europe/Rome day, and
 * unlimited plans (-1) are never charged.
 */

import { type Kysely, type Selectable, sql } from "kysely";
import type { TokensView } from "../../../shared/api-types";
import { romePeriods } from "../../platform/clock";
import type { Database, UserTokensTable } from "../../platform/db/schema";


/**
 * Takes `amount` messages from the user's daily quota inside `db` (pass a transaction to make it
 * part of a turn). Output: the counters after the take (or unchanged for an unlimited plan), or
 * null when the limit is reached or the user has no tokens row. Never lets messages_sent exceed
 * message_limit, even under concurrent calls: the check and the increment are one UPDATE.
 */
export async function takeMessages(db: Kysely<Database>, userId: string, amount = 1, at = new Date()): Promise<TokensView | null> {
  const { day } = romePeriods(at);
  const row = await db
    .updateTable("user_tokens")
    .set({
      messages_sent: sql`case when message_limit = -1 then messages_sent when messages_period = ${day} then messages_sent + ${amount} else ${amount} end`,
      messages_period: day,
    })
    .where("user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb("message_limit", "=", -1),
        eb.and([eb("messages_period", "<>", day), eb("message_limit", ">=", amount)]),
        eb.and([eb("messages_period", "=", day), sql<boolean>`messages_sent + ${amount} <= message_limit`]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  return row ? toTokensView(row, at) : null;
}

/**
 * Gives back `amount` messages taken today (a failed turn). Unlimited plans and a counter of a
 * previous day are left alone; the counter never goes below zero.
 */
export async function refundMessages(db: Kysely<Database>, userId: string, amount = 1, at = new Date()): Promise<void> {
  const { day } = romePeriods(at);
  await db
    .updateTable("user_tokens")
    .set({ messages_sent: sql`case when messages_sent >= ${amount} then messages_sent - ${amount} else 0 end` })
    .where("user_id", "=", userId)
    .where("message_limit", "<>", -1)
    .where("messages_period", "=", day)
    .execute();
}

/**
 * Takes one image (/visualizza) from the user's monthly image counter (spec §9: 'one image is
 * counted against the image counter before the call'). Same guarantees as takeMessages: one
 * conditional UPDATE, so concurrent calls never push visualizations_sent past visualize_limit;
 * the counter restarts at the first use of a new Europe/Rome month; unlimited plans (-1) are
 * never charged. Output: the counters after the take, or null when the limit is reached (the
 * base plan's limit is 0) or the user has no tokens row.
 */
export async function takeVisualization(db: Kysely<Database>, userId: string, at = new Date()): Promise<TokensView | null> {
  const { month } = romePeriods(at);
  const row = await db
    .updateTable("user_tokens")
    .set({
      visualizations_sent: sql`case when visualize_limit = -1 then visualizations_sent when visualizations_period = ${month} then visualizations_sent + 1 else 1 end`,
      visualizations_period: month,
    })
    .where("user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb("visualize_limit", "=", -1),
        eb.and([eb("visualizations_period", "<>", month), eb("visualize_limit", ">=", 1)]),
        eb.and([eb("visualizations_period", "=", month), sql<boolean>`visualizations_sent + 1 <= visualize_limit`]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  return row ? toTokensView(row, at) : null;
}

/**
 * Gives back the image taken at `at` (generation failed). Unlimited plans and a counter of a
 * previous Rome month are left alone; the counter never goes below zero.
 */
export async function refundVisualization(db: Kysely<Database>, userId: string, at = new Date()): Promise<void> {
  const { month } = romePeriods(at);
  await db
    .updateTable("user_tokens")
    .set({ visualizations_sent: sql`case when visualizations_sent >= 1 then visualizations_sent - 1 else 0 end` })
    .where("user_id", "=", userId)
    .where("visualize_limit", "<>", -1)
    .where("visualizations_period", "=", month)
    .execute();
}

/**
 * Reads the user's plan and counters as the player sees them now.
 * Output: TokensView (spec §6: remaining = limit − sent, null when unlimited), or null when the
 * user has no tokens row.
 */
export async function readTokens(db: Kysely<Database>, userId: string, at = new Date()): Promise<TokensView | null> {
  const row = await db.selectFrom("user_tokens").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row ? toTokensView(row, at) : null;
}

/** Messages sent today: a counter of a past Rome day reads 0 (the reset is lazy). */
function messagesSentToday(row: Pick<Selectable<UserTokensTable>, "messages_sent" | "messages_period">, at: Date): number {
  return row.messages_period === romePeriods(at).day ? row.messages_sent : 0;
}

/** Messages left today (spec §6: limit − sent), or null when the plan is unlimited. */
export function remainingMessages(
  row: Pick<Selectable<UserTokensTable>, "message_limit" | "messages_sent" | "messages_period">,
  at = new Date(),
): number | null {
  return row.message_limit === -1 ? null : Math.max(0, row.message_limit - messagesSentToday(row, at));
}

/** Counters of a past Rome day (messages) or month (images) read as 0: the reset is lazy. */
function toTokensView(row: Selectable<UserTokensTable>, at: Date): TokensView {
  const { month } = romePeriods(at);
  const messagesSent = messagesSentToday(row, at);
  const visualizationsSent = row.visualizations_period === month ? row.visualizations_sent : 0;
  return {
    plan: row.model,
    messageLimit: row.message_limit,
    messagesSent,
    remaining: remainingMessages(row, at),
    visualizeLimit: row.visualize_limit,
    visualizationsSent,
  };
}
