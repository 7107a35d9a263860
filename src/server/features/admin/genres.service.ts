/**
 * Genre prompts (spec §2 Admin genre prompts, §3 genre_prompts, §4 Genre card, §7 genre_prompts
 * calls). The narrator reads the stored prompt at every turn (narratorConfigFor in
 * features/games), so a saved prompt applies to the next narrated turn of every game of that genre.
 */

import type { Kysely, Selectable } from "kysely";
import type { GenrePromptsView, GenrePromptView } from "../../../shared/admin-types";
import { GENRES } from "../../../shared/genres";
import type { GenrePromptInput } from "../../../shared/schemas/genre-prompt";
import { nowIso } from "../../clock";
import type { Database, GenrePromptsTable } from "../../db/schema";
import { insertMissingGenrePrompts } from "../../db/seed";
import { parseStoredTopics } from "../../db/topics";
import { AppError } from "../../errors";

type Db = Kysely<Database>;

function toView(row: Selectable<GenrePromptsTable>): GenrePromptView {
  return { ...row, temperature: Number(row.temperature), forbidden_topics: parseStoredTopics(row.forbidden_topics) };
}

/** Every stored prompt ordered by genre, and the genres of the code (shared/genres) without one. */
export async function listGenrePrompts(db: Db): Promise<GenrePromptsView> {
  const rows = await db.selectFrom("genre_prompts").selectAll().orderBy("genre").execute();
  const stored = new Set(rows.map((r) => r.genre));
  return { prompts: rows.map(toView), missing: GENRES.filter((g) => !stored.has(g)) };
}

/**
 * 'Sincronizzazione Generi': inserts a prompt (the genre's default) for every genre of the code
 * that has none. A row a concurrent sync inserted first is ignored (ON CONFLICT (genre) DO
 * NOTHING; spec §7: conflict 23505 ignored); existing rows, possibly edited, are never touched.
 * Output: the number of rows this call inserted.
 */
export async function syncGenrePrompts(db: Db): Promise<number> {
  const stored = new Set((await db.selectFrom("genre_prompts").select("genre").execute()).map((r) => r.genre));
  return insertMissingGenrePrompts(db, GENRES.filter((g) => !stored.has(g)));
}

/**
 * Saves a genre prompt (the whole form, already normalised by genrePromptSchema).
 * Throws 404 GENRE_PROMPT_NOT_FOUND. Output: the stored prompt.
 */
export async function updateGenrePrompt(db: Db, id: string, input: GenrePromptInput): Promise<GenrePromptView> {
  const row = await db
    .updateTable("genre_prompts")
    .set({ ...input, forbidden_topics: JSON.stringify(input.forbidden_topics), updated_at: nowIso() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError("GENRE_PROMPT_NOT_FOUND", 404, "Prompt del genere non trovato.", "Errore");
  return toView(row);
}
