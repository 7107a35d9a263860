/**
 * The reference data every database starts with (issue: foundation §2; spec §9): the plans and one
 * genre_prompts row per genre. Idempotent: rows already there, possibly edited by admins, are kept.
 * Run by the app at start (app/seed.ts) and by the admin's 'ripristina i generi mancanti'.
 */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { type GenreName, GENRES } from "../../../shared/genres";
import { nowIso } from "../clock";
import { GENRE_PROMPT_SEEDS } from "./genre-prompts";
import { PLAN_SEEDS } from "./plans";
import type { Database } from "./schema";

/** Inserts missing plans and genre prompts; existing rows (possibly edited by admins) are kept. */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  for (const plan of PLAN_SEEDS) {
    await db.insertInto("plans").values(plan).onConflict((oc) => oc.column("id").doNothing()).execute();
  }
  await insertMissingGenrePrompts(db, GENRES);
}

/**
 * Inserts the default prompt of each given genre that has no row yet. A row inserted first by a
 * concurrent call is ignored (ON CONFLICT (genre) DO NOTHING; spec §7: conflict 23505 ignored);
 * existing rows, possibly edited by admins, are never touched.
 * Output: the number of rows this call inserted.
 */
export async function insertMissingGenrePrompts(db: Kysely<Database>, genres: readonly GenreName[]): Promise<number> {
  let created = 0;
  for (const genre of genres) {
    const seed = GENRE_PROMPT_SEEDS[genre];
    const result = await db
      .insertInto("genre_prompts")
      .values({ id: randomUUID(), genre, ...seed, forbidden_topics: JSON.stringify(seed.forbidden_topics), updated_at: nowIso() })
      .onConflict((oc) => oc.column("genre").doNothing())
      .executeTakeFirst();
    created += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return created;
}
