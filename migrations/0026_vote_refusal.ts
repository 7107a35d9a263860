/**
 * Issue 36 finding 2 (ADR 0019 'Voto'): saved_games.vote_refusal, the error code of the turn the
 * story's last vote chose when that turn was refused (the acting player's message limit, the day's
 * token budget, …). The vote then starts over (its ballots are dropped) and the group is told why
 * until the next vote opens; null otherwise.
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("saved_games").addColumn("vote_refusal", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("saved_games").dropColumn("vote_refusal").execute();
}
