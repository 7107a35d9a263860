/**
 * Duplicate-session detection (spec §4 Duplicate session, §8 'Sessione già attiva'): each open
 * game page holds one presence per browser tab; a second tab of the same user is told to leave.
 * Presences live in the database, so every server instance sees the tabs held by the others;
 * a live connection renews its row, and rows of a crashed instance expire.
 * A reload of the same tab (same tab id) takes its row over instead of counting twice.
 * A tab also says which story it shows: when it closes, its row stays `awayMs` longer as no
 * longer a session, so a group story's player turns 'assente' only then (issue 24).
 */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface PresenceLease {
  /** True when another tab of the same user already holds a presence. */
  duplicate: boolean;
  /** Gives the tab up (only if this connection still holds it): its story still counts it for `awayMs`. */
  release(): Promise<void>;
}

export interface Presence {
  /**
   * Registers the tab `tabId` of `userId` showing the story `gameId` (null: none), unless
   * another live tab of the user exists.
   */
  join(userId: string, tabId: string, gameId?: string | null): Promise<PresenceLease>;
  /** How long a closed tab still counts its player present in its story, ms. */
  readonly awayMs: number;
}

export interface PresenceOptions {
  /** How long a presence lives without renewal, ms. */
  ttlMs: number;
  /** How often a held presence is renewed, ms (well under ttlMs). */
  renewMs: number;
  /** How long a closed tab still counts its player present in its story, ms. */
  awayMs: number;
}

/** The defaults: a crashed instance's tabs fade within a minute; a closed tab's player is 'assente' after 30 s (issue 24). */
export const PRESENCE_DEFAULTS: PresenceOptions = { ttlMs: 60_000, renewMs: 20_000, awayMs: 30_000 };

const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * Database presence (SQLite or PostgreSQL, one or many instances).
 * Two tabs opened at the very same moment on two instances may both get in; every later tab is
 * refused while one of them is open.
 */
export function createDatabasePresence(db: Kysely<Database>, options: PresenceOptions = PRESENCE_DEFAULTS): Presence {
  return {
    awayMs: options.awayMs,
    async join(userId, tabId, gameId = null) {
      const connectionId = randomUUID();
      const duplicate = await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("presence").where("user_id", "=", userId).where("expires_at", "<", new Date().toISOString()).execute();
        const other = await trx
          .selectFrom("presence")
          .select("tab_id")
          .where("user_id", "=", userId)
          .where("tab_id", "<>", tabId)
          .where("closed", "=", 0)
          .executeTakeFirst();
        if (other) return true;
        await trx
          .insertInto("presence")
          .values({ user_id: userId, tab_id: tabId, connection_id: connectionId, expires_at: isoIn(options.ttlMs), game_id: gameId, closed: 0 })
          .onConflict((oc) => oc.columns(["user_id", "tab_id"]).doUpdateSet({ connection_id: connectionId, expires_at: isoIn(options.ttlMs), game_id: gameId, closed: 0 }))
          .execute();
        return false;
      });
      if (duplicate) return { duplicate, release: async () => {} };
      const renew = setInterval(() => {
        void db
          .updateTable("presence")
          .set({ expires_at: isoIn(options.ttlMs) })
          .where("user_id", "=", userId)
          .where("tab_id", "=", tabId)
          .where("connection_id", "=", connectionId)
          .execute()
          .catch(() => undefined);
      }, options.renewMs);
      renew.unref();
      return {
        duplicate,
        async release() {
          clearInterval(renew);
          await db
            .updateTable("presence")
            .set({ closed: 1, expires_at: isoIn(options.awayMs) })
            .where("user_id", "=", userId)
            .where("tab_id", "=", tabId)
            .where("connection_id", "=", connectionId)
            .execute();
        },
      };
    },
  };
}
