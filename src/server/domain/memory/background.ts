/**
 * The narrator's memory kept after each narration (issue 11 §1; ADR 0009), in the background so
 * it never delays a turn: facts found in the narration and the recap carried on (recap.ts).
 * Facts (issue 38 §2), never guessed from the text: with a provider, the model's structured output
 * (entities named as the game's facts already name them, a card updated when its entity comes
 * back; an answer that is no valid JSON gives none); offline, the known names the narration
 * mentions (the storyteller's cast and places, the stored facts: memory/facts.ts); in both, the
 * group players' characters the narration names.
 *
 * Work is queued per game in this process (one game's updates run in order, games in parallel);
 * errors are logged, never thrown. The provider's part asks the spending gate first (issue 36
 * finding 3, policies/spending.ts): once the day's token budget is spent it is skipped (logged),
 * and the facts (known names only) and the recap are kept offline as without a provider. `memoryIdle()` resolves
 * once everything queued so far is done: tests and benchmarks await it before reading the memory.
 * A process that stops drops what is still queued; the next narration of the game catches up
 * (facts of that narration are lost, the recap is complete again).
 */

import type { Kysely } from "kysely";
import type { GenreName } from "../../../shared/genres";
import { castFor } from "../ai/offline/cast";
import type { Narrator } from "../ai/types";
import type { Database } from "../../platform/db/schema";
import { type FoundFact, type KnownName, castNames, mentionedFacts } from "./facts";
import { storeFoundFacts } from "./fact-store";
import { type PaidMemory, updateRecap } from "./recap";
import type { Logger } from "../../platform/ops/logger";
import { followUp, type SpendingPass } from "../policies/spending";
import { MAX_KNOWN_NAMES } from "../ai/provider-memory";

type Db = Kysely<Database>;

/** Time the provider's fact extraction may take, ms. */
const EXTRACTION_TIMEOUT_MS = 30_000;

/** The last queued task of each game. */
const queues = new Map<string, Promise<void>>();

/** A stored narration whose memory is to be kept. */
export interface StoredNarration {
  gameId: string;
  genre: GenreName;
  /** The story's premise (a custom game's or template's opening): offline, the people it names are the cast (issue 38 §3). */
  premise?: string;
  /** The narration's id: the source of its facts and the end of the path the recap follows. */
  messageId: string;
  /** The narration's depth in the story tree (ADR 0008). */
  depth: number;
  content: string;
  contextMemory: number;
}

/**
 * Queues the memory work of a narration and returns at once. Input: the database, the narrator
 * (its `memory` when it has a provider; offline, the storyteller's cast is known), the narration
 * and the pass of the turn that wrote it (the provider's memory calls follow from it). Errors, and
 * provider calls skipped for the budget, are reported to `logger` (default: none).
 */
export function rememberNarration(db: Db, narrator: Narrator, narration: StoredNarration, pass: SpendingPass, logger?: Logger): void {
  const previous = queues.get(narration.gameId) ?? Promise.resolve();
  const next = previous
    .then(() => keepMemory(db, narrator, narration, pass, logger))
    .catch((error: unknown) => logger?.error({ err: error, gameId: narration.gameId }, "Memoria del narratore non aggiornata"))
    .finally(() => {
      if (queues.get(narration.gameId) === next) queues.delete(narration.gameId);
    });
  queues.set(narration.gameId, next);
}

/** Resolves when the memory work queued so far (and what it queues) is done. */
export async function memoryIdle(): Promise<void> {
  while (queues.size > 0) await Promise.all([...queues.values()]);
}

/**
 * The characters of a group story's players (issue 24: the memory keeps facts per character),
 * each a 'personaggio' the narrations' sentences are kept about; none for a solo story.
 */
async function groupCharacters(db: Db, gameId: string): Promise<KnownName[]> {
  const rows = await db.selectFrom("game_players").select("character_name").where("game_id", "=", gameId).execute();
  return rows.map((row) => ({ title: row.character_name, kind: "personaggio" }));
}

/**
 * The provider's memory when it has one and the spending gate admits its calls now; else
 * undefined (offline memory), logged when the budget is what stops it.
 */
async function paidMemory(narrator: Narrator, pass: SpendingPass, gameId: string, logger: Logger | undefined): Promise<PaidMemory | undefined> {
  if (!narrator.memory) return undefined;
  const memoryPass = await followUp(pass, "memory");
  if (memoryPass) return { calls: narrator.memory, pass: memoryPass };
  logger?.info({ gameId }, "Memoria del narratore senza fornitore: budget AI di oggi esaurito");
  return undefined;
}

/** The titles of the game's facts, most recently updated first (the names sent to the model). */
async function knownTitles(db: Db, gameId: string): Promise<string[]> {
  const rows = await db.selectFrom("story_facts").select("title").where("game_id", "=", gameId).orderBy("updated_at", "desc").orderBy("id").limit(MAX_KNOWN_NAMES).execute();
  return rows.map((row) => row.title);
}

/**
 * The narration's facts, stored in one transaction (fact-store.ts), then the recap. Always the
 * players' characters the narration names (issue 24). With the provider's memory, the model's
 * facts (the characters and the game's facts sent as known names); a failed or invalid answer
 * gives none (logged). Without it, also the game's facts and, for the offline storyteller, its
 * cast, when the narration names them.
 */
async function keepMemory(db: Db, narrator: Narrator, narration: StoredNarration, pass: SpendingPass, logger: Logger | undefined): Promise<void> {
  const { gameId, content } = narration;
  const memory = await paidMemory(narrator, pass, gameId, logger);
  const characters = await groupCharacters(db, gameId);
  let fromModel: readonly FoundFact[] = [];
  if (memory) {
    const known = [...new Set([...characters.map((c) => c.title), ...(await knownTitles(db, gameId))])];
    fromModel = await memory.calls.extractFacts(content, known, AbortSignal.timeout(EXTRACTION_TIMEOUT_MS)).catch((error: unknown) => {
      // The error's kind only: a parse error quotes the model's text (issue 20 §2 logging rules).
      logger?.warn({ gameId, failure: error instanceof Error ? error.name : typeof error }, "Ricordi del fornitore non letti: nessun ricordo da questa narrazione");
      return [];
    });
  }
  const cast: KnownName[] = narrator.memory ? [] : castNames(castFor(gameId, narration.genre, narration.premise));
  await storeFoundFacts(db, gameId, narration.messageId, (stored) => [...mentionedFacts(content, memory ? characters : [...cast, ...characters, ...stored]), ...fromModel]);
  await updateRecap(db, narration.gameId, { id: narration.messageId, depth: narration.depth }, narration.contextMemory, memory);
}
