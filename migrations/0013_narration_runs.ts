/**
 * Issue 11 §4 (narration that survives the network; docs/decisions/0008-story-tree.md, DESIGN §7):
 * narration_runs, the latest narration of each game as it is being written, so that a client that
 * reconnects (a reload, another server instance on PostgreSQL) can read the rest of it.
 *
 * One row per game (a new turn replaces it), removed with the game:
 * - run_id: the run writing the row; writes of an older run of the same game are ignored;
 * - player_message_id: the player's message the narration answers;
 * - text: the narration written so far (flushed at most every 250 ms while running);
 * - status: 'running' | 'done' | 'failed';
 * - message_id: the stored narration once done (null when 'Stop' came before the first word);
 * - stopped: 1 when 'Stop' ended it; error_code: the error of a failed run;
 * - updated_at: ISO time of the last write (a running row renews it, so a crashed run goes stale).
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("narration_runs")
    .addColumn("game_id", "text", (c) => c.primaryKey().references("saved_games.id").onDelete("cascade"))
    .addColumn("run_id", "text", (c) => c.notNull())
    .addColumn("player_message_id", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("message_id", "text")
    .addColumn("stopped", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error_code", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("narration_runs").ifExists().execute();
}
