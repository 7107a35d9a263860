/**
 * The narrator's memory kept after each narration (issue 11 §1; ADR 0009), in the background so
 * it never delays a turn: facts found in the narration (offline extraction, then the provider's
 * structured output when there is one) and the recap carried on (recap.ts).
 *
 * Work is queued per game in this process (one game's updates run in order, games in parallel);
 * errors are logged, never thrown. The provider's part asks the spending gate first (issue 36
 * finding 3, policies/spending.ts): once the day's token budget is spent it is skipped (logged),
 * and the facts and the recap are kept offline as without a provider. `memoryIdle()` resolves
 * once everything queued so far is done: tests and benchmarks await it before reading the memory.
 * A process that stops drops what is still queued; the next narration of the game catches up
 * (facts of that narration are lost, the recap is complete again).
 */

import type { Kysely } from "kysely";
import type { GenreName } from "../../../shared/genres";
import { castFor } from "../ai/offline/cast";
import type { Narrator } from "../ai/types";
import type { Database } from "../../platform/db/schema";
import { type KnownName, castNames, factsInNarration } from "./facts";
import { storeFoundFacts } from "./fact-store";
import { type PaidMemory, updateRecap } from "./recap";
import type { Logger } from "../../platform/ops/logger";
import { followUp, type SpendingPass } from "../policies/spending";

type Db = Kysely<Database>;

/** Time the provider's fact extraction may take, ms. */
const EXTRACTION_TIMEOUT_MS = 30_000;

/** The last queued task of each game. */
const queues = new Map<string, Promise<void>>();

/** A stored narration whose memory is to be kept. */
export interface StoredNarration {
  gameId: string;
  genre: GenreName;
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

/**
 * The facts found offline (with the names the game's facts, the players' characters and, offline,
 * the storyteller's cast already know), then the provider's, stored in one transaction once the
 * provider has answered; then the recap.
 */
async function keepMemory(db: Db, narrator: Narrator, narration: StoredNarration, pass: SpendingPass, logger: Logger | undefined): Promise<void> {
  const memory = await paidMemory(narrator, pass, narration.gameId, logger);
  const fromProvider = memory ? await memory.calls.extractFacts(narration.content, AbortSignal.timeout(EXTRACTION_TIMEOUT_MS)).catch(() => []) : [];
  const cast: KnownName[] = narrator.memory ? [] : castNames(castFor(narration.gameId, narration.genre));
  const characters = await groupCharacters(db, narration.gameId);
  await storeFoundFacts(db, narration.gameId, narration.messageId, (stored) => [...factsInNarration(narration.content, [...cast, ...characters, ...stored]), ...fromProvider]);
  await updateRecap(db, narration.gameId, { id: narration.messageId, depth: narration.depth }, narration.contextMemory, memory);
}
