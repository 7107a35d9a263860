/**
 * The facts most relevant to the latest exchange (issue 11 §1 'Ricordi'; ADR 0009), by the
 * databases' own full-text search in Italian, no home-made ranking:
 * - SQLite: FTS5 `story_facts_fts MATCH '"w1" OR "w2" …'` ordered by bm25() (tokenizer
 *   unicode61 remove_diacritics 2, migration 0012);
 * - PostgreSQL: `to_tsvector('italian', title || ' ' || text) @@ to_tsquery('italian', 'w1 | w2 …')`
 *   ordered by ts_rank (the expression of the GIN index; Italian stemming and stop words).
 * Pinned facts always come first, whatever the query. A fact found in a narration enters only
 * while that narration is on the current path (ADR 0008: memory follows the branch); the
 * player's facts always do.
 */

import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, StoryFactsTable } from "../../platform/db/schema";
import { isPostgres } from "../../platform/db/dialect";
import { onCurrentPath } from "../story/story-tree";

type Db = Kysely<Database>;

/** Words taken into a search query at most (the latest ones win). */
const MAX_QUERY_WORDS = 48;

/**
 * The search words of some texts: runs of letters of 3 or more, lower-cased, each once, at most
 * MAX_QUERY_WORDS (the last ones). Nothing else reaches the query, so it cannot be malformed.
 */
export function queryWords(texts: readonly string[]): string[] {
  const words = texts.join(" ").toLowerCase().match(/\p{L}{3,}/gu) ?? [];
  return [...new Set(words.reverse())].slice(0, MAX_QUERY_WORDS).reverse();
}

/**
 * The facts of a game for the next prompt, most relevant first: the pinned ones, then up to
 * `limit` unpinned ones matching any word of `texts` (the player's message and the latest
 * narration), best full-text rank first; only facts of the path ending at `tipId`.
 * Input: the game, the path's last message, the texts, the limit, and ids the caller already
 * read on that path (the prompt's recent window: the path is walked only for the other sources).
 * Output: the fact rows (pinned first).
 */
export async function relevantFacts(
  db: Db,
  gameId: string,
  tipId: string | null,
  texts: readonly string[],
  limit: number,
  knownOnPath: ReadonlySet<string> = new Set(),
): Promise<Selectable<StoryFactsTable>[]> {
  const pinned = await db.selectFrom("story_facts").selectAll().where("game_id", "=", gameId).where("pinned", "=", 1).orderBy("updated_at", "desc").execute();
  const words = queryWords(texts);
  const matched = words.length === 0 || limit <= 0 ? [] : isPostgres(db) ? await searchPostgres(db, gameId, words, limit) : await searchSqlite(db, gameId, words, limit);
  const facts = [...pinned, ...matched];
  const sources = [...new Set(facts.map((f) => f.source_message_id).filter((id): id is string => id !== null && !knownOnPath.has(id)))];
  const onPath = await onCurrentPath(db, gameId, tipId, sources);
  return facts.filter((f) => f.source_message_id === null || knownOnPath.has(f.source_message_id) || onPath.has(f.source_message_id));
}

/** SQLite FTS5: OR of quoted words, ranked by bm25 (smaller is better). */
async function searchSqlite(db: Db, gameId: string, words: string[], limit: number) {
  const match = words.map((w) => `"${w}"`).join(" OR ");
  const { rows } = await sql<Selectable<StoryFactsTable>>`
    select f.* from story_facts_fts
    join story_facts f on f.rowid = story_facts_fts.rowid
    where story_facts_fts match ${match} and f.game_id = ${gameId} and f.pinned = 0
    order by bm25(story_facts_fts) asc, f.updated_at desc
    limit ${limit}`.execute(db);
  return rows;
}

/** PostgreSQL: to_tsquery('italian') of OR-joined words, ranked by ts_rank (larger is better). */
async function searchPostgres(db: Db, gameId: string, words: string[], limit: number) {
  const query = words.join(" | ");
  const { rows } = await sql<Selectable<StoryFactsTable>>`
    select f.* from story_facts f, to_tsquery('italian', ${query}) q
    where f.game_id = ${gameId} and f.pinned = 0
      and to_tsvector('italian', f.title || ' ' || f.text) @@ q
    order by ts_rank(to_tsvector('italian', f.title || ' ' || f.text), q) desc, f.updated_at desc
    limit ${limit}`.execute(db);
  return rows;
}
