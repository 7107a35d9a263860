/**
 * The application rows every account has (spec §3): a profiles row, a role in user_roles and a
 * user_tokens row on a plan. Roles live in user_roles only (issue: foundation §3).
 */

import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { nicknameKey } from "../../../shared/schemas/profile";
import { nowIso } from "../../platform/clock";
import type { Database, PlanId, Role } from "../../platform/db/schema";
import { isUniqueViolation } from "../../platform/db/unique-violation";
import { moveGuestRows } from "../policies/account-rows";

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

/**
 * Moves everything of a guest to the account it registered as or signed in to (issue 22 §1;
 * issue 36 finding 10), in one transaction, before Better Auth deletes the guest user (anonymous
 * plugin, onLinkAccount): every row naming the guest, as the account-rows rule says
 * (policies/account-rows.ts moveGuestRows) — games with their messages and images, seats,
 * turns, votes and side notes in group stories, likes, favourites, reports, notifications, AI
 * usage. A row the account already has for the same key (a like, a favourite, a seat in the same
 * story, a vote on the same turn) is not doubled: the guest's copy goes. Today's messages and this
 * month's images add up first, so registering never resets a quota (DESIGN §4: the counter of a
 * past period counts 0; the later period wins).
 * Input: the guest's and the account's user ids. Errors of the database propagate (nothing moves).
 */
export async function transferGuestData(db: Kysely<Database>, guestId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await mergeCounters(trx, guestId, userId);
    await moveGuestRows(trx, guestId, userId);
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
