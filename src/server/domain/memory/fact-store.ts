/**
 * The facts of 'Ricordi' in the database (issue 11 §1, ADR 0009): facts found in narrations
 * (source 'narratore', deduplicated per game by title and updated when seen again) and the
 * player's own (source 'giocatore'), at most MAX_FACTS_PER_GAME per game.
 */

import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { FactView } from "../../../shared/api-types";
import { MAX_FACTS_PER_GAME } from "../../../shared/memory-limits";
import type { factPatchSchema, factSchema } from "../../../shared/schemas/memory";
import type { z } from "zod";
import { nowIso } from "../../platform/clock";
import type { Database, StoryFactsTable } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { type FoundFact, type KnownName, mergedFactText } from "./facts";
import { fold } from "./normalize";

type Db = Kysely<Database>;

/** A stored fact as the API shows it. */
export function toFactView(row: Selectable<StoryFactsTable>): FactView {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    text: row.text,
    pinned: row.pinned === 1,
    source: row.source,
    sourceMessageId: row.source_message_id,
    updatedAt: row.updated_at,
  };
}

/** Every fact of a game: pinned first, then by title. */
export function gameFacts(db: Db, gameId: string): Promise<Selectable<StoryFactsTable>[]> {
  return db.selectFrom("story_facts").selectAll().where("game_id", "=", gameId).orderBy("pinned", "desc").orderBy("title", "asc").orderBy("id", "asc").execute();
}

/**
 * Stores the facts found in a narration (issue 11 §1): a title the game already has (case and
 * accents ignored) gets the new sentences (mergedFactText) and the narration as its source,
 * unless the player wrote that fact (theirs is never overwritten); a new title is added while the
 * game has fewer than MAX_FACTS_PER_GAME facts. The facts are applied in order, as if stored one
 * by one, in one transaction that writes each changed fact once (issue 12 Server).
 * Input: the game, the narration's id (the facts' source) and the facts, or a function giving
 * them from the game's stored facts (their titles and kinds: the names the story already knows).
 * Output: none.
 */
export async function storeFoundFacts(db: Db, gameId: string, messageId: string, found: readonly FoundFact[] | ((known: readonly KnownName[]) => readonly FoundFact[])): Promise<void> {
  if (typeof found !== "function" && found.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("story_facts").select(["id", "title", "kind", "text", "source"]).where("game_id", "=", gameId).execute();
    const facts = typeof found === "function" ? found(existing) : found;
    // Every fact as it will be; `storedText` is its text in the database (null: a new fact).
    const byTitle = new Map(existing.map((f) => [fold(f.title), { ...f, storedText: f.text as string | null, changed: false }]));
    let count = existing.length;
    for (const fact of facts) {
      const key = fold(fact.title);
      const known = byTitle.get(key);
      if (known) {
        if (known.source === "giocatore") continue;
        known.text = mergedFactText(known.text, fact.text);
        known.changed = true;
      } else if (count < MAX_FACTS_PER_GAME) {
        byTitle.set(key, { id: randomUUID(), title: fact.title, kind: fact.kind, text: fact.text, source: "narratore", storedText: null, changed: true });
        count += 1;
      }
    }
    const changed = [...byTitle.values()].filter((f) => f.changed);
    const added = changed.filter((f) => f.storedText === null);
    const now = nowIso();
    if (added.length > 0) {
      const rows = added.map((f) => ({ id: f.id, game_id: gameId, kind: f.kind, title: f.title, text: f.text, pinned: 0, source: "narratore" as const, source_message_id: messageId, created_at: now, updated_at: now }));
      await trx.insertInto("story_facts").values(rows).execute();
    }
    for (const fact of changed) {
      if (fact.storedText === null) continue;
      // The text only when it changed: on SQLite an update of the text re-indexes the fact for
      // full-text search (trigger story_facts_au), and the index grows with every re-index.
      await trx
        .updateTable("story_facts")
        .set({ ...(fact.text === fact.storedText ? {} : { text: fact.text }), source_message_id: messageId, updated_at: now })
        .where("id", "=", fact.id)
        .execute();
    }
  });
}

/**
 * POST /api/games/:id/memory/facts: the player's fact (source 'giocatore'). The caller checked the
 * game's owner. Output: the stored fact. Throws 409 FACT_LIMIT at MAX_FACTS_PER_GAME facts.
 */
export async function addPlayerFact(db: Db, gameId: string, input: z.output<typeof factSchema>): Promise<FactView> {
  const now = nowIso();
  const row = { id: randomUUID(), game_id: gameId, kind: input.kind, title: input.title, text: input.text, pinned: input.pinned ? 1 : 0, source: "giocatore" as const, source_message_id: null, created_at: now, updated_at: now };
  await db.transaction().execute(async (trx) => {
    const { n } = await trx.selectFrom("story_facts").select((eb) => eb.fn.countAll<number>().as("n")).where("game_id", "=", gameId).executeTakeFirstOrThrow();
    if (Number(n) >= MAX_FACTS_PER_GAME) throw AppError.of("FACT_LIMIT", 409);
    await trx.insertInto("story_facts").values(row).execute();
  });
  return toFactView(row);
}

/**
 * PATCH /api/games/:id/memory/facts/:factId: changes the given fields; a fact the player edits
 * becomes theirs (source 'giocatore', later narrations no longer rewrite it). The caller checked
 * the game's owner. Output: the fact. Throws 404 FACT_NOT_FOUND for a fact of another game.
 */
export async function updateFact(db: Db, gameId: string, factId: string, patch: z.output<typeof factPatchSchema>): Promise<FactView> {
  if (factId.includes("\0")) throw AppError.of("FACT_NOT_FOUND", 404);
  const { pinned, ...fields } = patch;
  const contentChanged = fields.kind !== undefined || fields.title !== undefined || fields.text !== undefined;
  const changes = {
    ...fields,
    ...(pinned === undefined ? {} : { pinned: pinned ? 1 : 0 }),
    ...(contentChanged ? { source: "giocatore" as const } : {}),
    updated_at: nowIso(),
  };
  const row = await db.updateTable("story_facts").set(changes).where("id", "=", factId).where("game_id", "=", gameId).returningAll().executeTakeFirst();
  if (!row) throw AppError.of("FACT_NOT_FOUND", 404);
  return toFactView(row);
}

/** DELETE /api/games/:id/memory/facts/:factId. Throws 404 FACT_NOT_FOUND for a fact of another game. */
export async function deleteFact(db: Db, gameId: string, factId: string): Promise<void> {
  // PostgreSQL text cannot hold NUL: such an id is no fact (instead of a refused query).
  if (factId.includes("\0")) throw AppError.of("FACT_NOT_FOUND", 404);
  const result = await db.deleteFrom("story_facts").where("id", "=", factId).where("game_id", "=", gameId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw AppError.of("FACT_NOT_FOUND", 404);
}
