/**
 * Push subscriptions and preferences of a player (issue 39 "Push notifications"). Every query is
 * bounded to the caller's own rows.
 */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { PUSH_KINDS } from "../../../shared/push-kinds";
import type { PushPreferences, PushSubscriptionInput } from "../../../shared/schemas/push";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import type { PushTransport } from "../../platform/push/push-transport";

type Db = Kysely<Database>;

/**
 * Stores the browser's subscription for `userId`. The endpoint must be on an allowed push service
 * (stored as the URL parser wrote it); an endpoint already stored (this browser, signed in before
 * as another account) moves to this account with the new keys.
 * Throws 400 PUSH_SERVICE_NOT_ALLOWED.
 */
export async function subscribe(db: Db, push: Pick<PushTransport, "allows">, userId: string, input: PushSubscriptionInput): Promise<void> {
  const endpoint = push.allows(input.endpoint);
  if (endpoint === null) throw AppError.of("PUSH_SERVICE_NOT_ALLOWED", 400);
  const row = {
    user_id: userId,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    expires_at: input.expirationTime == null ? null : new Date(input.expirationTime).toISOString(),
    created_at: nowIso(),
  };
  await db
    .insertInto("push_subscriptions")
    .values({ id: randomUUID(), endpoint, ...row })
    .onConflict((oc) => oc.column("endpoint").doUpdateSet(row))
    .execute();
}

/** Deletes the caller's subscription of `endpoint` (another account's stays). Output: nothing, whether or not one matched. */
export async function unsubscribe(db: Db, push: Pick<PushTransport, "allows">, userId: string, endpoint: string): Promise<void> {
  const stored = push.allows(endpoint) ?? endpoint;
  await db.deleteFrom("push_subscriptions").where("user_id", "=", userId).where("endpoint", "=", stored).execute();
}

/** The player's push preferences (all on when never changed). */
export async function readPreferences(db: Db, userId: string): Promise<PushPreferences> {
  const row = await db.selectFrom("push_preferences").select(PUSH_KINDS).where("user_id", "=", userId).executeTakeFirst();
  return Object.fromEntries(PUSH_KINDS.map((kind) => [kind, row ? row[kind] === 1 : true])) as PushPreferences;
}

/** Replaces the player's push preferences. Output: them, as stored. */
export async function writePreferences(db: Db, userId: string, input: PushPreferences): Promise<PushPreferences> {
  const values = { ...(Object.fromEntries(PUSH_KINDS.map((kind) => [kind, input[kind] ? 1 : 0])) as Record<(typeof PUSH_KINDS)[number], number>), updated_at: nowIso() };
  await db
    .insertInto("push_preferences")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
  return readPreferences(db, userId);
}
