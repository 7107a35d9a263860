/**
 * Message quota (spec §6, §9; DESIGN §4): a conditional UPDATE takes one message atomically
 * (zero rows = refused), counters reset lazily at the first use of a new Europe/Rome day, and
 * unlimited plans (-1) are never charged.
 */

import { type Kysely, type Selectable, sql } from "kysely";
import type { TokensView } from "../../shared/api-types";
import { romePeriods } from "../clock";
import type { Database, UserTokensTable } from "../db/schema";


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
 * Reads the user's plan and counters as the player sees them now.
 * Output: TokensView (spec §6: remaining = limit − sent, null when unlimited), or null when the
 * user has no tokens row.
 */
export async function readTokens(db: Kysely<Database>, userId: string, at = new Date()): Promise<TokensView | null> {
  const row = await db.selectFrom("user_tokens").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row ? toTokensView(row, at) : null;
}

/** Counters of a past Rome day (messages) or month (images) read as 0: the reset is lazy. */
function toTokensView(row: Selectable<UserTokensTable>, at: Date): TokensView {
  const { day, month } = romePeriods(at);
  const messagesSent = row.messages_period === day ? row.messages_sent : 0;
  const visualizationsSent = row.visualizations_period === month ? row.visualizations_sent : 0;
  return {
    plan: row.model,
    messageLimit: row.message_limit,
    messagesSent,
    remaining: row.message_limit === -1 ? null : Math.max(0, row.message_limit - messagesSent),
    visualizeLimit: row.visualize_limit,
    visualizationsSent,
  };
}
