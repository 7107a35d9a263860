/**
 * Genre prompts (spec §2 Admin genre prompts, §3 genre_prompts, §4 Genre card, §7 genre_prompts
 * calls). The narrator reads the stored prompt at every turn (narratorConfigFor in
 * features/games), so a saved prompt applies to the next narrated turn of every game of that genre.
 */

import type { Kysely, Selectable } from "kysely";
import type { GenrePromptsView, GenrePromptView } from "../../../shared/admin-types";
import { GENRES } from "../../../shared/genres";
import type { GenrePromptInput } from "../../../shared/schemas/genre-prompt";
import { nextVersion, staleOrMissing } from "../../platform/admin-edit";
import type { AppDeps } from "../../domain/context";
import { publishToEveryone } from "../../platform/realtime/live-events";
import { nowIso } from "../../platform/clock";
import type { Database, GenrePromptsTable } from "../../platform/db/schema";
import { insertMissingGenrePrompts } from "../../platform/db/reference-data";
import { parseStoredTopics } from "../../platform/db/topics";
import { AppError } from "../../platform/errors";

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

const GENRE_PROMPT_NOT_FOUND = () => new AppError("GENRE_PROMPT_NOT_FOUND", 404, "Prompt del genere non trovato.", "Errore");

/**
 * Saves a genre prompt (the whole form, already normalised by genrePromptSchema) made on
 * `version` (issue 22 §9: optimistic concurrency; the row moves to version + 1).
 * Throws 404 GENRE_PROMPT_NOT_FOUND, 409 STALE_EDIT when another admin saved it since.
 * Output: the stored prompt, and the one it replaced (what the audit entry compares, issue 39).
 */
export async function updateGenrePrompt(
  db: Db,
  id: string,
  { version, ...input }: GenrePromptInput & { version: number },
): Promise<{ prompt: GenrePromptView; before: GenrePromptView }> {
  const before = await db.selectFrom("genre_prompts").selectAll().where("id", "=", id).executeTakeFirst();
  if (!before) throw GENRE_PROMPT_NOT_FOUND();
  const row = await db
    .updateTable("genre_prompts")
    .set({ ...input, forbidden_topics: JSON.stringify(input.forbidden_topics), updated_at: nowIso(), version: nextVersion })
    .where("id", "=", id)
    .where("version", "=", version)
    .returningAll()
    .executeTakeFirst();
  if (row) return { prompt: toView(row), before: toView(before) };
  return staleOrMissing(true, GENRE_PROMPT_NOT_FOUND);
}

/**
 * Tells every open admin page, on every instance (event bus; spec §7 genre_prompts realtime
 * subscription, issue 22 §9), that genre prompts changed: `id` of the saved prompt, or null after
 * a synchronisation. Best effort: a bus failure is logged, never fails the save.
 */
export async function announceGenrePrompts(deps: Pick<AppDeps, "bus" | "logger">, id: string | null): Promise<void> {
  try {
    await publishToEveryone(deps.bus, { type: "genre_prompts.changed", id });
  } catch (error) {
    deps.logger.error({ err: error }, "Evento prompt dei generi non inviato");
  }
}
