/**
 * Scenarios by players (issue 40 §1): a player's premise becomes a private draft template
 * (saved_games with is_template = 1, draft = 1, user_id = the author), which its author publishes
 * (screened like any template, issue 23) or anyone remixes from a published one (a new draft with
 * remix_of). Who may see a draft is owned by policies/visibility.ts (its author only); this file
 * only writes them and reads the credits a scenario's page shows.
 */

import { randomUUID } from "node:crypto";
import { type Insertable, type Kysely, sql } from "kysely";
import { resolveGenre } from "../../../shared/genres";
import { SCENARIO_LIMITS, type ScenarioInput } from "../../../shared/schemas/scenario";
import { templatePath } from "../../../shared/slug";
import type { ScenarioCreditsView, ScenarioEditView, ScenarioMineView } from "../../../shared/template-types";
import { DEFAULT_PROMPT_BUDGET } from "../../../shared/schemas/memory";
import { nowIso } from "../../platform/clock";
import { parseStoredTopics } from "../../platform/db/topics";
import type { Database, SavedGamesTable } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { assertShownAt, reachableTemplate } from "../../domain/policies/visibility";
import { parseStoryCards } from "../../domain/memory/cards";

type Db = Kysely<Database>;

/** 'Storie.ai': the author shown for the site's starter scenarios (issue 40 §4). */
export const SITE_AUTHOR = "Storie.ai";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Throws 429 SCENARIO_DRAFT_LIMIT when `userId` already created SCENARIO_LIMITS.draftsPerDay
 * scenarios (drafts and remixes, published since or not) in the last 24 hours.
 */
async function assertDraftAllowance(db: Db, userId: string): Promise<void> {
  const since = new Date(Date.now() - DAY_MS).toISOString();
  const row = await db
    .selectFrom("saved_games")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("is_template", "=", 1)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= SCENARIO_LIMITS.draftsPerDay) throw AppError.of("SCENARIO_DRAFT_LIMIT", 429);
}

/** The narrator's instructions of a scenario: its genre's prompt, the title, the description. */
async function narratorPrompt(db: Db, genre: string, title: string, description: string): Promise<string> {
  const base = await db.selectFrom("genre_prompts").select("system_prompt").where("genre", "=", resolveGenre(genre)).executeTakeFirstOrThrow();
  return `${base.system_prompt}\n\nLa storia si intitola «${title}». ${description}`.trim();
}

/** A new draft's columns that depend on where it comes from (the form, a card, a remix); the rest is the author's and the moment's. */
export type DraftColumns = Omit<Insertable<SavedGamesTable>, "id" | "user_id" | "is_template" | "draft" | "created_at" | "updated_at" | "last_played">;

/**
 * The one way a player's private draft scenario is made (issue 40 §1: 'Pubblica come scenario',
 * a remix, an imported card, §3): checks the drafts-per-day allowance first, then resolves the
 * cover (a callback, so that no file is stored for a refused draft) and inserts the row
 * (is_template = 1, draft = 1, user_id = the author).
 * Input: database, the author, the columns, optionally the cover to store (→ its URL or null).
 * Output: {id}. Throws 429 SCENARIO_DRAFT_LIMIT past SCENARIO_LIMITS.draftsPerDay.
 */
export async function saveDraft(db: Db, userId: string, columns: DraftColumns, cover?: () => Promise<string | null>): Promise<{ id: string }> {
  await assertDraftAllowance(db, userId);
  const id = randomUUID();
  const now = nowIso();
  const coverUrl = cover ? await cover() : columns.cover_image_url;
  await db
    .insertInto("saved_games")
    .values({ ...columns, cover_image_url: coverUrl ?? null, id, user_id: userId, is_template: 1, draft: 1, created_at: now, updated_at: now, last_played: null })
    .execute();
  return { id };
}

/**
 * Creates a player's private draft scenario (issue 40 §1 'Pubblica come scenario'): the form's
 * texts, the opening as content.initial_prompt and first_message, the alternative openings as
 * JSON, the world cards as story_cards, the genre's AI settings.
 * Input: database, the author, the validated form. Output: {id}.
 * Throws 429 SCENARIO_DRAFT_LIMIT (drafts per day).
 */
export async function createScenarioDraft(db: Db, userId: string, input: ScenarioInput): Promise<{ id: string }> {
  const genre = resolveGenre(input.genre);
  const base = await db.selectFrom("genre_prompts").selectAll().where("genre", "=", genre).executeTakeFirstOrThrow();
  return saveDraft(db, userId, {
    title: input.title,
    genre,
    description: input.description,
    content: JSON.stringify({ initial_prompt: input.first_message }),
    first_message: input.first_message,
    alternate_openings: input.alternate_openings.length > 0 ? JSON.stringify(input.alternate_openings) : null,
    system_prompt: await narratorPrompt(db, genre, input.title, input.description),
    temperature: Number(base.temperature),
    max_tokens: base.max_tokens,
    response_style: base.response_style,
    story_pacing: base.story_pacing,
    interaction_style: base.interaction_style,
    context_memory: base.context_memory,
    special_instructions: base.special_instructions,
    preferred_vocabulary: base.preferred_vocabulary,
    forbidden_topics: base.forbidden_topics,
    cover_image_url: input.cover_image_url,
    prompt_budget: base.prompt_budget ?? DEFAULT_PROMPT_BUDGET,
    story_cards: input.story_cards.length > 0 ? JSON.stringify(input.story_cards) : null,
  });
}

/** The caller's own draft (author in the query). Output: its texts to screen. Throws 404 SCENARIO_NOT_FOUND, 409 SCENARIO_NOT_DRAFT. */
export async function ownDraft(db: Db, userId: string, id: string): Promise<{ id: string; title: string; texts: string[] }> {
  const row = await ownDraftRow(db, userId, id);
  const openings = parseStoredTopics(row.alternate_openings);
  const cards = row.story_cards ? (JSON.parse(row.story_cards) as { title: string; text: string }[]).map((card) => `${card.title}: ${card.text}`) : [];
  return { id: row.id, title: row.title, texts: [row.title, row.description ?? "", row.first_message ?? "", ...openings, ...cards] };
}

/**
 * Marks the caller's draft published (draft = 0, inside the publishing transaction: the caller
 * then holds it when screening flagged it). Output: whether a row changed (false: published meanwhile).
 */
export async function markPublished(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable("saved_games")
    .set({ draft: 0, updated_at: nowIso() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("is_template", "=", 1)
    .where("draft", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Remix (issue 40 §1): copies a published scenario the caller may see (visible or restricted;
 * not held, removed or a draft) into a new draft of theirs with remix_of = the original.
 * Output: {id} of the copy. Throws 404 TEMPLATE_NOT_FOUND / CONTENT_UNDER_REVIEW, 410
 * CONTENT_REMOVED (as the page), 409 SCENARIO_NOT_REMIXABLE (the caller's own draft), 429
 * SCENARIO_DRAFT_LIMIT.
 */
export async function remixScenario(db: Db, userId: string, templateId: string): Promise<{ id: string }> {
  await assertShownAt(db, "template", templateId, userId, () => AppError.of("TEMPLATE_NOT_FOUND", 404));
  const original = await db.selectFrom("saved_games as t").selectAll().where("t.id", "=", templateId).where(reachableTemplate("t")).executeTakeFirst();
  if (!original) throw AppError.of("SCENARIO_NOT_REMIXABLE", 409);
  const { id: _id, user_id: _author, is_template: _kind, draft: _draft, created_at: _created, updated_at: _updated, last_played: _played, plays: _plays, likes_count: _likes, version: _version, moderation_state: _state, ...columns } = original;
  return saveDraft(db, userId, { ...columns, starter: 0, remix_of: templateId, template_id: null });
}

/** Nickname of the account `column` names (null: none or not set), as a selection. */
const nicknameOf = (column: string) => sql<string | null>`(select p.nickname from profiles as p where p.id = ${sql.ref(column)})`;

/** A template's author as cards show it (alias of saved_games): 'Storie.ai' for a starter, else its player's nickname (null: none). */
export function authorNameOf(alias: string) {
  return sql<string | null>`(case when ${sql.ref(`${alias}.starter`)} = 1 then ${SITE_AUTHOR} else ${nicknameOf(`${alias}.user_id`)} end)`.as("author");
}

/**
 * What a scenario's page shows about its origin (issue 40 §1): the author ('Storie.ai' for a
 * starter; the nickname for a player's; null for the site's other templates), whether it is a
 * draft (only its author gets here), the original it remixes ('Basato su «Titolo» di Autore',
 * with a link when the original is still reachable) and how many remixes it has.
 * Input: an id the visibility rule already admitted. Output: ScenarioCreditsView.
 */
export async function scenarioCredits(db: Db, templateId: string): Promise<ScenarioCreditsView> {
  const row = await db
    .selectFrom("saved_games as t")
    .select(["t.starter", "t.draft", "t.remix_of", nicknameOf("t.user_id").as("nickname")])
    .select((eb) => eb.selectFrom("saved_games as r").select(eb.fn.countAll<number>().as("n")).whereRef("r.remix_of", "=", "t.id").as("remixes"))
    .where("t.id", "=", templateId)
    .executeTakeFirst();
  if (!row) return { author: null, starter: false, draft: false, remixOf: null, remixes: 0 };
  let remixOf: ScenarioCreditsView["remixOf"] = null;
  if (row.remix_of) {
    const original = await db
      .selectFrom("saved_games as o")
      .select(["o.id", "o.title", "o.starter", nicknameOf("o.user_id").as("nickname"), reachableTemplate("o").as("reachable")])
      .where("o.id", "=", row.remix_of)
      .executeTakeFirst();
    if (original) {
      const reachable = Boolean(original.reachable);
      remixOf = { title: original.title, author: Number(original.starter) === 1 ? SITE_AUTHOR : original.nickname, path: reachable ? templatePath(original.id, original.title) : null };
    }
  }
  return {
    author: Number(row.starter) === 1 ? SITE_AUTHOR : row.nickname,
    starter: Number(row.starter) === 1,
    draft: Number(row.draft) === 1,
    remixOf,
    remixes: Number(row.remixes ?? 0),
  };
}

/** The caller's scenarios (drafts and published), newest first, at most 100. */
export async function listMyScenarios(db: Db, userId: string): Promise<ScenarioMineView[]> {
  const rows = await db
    .selectFrom("saved_games")
    .select(["id", "title", "genre", "draft", "moderation_state", "plays", "created_at"])
    .where("user_id", "=", userId)
    .where("is_template", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    genre: r.genre,
    path: templatePath(r.id, r.title),
    draft: Number(r.draft) === 1,
    state: r.moderation_state,
    plays: Number(r.plays),
    createdAt: r.created_at,
  }));
}

/**
 * The row of the caller's own draft scenario: author and kind in the query (user_id = caller,
 * is_template = 1). Throws 404 SCENARIO_NOT_FOUND (no such scenario of the caller), 409
 * SCENARIO_NOT_DRAFT (published).
 */
async function ownDraftRow(db: Db, userId: string, id: string) {
  const row = await db.selectFrom("saved_games").selectAll().where("id", "=", id).where("user_id", "=", userId).where("is_template", "=", 1).executeTakeFirst();
  if (!row) throw AppError.of("SCENARIO_NOT_FOUND", 404);
  if (Number(row.draft) !== 1) throw AppError.of("SCENARIO_NOT_DRAFT", 409);
  return row;
}

/**
 * The caller's own draft as its editor shows it (issue 40 §1 'Modifica bozza'; GET /api/scenarios/:id):
 * the editable fields in the form's shape (ScenarioEditView), the world cards with their defaults.
 * Author and state in the query. Throws 404 SCENARIO_NOT_FOUND (not the caller's draft scenario),
 * 409 SCENARIO_NOT_DRAFT (published).
 */
export async function draftForEdit(db: Db, userId: string, id: string): Promise<ScenarioEditView> {
  const row = await ownDraftRow(db, userId, id);
  return {
    id: row.id,
    title: row.title,
    genre: resolveGenre(row.genre),
    description: row.description ?? "",
    first_message: row.first_message ?? String(storedObject(row.content).initial_prompt ?? ""),
    // A stored JSON string[], read like the forbidden topics.
    alternate_openings: parseStoredTopics(row.alternate_openings),
    story_cards: parseStoryCards(row.story_cards),
    cover_image_url: row.cover_image_url,
  };
}

/** A stored JSON text parsed; null when missing or malformed. */
function storedJson(stored: string | null): unknown {
  if (!stored) return null;
  try {
    return JSON.parse(stored);
  } catch {
    return null;
  }
}

/** A stored JSON object's own keys ({} for anything else). */
function storedObject(stored: string | null): Record<string, unknown> {
  const value = storedJson(stored);
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Saves the author's edit of their draft (issue 40 §1; PUT /api/scenarios/:id): title, genre,
 * description, the opening (first_message and content.initial_prompt), the alternative openings,
 * the world cards, the cover, updated_at. The narrator's instructions follow the new title, genre
 * and description when they are still the ones the site wrote for the draft (a player's premise);
 * instructions of another origin (an imported card's) and raw_card stay as they are.
 * The update names the author and the state (user_id = caller, is_template = 1, draft = 1).
 * Input: database, the author, the draft's id, the validated form. Output: {id, replacedCover}:
 * the previous cover URL when the edit stopped showing it (the caller deletes the file unless
 * another row shows it), else null.
 * Throws 404 SCENARIO_NOT_FOUND (not the caller's draft scenario), 409 SCENARIO_NOT_DRAFT (published).
 */
export async function updateScenarioDraft(db: Db, userId: string, id: string, input: ScenarioInput): Promise<{ id: string; replacedCover: string | null }> {
  return db.transaction().execute(async (trx) => {
    const row = await ownDraftRow(trx, userId, id);
    const genre = resolveGenre(input.genre);
    const siteWritten = row.system_prompt !== null && row.system_prompt === (await narratorPrompt(trx, row.genre, row.title, row.description ?? ""));
    const result = await trx
      .updateTable("saved_games")
      .set({
        title: input.title,
        genre,
        description: input.description,
        first_message: input.first_message,
        content: JSON.stringify({ ...storedObject(row.content), initial_prompt: input.first_message }),
        alternate_openings: input.alternate_openings.length > 0 ? JSON.stringify(input.alternate_openings) : null,
        story_cards: input.story_cards.length > 0 ? JSON.stringify(input.story_cards) : null,
        cover_image_url: input.cover_image_url,
        ...(siteWritten ? { system_prompt: await narratorPrompt(trx, genre, input.title, input.description) } : {}),
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .where("is_template", "=", 1)
      .where("draft", "=", 1)
      .executeTakeFirst();
    // Published between the read and the write.
    if (Number(result.numUpdatedRows) === 0) throw AppError.of("SCENARIO_NOT_DRAFT", 409);
    const replacedCover = row.cover_image_url && row.cover_image_url !== input.cover_image_url ? row.cover_image_url : null;
    return { id, replacedCover };
  });
}
