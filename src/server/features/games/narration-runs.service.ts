/**
 * The narration_runs rows (issue 11 §4, migration 0013): the latest narration of each game as the
 * instance writing it saves it, so that any instance can tell a page that it is running and serve
 * its rest. One row per game; a new run takes the row over; writes name their run, so an older
 * run of the same game never overwrites a newer one, and a finished run's row is never written
 * again. Callers check the game's owner first.
 */

import type { Kysely, Selectable, Updateable } from "kysely";
import type { LiveNarrationView } from "../../../shared/api-types";
import { nowIso } from "../../platform/clock";
import type { Database, NarrationRunsTable } from "../../platform/db/schema";

type Db = Kysely<Database>;

export type RunRow = Selectable<NarrationRunsTable>;

/** How often a running narration's new text is saved, ms (at most this often). */
export const RUN_FLUSH_MS = 150;
/** A running row is written at least this often, ms, even while the narrator is silent. */
export const RUN_RENEW_MS = 2_000;
/** A running row not written for this long belongs to an instance that died, ms: nothing to resume. */
export const RUN_STALE_MS = 10_000;

/**
 * Starts the row of a run: status 'running', no text yet (replaces the game's previous run).
 * `db` may be a transaction (a turn starts it with its charge, turn.service.ts).
 */
export async function startRunRow(db: Db, gameId: string, runId: string, playerMessageId: string): Promise<void> {
  const values = { run_id: runId, player_message_id: playerMessageId, text: "", status: "running" as const, message_id: null, stopped: 0, error_code: null, updated_at: nowIso() };
  await db
    .insertInto("narration_runs")
    .values({ game_id: gameId, ...values })
    .onConflict((oc) => oc.column("game_id").doUpdateSet(values))
    .execute();
}

/**
 * Saves `changes` (text so far, or the end: status, message_id, stopped, error_code) to the run's
 * row, if it still owns it and is still running: a save of the text that lands after the end
 * (written with the stored narration, in its transaction) changes nothing. `db` may be a transaction.
 */
export async function updateRunRow(db: Db, gameId: string, runId: string, changes: Omit<Updateable<NarrationRunsTable>, "game_id" | "run_id" | "updated_at">): Promise<void> {
  await db
    .updateTable("narration_runs")
    .set({ ...changes, updated_at: nowIso() })
    .where("game_id", "=", gameId)
    .where("run_id", "=", runId)
    .where("status", "=", "running")
    .execute();
}

/** The game's latest run row, or undefined when it never had one. */
export function findRunRow(db: Db, gameId: string): Promise<RunRow | undefined> {
  return db.selectFrom("narration_runs").selectAll().where("game_id", "=", gameId).executeTakeFirst();
}

/** True for a 'running' row no instance has written for RUN_STALE_MS (its instance stopped without ending it). */
export function isStale(row: Pick<RunRow, "status" | "updated_at">, now = Date.now()): boolean {
  return row.status === "running" && row.updated_at < new Date(now - RUN_STALE_MS).toISOString();
}

/**
 * GameView.liveNarration (issue 11 §4): the game's narration being written now, with its text as
 * last saved, or null (none, finished, or stale). Input: a game id whose owner was checked.
 */
export async function liveNarrationOf(db: Db, gameId: string): Promise<LiveNarrationView | null> {
  const row = await findRunRow(db, gameId);
  return row && row.status === "running" && !isStale(row) ? { playerMessageId: row.player_message_id, text: row.text } : null;
}
