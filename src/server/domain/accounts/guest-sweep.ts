/**
 * Daily erasure of inactive 'Tutorial' guest accounts (issue 9 finding 3), through the same
 * erasure as a deleted account (eraseAccount: every row and media file, sessions included).
 *
 * A guest is inactive when, for GUEST_INACTIVE_DAYS days, it has:
 * - not been created (user.createdAt),
 * - not used any session (session.updatedAt, which Better Auth moves forward at least once a
 *   day while the session is used; session.createdAt for a new sign-in),
 * - not played: no game of its created, changed or played (saved_games created_at, updated_at,
 *   last_played) and no chat message written.
 * A guest has no password or e-mail, so once its sessions have expired (30 days unused) nobody
 * can ever reach its account again: erasing it loses nothing anyone can see.
 */

import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/client";
import type { Database } from "../../platform/db/schema";
import type { EraseDeps } from "./erase-account";
import { eraseAll, startSweep } from "./erase-sweep";
import { DAY_MS } from "../../platform/clock";

export const GUEST_INACTIVE_DAYS = 30;

export type GuestSweepDeps = EraseDeps & { dialect: DialectName };

/**
 * Ids of guests inactive since before `cutoff` (see the module comment), at most `limit`.
 * Input: database, dialect (Better Auth stores its dates natively on PostgreSQL, as ISO text on
 * SQLite), cutoff instant.
 */
export async function inactiveGuests(db: Kysely<Database>, dialect: DialectName, cutoff: Date, limit: number): Promise<string[]> {
  const iso = cutoff.toISOString();
  const authDate = dialect === "postgres" ? cutoff : iso;
  const rows = await db
    .selectFrom("user")
    .select("user.id")
    .where("user.isAnonymous", "=", dialect === "postgres" ? true : 1)
    .where("user.createdAt", "<", authDate)
    .where(({ not, exists, selectFrom, or }) =>
      not(
        or([
          exists(
            selectFrom("session")
              .select("session.id")
              .whereRef("session.userId", "=", "user.id")
              .where((s) => s.or([s("session.updatedAt", ">=", authDate), s("session.createdAt", ">=", authDate)])),
          ),
          exists(
            selectFrom("saved_games")
              .select("saved_games.id")
              .whereRef("saved_games.user_id", "=", "user.id")
              .where((g) => g.or([g("saved_games.updated_at", ">=", iso), g("saved_games.created_at", ">=", iso), g("saved_games.last_played", ">=", iso)])),
          ),
          exists(selectFrom("chat_messages").select("chat_messages.id").whereRef("chat_messages.user_id", "=", "user.id").where("chat_messages.created_at", ">=", iso)),
        ]),
      ),
    )
    .orderBy("user.createdAt")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Erases every inactive guest (module comment) as of `now`.
 * Input: deps {db, dialect, media, log}, the current instant, and `shouldStop` checked between
 * accounts (the server is closing). Output: how many guests were erased. A failing erasure is
 * logged and skipped (it is retried at the next sweep); a failing query throws.
 */
export async function sweepInactiveGuests(deps: GuestSweepDeps, now = new Date(), shouldStop: () => boolean = () => false): Promise<number> {
  const cutoff = new Date(now.getTime() - GUEST_INACTIVE_DAYS * DAY_MS);
  return eraseAll(deps, (limit) => inactiveGuests(deps.db, deps.dialect, cutoff, limit), shouldStop, "Account ospite inattivo");
}

/** Starts the daily sweep of inactive guests (erase-sweep.ts startSweep). Output: stop(). */
export function startGuestSweep(deps: GuestSweepDeps, intervalMs = DAY_MS): { stop(): Promise<void> } {
  return startSweep(
    deps.logger,
    (now, shouldStop) => sweepInactiveGuests(deps, now, shouldStop),
    (erased) => `Cancellati ${erased} account ospite inattivi da più di ${GUEST_INACTIVE_DAYS} giorni.`,
    intervalMs,
  );
}
