/**
 * The daily erasure of accounts deactivated DEACTIVATION_DAYS ago (spec §3: 'Disattiva' erases the
 * account 30 days later unless restored). Started by the app floor (app/server.ts), never by auth.
 */

import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema";
import { DEACTIVATION_DAYS } from "./deactivation";
import type { EraseDeps } from "./erase-account";
import { eraseAll, startSweep } from "./erase-sweep";
import { DAY_MS } from "../../platform/clock";

/** Ids of accounts deactivated before `cutoff`, oldest first, at most `limit`. */
async function expiredDeactivations(db: Kysely<Database>, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("user_deactivations")
    .select("user_id")
    .where("deactivated_at", "<", cutoff.toISOString())
    .orderBy("deactivated_at")
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Erases every account deactivated DEACTIVATION_DAYS or more before `now` (the clock is injected
 * for tests). Input: deps, the current instant, `shouldStop`. Output: how many were erased.
 */
export async function sweepDeactivatedAccounts(deps: EraseDeps, now = new Date(), shouldStop: () => boolean = () => false): Promise<number> {
  const cutoff = new Date(now.getTime() - DEACTIVATION_DAYS * DAY_MS);
  return eraseAll(deps, (limit) => expiredDeactivations(deps.db, cutoff, limit), shouldStop, "Account disattivato");
}

/** Starts the daily sweep of deactivated accounts (erase-sweep.ts startSweep). Output: stop(). */
export function startDeactivationSweep(deps: EraseDeps, intervalMs = DAY_MS): { stop(): Promise<void> } {
  return startSweep(
    deps.logger,
    (now, shouldStop) => sweepDeactivatedAccounts(deps, now, shouldStop),
    (erased) => `Cancellati ${erased} account disattivati da più di ${DEACTIVATION_DAYS} giorni.`,
    intervalMs,
  );
}
