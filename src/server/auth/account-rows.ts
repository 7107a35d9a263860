/**
 * The application rows every account has (spec §3): a profiles row, a role in user_roles and a
 * user_tokens row on a plan. Roles live in user_roles only (issue: foundation §3).
 */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
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

/**
 * Moves a guest's games, messages and images to the account it registered as (issue:
 * 'a guest can later register to keep its games'). Called before the guest user is deleted.
 */
export async function transferGuestData(db: Kysely<Database>, guestId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("saved_games").set({ user_id: userId }).where("user_id", "=", guestId).execute();
    await trx.updateTable("chat_messages").set({ user_id: userId }).where("user_id", "=", guestId).execute();
    await trx.updateTable("generated_images").set({ user_id: userId }).where("user_id", "=", guestId).execute();
  });
}

/**
 * Records that the player confirmed 'Ho almeno 14 anni' now (issue 23; Codice privacy art.
 * 2-quinquies). Idempotent: the first confirmation's time is kept.
 */
export async function recordAgeConfirmation(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable("profiles").set({ age_confirmed_at: nowIso() }).where("id", "=", userId).where("age_confirmed_at", "is", null).execute();
}
