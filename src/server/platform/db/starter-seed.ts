/**
 * Seeds the starter scenarios (issue 40 §4) at a fresh install's first start: each row of
 * STARTER_SCENARIOS that is absent (by its fixed id) is inserted as a published template of the
 * site (is_template 1, draft 0, starter 1, user_id null), then a settings row remembers it, so a
 * starter an admin deleted is not brought back at the next start (unpublishing one is a
 * moderation decision or 'Elimina' in the admin templates). Idempotent and safe under concurrent
 * starts (ON CONFLICT (id) DO NOTHING).
 */

import type { Kysely } from "kysely";
import { nowIso } from "../clock";
import type { Database } from "./schema";
import { GENRE_PROMPT_SEEDS } from "./genre-prompts";
import { STARTER_SCENARIOS } from "./starter-scenarios";

/** The settings key remembering that the starters were seeded once. */
export const STARTERS_SEEDED_KEY = "starter_scenarios_seeded";

/**
 * Input: the database. Output: how many starters this call inserted (0 once seeded).
 * The AI settings are the genre's defaults; the narrator's instructions are left empty: playing a
 * template without them uses the genre's prompt with the title and description (playTemplate).
 */
export async function seedStarterScenarios(db: Kysely<Database>): Promise<number> {
  if (await db.selectFrom("settings").select("key").where("key", "=", STARTERS_SEEDED_KEY).executeTakeFirst()) return 0;
  return db.transaction().execute(async (trx) => {
    let created = 0;
    const now = nowIso();
    for (const s of STARTER_SCENARIOS) {
      const genre = GENRE_PROMPT_SEEDS[s.genre];
      const result = await trx
        .insertInto("saved_games")
        .values({
          id: s.id,
          user_id: null,
          is_template: 1,
          draft: 0,
          starter: 1,
          title: s.title,
          genre: s.genre,
          description: s.description,
          content: JSON.stringify({ initial_prompt: s.opening }),
          first_message: s.opening,
          story_cards: JSON.stringify(s.cards),
          temperature: genre.temperature,
          max_tokens: genre.max_tokens,
          response_style: genre.response_style,
          story_pacing: genre.story_pacing,
          interaction_style: genre.interaction_style,
          context_memory: genre.context_memory,
          special_instructions: genre.special_instructions,
          preferred_vocabulary: genre.preferred_vocabulary,
          forbidden_topics: JSON.stringify(genre.forbidden_topics),
          last_played: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      created += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    await trx
      .insertInto("settings")
      .values({ key: STARTERS_SEEDED_KEY, value: now, updated_at: now })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    return created;
  });
}
