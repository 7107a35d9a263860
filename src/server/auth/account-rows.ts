/**
 * The application rows every account has (spec §3): a profiles row, a role in user_roles and a
 * user_tokens row on a plan. Roles live in user_roles only (issue: foundation §3).
 */

import { randomUUID } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import { nicknameKey } from "../../shared/schemas/profile";
import { nowIso } from "../clock";
import type { Database, PlanId, Role } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";

/**
 * Creates the profile, the role row and the tokens row of a new account; idempotent.
 * Input: the user id and e-mail (null for guests), the role and plan (defaults 'user' and 'base').
 * Throws when the plan does not exist (seeds not run).
 */
export async function createAccountRows(
  db: Kysely<Database>,
  user: { id: string; email: string | null },
  role: Role = "user",
  plan: PlanId = "base",
): Promise<void> {
  const now = nowIso();
  const limits = await db
    .selectFrom("plans")
    .select(["message_limit", "visualize_limit"])
    .where("id", "=", plan)
    .executeTakeFirstOrThrow();
  await db
    .insertInto("profiles")
    .values({ id: user.id, email: user.email, first_name: null, last_name: null, nickname: null, created_at: now })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  await db
    .insertInto("user_roles")
    .values({ id: randomUUID(), user_id: user.id, role, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "role"]).doNothing())
    .execute();
  await db
    .insertInto("user_tokens")
    .values({ user_id: user.id, model: plan, ...limits, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

/** True when another account already goes by `nickname` (compared by nicknameKey; issue 22 §3). */
export async function nicknameTaken(db: Kysely<Database>, nickname: string): Promise<boolean> {
  return (await db.selectFrom("profiles").select("id").where("nickname_key", "=", nicknameKey(nickname)).executeTakeFirst()) !== undefined;
}

/**
 * Gives a new account the nickname chosen at registration (issue 22 §3). Sign-up checked it was
 * free (nicknameTaken); if a concurrent sign-up took it in between, the account keeps none (the
 * player can choose one in the profile) rather than failing a registration already made.
 */
export async function setRegistrationNickname(db: Kysely<Database>, userId: string, nickname: string): Promise<void> {
  try {
    await db.updateTable("profiles").set({ nickname, nickname_key: nicknameKey(nickname) }).where("id", "=", userId).execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** Rows a guest keeps when it registers (issue 22 §1 'Salva le tue storie'): table → column naming the user. */
const GUEST_ROWS = [
  ["saved_games", "user_id"],
  ["chat_messages", "user_id"],
  ["generated_images", "user_id"],
  ["notifications", "user_id"],
  ["content_reports", "reporter_user_id"],
  ["moderation_decisions", "author_user_id"],
  ["moderation_appeals", "author_user_id"],
  ["publishing_suspensions", "user_id"],
  ["ai_usage", "user_id"],
  ["audit_log", "user_id"],
] as const;

/** Rows unique per user and `key`: a row the account already has for the same key stays the account's. */
const GUEST_UNIQUE_ROWS = [
  ["template_likes", "template_id"],
  ["user_favorites", "template_id"],
  ["notification_reads", "notification_id"],
] as const;

/**
 * Moves everything of a guest to the account it registered as or signed in to (issue 22 §1:
 * games with their messages and images, likes, favourites, reports, notifications, AI usage,
 * counters), in one transaction, before Better Auth deletes the guest user (anonymous plugin,
 * onLinkAccount). Likes and favourites the account already has are not doubled (the guest's
 * copy goes with the guest, and the template's likes_count loses it). Today's messages and this
 * month's images add up, so registering never resets a quota (DESIGN §4: the counter of a past
 * period counts 0; the later period wins).
 * Input: the guest's and the account's user ids. Errors of the database propagate (nothing moves).
 */
export async function transferGuestData(db: Kysely<Database>, guestId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [table, column] of GUEST_ROWS) {
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${userId} where ${sql.ref(column)} = ${guestId}`.execute(trx);
    }
    for (const [table, key] of GUEST_UNIQUE_ROWS) {
      const dropped = await sql<{ template_id: string }>`delete from ${sql.table(table)} where user_id = ${guestId} and ${sql.ref(key)} in (select ${sql.ref(key)} from ${sql.table(table)} where user_id = ${userId}) returning ${sql.ref(key)}`.execute(trx);
      if (table === "template_likes" && dropped.rows.length > 0) {
        const ids = dropped.rows.map((r) => r.template_id);
        await trx.updateTable("saved_games").set({ likes_count: sql`case when likes_count > 0 then likes_count - 1 else 0 end` }).where("id", "in", ids).execute();
      }
      await sql`update ${sql.table(table)} set user_id = ${userId} where user_id = ${guestId}`.execute(trx);
    }
    await mergeCounters(trx, guestId, userId);
  });
}

/** Adds the guest's quota use of the current periods to the account's (same period: sum; else the later period). */
async function mergeCounters(trx: Transaction<Database>, guestId: string, userId: string): Promise<void> {
  const rows = await trx.selectFrom("user_tokens").selectAll().where("user_id", "in", [guestId, userId]).execute();
  const guest = rows.find((r) => r.user_id === guestId);
  const user = rows.find((r) => r.user_id === userId);
  if (!guest || !user) return;
  const merged = (sentA: number, periodA: string, sentB: number, periodB: string): [number, string] =>
    periodA === periodB ? [sentA + sentB, periodA] : periodA > periodB ? [sentA, periodA] : [sentB, periodB];
  const [messages_sent, messages_period] = merged(user.messages_sent, user.messages_period, guest.messages_sent, guest.messages_period);
  const [visualizations_sent, visualizations_period] = merged(user.visualizations_sent, user.visualizations_period, guest.visualizations_sent, guest.visualizations_period);
  await trx
    .updateTable("user_tokens")
    .set({ messages_sent, messages_period, visualizations_sent, visualizations_period, updated_at: nowIso() })
    .where("user_id", "=", userId)
    .execute();
}

/**
 * Records that the player confirmed 'Ho almeno 14 anni' now (issue 23; Codice privacy art.
 * 2-quinquies). Idempotent: the first confirmation's time is kept.
 */
export async function recordAgeConfirmation(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable("profiles").set({ age_confirmed_at: nowIso() }).where("id", "=", userId).where("age_confirmed_at", "is", null).execute();
}
