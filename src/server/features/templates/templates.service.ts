/**
 * Over 350 lines: templates and /crea-gioco share their queries; candidate to split (issue 40 rebuilds scenarios).
 * Story templates (spec §2 Admin templates, Discover list, Template detail; §3 saved_games with
 * is_template = 1, template_likes, user_favorites; §4 Starting from a template, Like and
 * favorite; §7 increment_plays, toggle_like, toggle_favorite). Also /crea-gioco, whose game is
 * built like a template copy (its own configuration, the premise as the narrator's opening).
 *
 * Counters change with single conditional updates (plays = plays + 1) inside transactions that
 * first lock the template row, so parallel clicks never lose or double a count; the unique
 * (user_id, template_id) constraints keep one like and one favourite per user and template.
 */

import { randomUUID } from "node:crypto";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { type GenreName, resolveGenre } from "../../../shared/genres";
import type { KeysetPage } from "../../../shared/admin-types";
import type { CreateCustomGameInput } from "../../../shared/schemas/create-game";
import type { TemplateInput } from "../../../shared/schemas/template";
import { templatePath, templateSlug } from "../../../shared/slug";
import type {
  AdminTemplateView,
  CreatedGameView,
  FavoriteResultView,
  LikeResultView,
  TemplateCardView,
  TemplateDetailView,
  TemplatePageView,
} from "../../../shared/template-types";
import { DEFAULT_PROMPT_BUDGET } from "../../../shared/schemas/memory";
import { nextVersion, staleOrMissing } from "../../platform/admin-edit";
import { nowIso } from "../../platform/clock";
import type { Database, SavedGamesTable } from "../../platform/db/schema";
import { parseStoredTopics } from "../../platform/db/topics";
import { AppError } from "../../platform/errors";
import { type CursorValues, decodeCursor, keysetPage } from "../../platform/keyset-cursor";
import { contains } from "../../platform/db/text-search";
import { parseStoryCards } from "../../domain/memory/cards";
import { insertPlayerGame } from "../../domain/player-games";
import { appendMessage } from "../../domain/story/story-tree";
import { replaceCardMacros } from "../../../shared/card-macros";
import type { Logger } from "../../platform/ops/logger";
import { assertShownAt, listedTemplate, reachableTemplate } from "../../domain/policies/visibility";
import { authorNameOf } from "./scenarios.service";

type Db = Kysely<Database>;
type TemplateRow = Selectable<SavedGamesTable>;

/** Reads content.initial_prompt from the stored JSON ('' when missing or malformed). */
export function initialPromptOf(content: string | null): string {
  if (!content) return "";
  try {
    const value = JSON.parse(content) as { initial_prompt?: unknown };
    return typeof value.initial_prompt === "string" ? value.initial_prompt : "";
  } catch {
    return "";
  }
}

/**
 * A template's openings (issue 40 §1 'Scegli l'inizio'): index 0 is the first message (the
 * scenario's first_message, else content.initial_prompt), then the alternative openings in their
 * stored order. Texts as stored: the card macros are replaced only when the story is played.
 */
function openingsOf(row: Pick<TemplateRow, "content" | "first_message" | "alternate_openings">): string[] {
  return [row.first_message ?? initialPromptOf(row.content), ...parseStoredTopics(row.alternate_openings)];
}

function toCard(row: Pick<TemplateRow, "id" | "title" | "description" | "genre" | "cover_image_url" | "plays" | "likes_count"> & { author?: string | null }): TemplateCardView {
  return {
    id: row.id,
    slug: templateSlug(row.title),
    title: row.title,
    description: row.description ?? "",
    genre: row.genre,
    coverImageUrl: row.cover_image_url,
    plays: Number(row.plays),
    likes: Number(row.likes_count),
    author: row.author ?? null,
  };
}

/** The card's fields (the cover named as in the form) plus the whole configuration. */
function toAdminView(row: TemplateRow): AdminTemplateView {
  const { coverImageUrl, ...card } = toCard(row);
  return {
    ...card,
    cover_image_url: coverImageUrl,
    initial_prompt: initialPromptOf(row.content),
    system_prompt: row.system_prompt,
    response_style: row.response_style ?? "bilanciato",
    story_pacing: row.story_pacing ?? "bilanciato",
    interaction_style: row.interaction_style ?? "guidato",
    temperature: Number(row.temperature ?? 1),
    max_tokens: Number(row.max_tokens ?? 1024),
    context_memory: Number(row.context_memory ?? 10),
    special_instructions: row.special_instructions,
    preferred_vocabulary: row.preferred_vocabulary,
    forbidden_topics: parseStoredTopics(row.forbidden_topics),
    prompt_budget: row.prompt_budget ?? DEFAULT_PROMPT_BUDGET,
    story_cards: parseStoryCards(row.story_cards),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

const CARD_COLUMNS = ["id", "title", "description", "genre", "cover_image_url", "plays", "likes_count"] as const;

type TemplateCursor = CursorValues<readonly ["number", "string", "string"]>;

/** Reads a /scopri cursor [plays, created_at, id]; null when it is malformed (the caller answers 400). */
export function decodeTemplateCursor(value: string): TemplateCursor | null {
  return decodeCursor(value, ["number", "string", "string"] as const);
}

/**
 * Discover list (spec §2 Discover list; §7 select is_template true ordered by plays descending;
 * issue 9: keyset, not offset). Order: plays, then newest, then id, all descending.
 * Input: page size (1–48) and the previous page's cursor (undefined = first page).
 * Output: {items, nextCursor}. Plays only grow, so a card already shown only moves up and is never
 * shown again; a card that overtakes the cursor while the player pages shows at the top on the
 * next visit.
 */
export async function listTemplates(db: Db, options: { limit: number; cursor?: TemplateCursor }): Promise<TemplatePageView> {
  // Issue 23: only templates no moderator restricted, removed or held are listed (policies/visibility.ts).
  let query = db.selectFrom("saved_games").select([...CARD_COLUMNS, "created_at", authorNameOf("saved_games")]).where(listedTemplate("saved_games"));
  if (options.cursor) {
    const [plays, createdAt, id] = options.cursor;
    query = query.where(sql<boolean>`(plays, created_at, id) < (${plays}, ${createdAt}, ${id})`);
  }
  const rows = await query.orderBy("plays", "desc").orderBy("created_at", "desc").orderBy("id", "desc").limit(options.limit + 1).execute();
  return keysetPage(rows, options.limit, toCard, (row) => [Number(row.plays), row.created_at, row.id]);
}

type SavedCursor = CursorValues<readonly ["string", "string"]>;

/** Reads a 'Salvati' cursor [saved_at, favourite id]; null when it is malformed (the caller answers 400). */
export function decodeSavedCursor(value: string): SavedCursor | null {
  return decodeCursor(value, ["string", "string"] as const);
}

/**
 * The caller's saved templates (issue 13 Saved templates: 'Salvati' on /scopri, 'I miei preferiti'
 * on /profilo), newest saved first. Only `userId`'s favourites are read (the user is in the query,
 * never a parameter from the client), and only rows whose template still exists and is still a
 * template. Keyset pages on the favourite's (created_at, id), both descending: a template saved
 * while the player pages goes to the top, one un-saved simply drops out, none repeats.
 * Input: the user, page size (1–48) and the previous page's cursor. Output: {items, nextCursor}.
 */
export async function listSavedTemplates(db: Db, userId: string, options: { limit: number; cursor?: SavedCursor }): Promise<TemplatePageView> {
  let query = db
    .selectFrom("user_favorites as f")
    .innerJoin("saved_games as t", (join) => join.onRef("t.id", "=", "f.template_id").on(reachableTemplate("t")))
    .select(CARD_COLUMNS.map((column) => `t.${column}` as const))
    .select(["f.created_at as saved_at", "f.id as favorite_id", authorNameOf("t")])
    .where("f.user_id", "=", userId);
  if (options.cursor) {
    const [savedAt, favoriteId] = options.cursor;
    query = query.where(sql<boolean>`(f.created_at, f.id) < (${savedAt}, ${favoriteId})`);
  }
  const rows = await query.orderBy("f.created_at", "desc").orderBy("f.id", "desc").limit(options.limit + 1).execute();
  return keysetPage(rows, options.limit, toCard, (row) => [row.saved_at, row.favorite_id]);
}

/**
 * Canonical page paths of every template for the sitemap (issue 12), most played first.
 * Input: limit (≤ 50,000). Output: [{path, lastmod (ISO time of the last change)}].
 */
export async function templatePagePaths(db: Db, limit: number): Promise<{ path: string; lastmod: string }[]> {
  const rows = await db
    .selectFrom("saved_games")
    .select(["id", "title", "updated_at"])
    .where(listedTemplate("saved_games"))
    .orderBy("plays", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ path: templatePath(r.id, r.title), lastmod: r.updated_at }));
}

const templateNotFound = () => AppError.of("TEMPLATE_NOT_FOUND", 404);

/**
 * Throws unless `userId` (null: a visitor) may see the template at its page (policies/visibility.ts,
 * issues 23 and 36): 404 TEMPLATE_NOT_FOUND, 410 CONTENT_REMOVED (a moderator removed it), 404
 * CONTENT_UNDER_REVIEW (held by screening). Like, favourite and play answer as the page does.
 */
function assertTemplateShown(db: Db, templateId: string, userId: string | null) {
  return assertShownAt(db, "template", templateId, userId, templateNotFound);
}

/**
 * One template as its page shows it (spec §2 Template detail), with whether `userId` (null for
 * a visitor) likes it and saved it. Throws 404 TEMPLATE_NOT_FOUND ('Template non trovato.'),
 * 410 CONTENT_REMOVED (a moderator removed it), 404 CONTENT_UNDER_REVIEW (held by screening).
 */
export async function getTemplateDetail(db: Db, templateId: string, userId: string | null): Promise<TemplateDetailView> {
  await assertTemplateShown(db, templateId, userId);
  const row = await db
    .selectFrom("saved_games")
    .select([...CARD_COLUMNS, "content", "first_message", "alternate_openings", authorNameOf("saved_games")])
    .where("id", "=", templateId)
    .where("is_template", "=", 1)
    .executeTakeFirst();
  if (!row) throw templateNotFound();
  let liked = false;
  let favorited = false;
  if (userId) {
    const [like, favorite] = await Promise.all([
      db.selectFrom("template_likes").select("id").where("user_id", "=", userId).where("template_id", "=", templateId).executeTakeFirst(),
      db.selectFrom("user_favorites").select("id").where("user_id", "=", userId).where("template_id", "=", templateId).executeTakeFirst(),
    ]);
    liked = Boolean(like);
    favorited = Boolean(favorite);
  }
  return { ...toCard(row), initialPrompt: initialPromptOf(row.content), openings: openingsOf(row), liked, favorited };
}

/**
 * Admin table (spec §7: is_template true ordered by created_at descending; issue 22 §11: keyset
 * pages instead of the first 1,000, and a search). Input: page size, the previous page's cursor
 * [created_at, id] (undefined = first page) and an optional part of the title (case-insensitive).
 * Output: {items, nextCursor}.
 */
export async function listAdminTemplates(
  db: Db,
  options: { limit: number; cursor?: CursorValues<readonly ["string", "string"]>; search?: string },
): Promise<KeysetPage<AdminTemplateView>> {
  // A player's private draft (issue 40 §1) is theirs only: not in the admin table either.
  let query = db.selectFrom("saved_games").selectAll().where("is_template", "=", 1).where("draft", "=", 0);
  if (options.search) query = query.where(contains("title", options.search));
  if (options.cursor) query = query.where(sql<boolean>`(created_at, id) < (${options.cursor[0]}, ${options.cursor[1]})`);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(options.limit + 1).execute();
  return keysetPage(rows, options.limit, toAdminView, (row) => [row.created_at, row.id]);
}

/** The stored columns of a template form (spec §5 save rules already applied by the schema). */
function templateColumns(input: TemplateInput) {
  return {
    title: input.title,
    genre: input.genre,
    description: input.description,
    content: JSON.stringify({ initial_prompt: input.initial_prompt }),
    system_prompt: input.system_prompt,
    temperature: input.temperature,
    max_tokens: input.max_tokens,
    response_style: input.response_style,
    story_pacing: input.story_pacing,
    interaction_style: input.interaction_style,
    context_memory: input.context_memory,
    special_instructions: input.special_instructions,
    preferred_vocabulary: input.preferred_vocabulary,
    forbidden_topics: JSON.stringify(input.forbidden_topics),
    cover_image_url: input.cover_image_url,
    prompt_budget: input.prompt_budget,
    story_cards: input.story_cards.length > 0 ? JSON.stringify(input.story_cards) : null,
  };
}

/**
 * Creates a template (is_template = 1, plays and likes 0). Templates belong to the site, not to
 * the admin who wrote them (user_id null), so removing that account keeps them.
 * Output: the stored template.
 */
export async function createTemplate(db: Db, input: TemplateInput): Promise<AdminTemplateView> {
  const now = nowIso();
  const id = randomUUID();
  await db
    .insertInto("saved_games")
    .values({ id, user_id: null, is_template: 1, ...templateColumns(input), last_played: null, created_at: now, updated_at: now })
    .execute();
  const row = await db.selectFrom("saved_games").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return toAdminView(row);
}

/**
 * Replaces every field of a template as of `version` (issue 22 §9: optimistic concurrency; the
 * row moves to version + 1). Throws 404 TEMPLATE_NOT_FOUND, 409 STALE_EDIT when another admin
 * saved it since. Output: the stored template.
 */
export async function updateTemplate(db: Db, templateId: string, { version, ...input }: TemplateInput & { version: number }): Promise<AdminTemplateView> {
  const result = await db
    .updateTable("saved_games")
    .set({ ...templateColumns(input), updated_at: nowIso(), version: nextVersion })
    .where("id", "=", templateId)
    .where("is_template", "=", 1)
    .where("version", "=", version)
    .executeTakeFirst();
  const row = await db.selectFrom("saved_games").selectAll().where("id", "=", templateId).where("is_template", "=", 1).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) staleOrMissing(Boolean(row), () => AppError.of("TEMPLATE_NOT_FOUND", 404));
  return toAdminView(row!);
}

/**
 * Deletes a template (its likes and favourites go with it; players' copies stay, they are their
 * own games). Output: the deleted cover URL (to remove a stored file). Throws 404 TEMPLATE_NOT_FOUND.
 */
export async function deleteTemplate(db: Db, templateId: string): Promise<{ coverImageUrl: string | null }> {
  const row = await db
    .selectFrom("saved_games")
    .select("cover_image_url")
    .where("id", "=", templateId)
    .where("is_template", "=", 1)
    .executeTakeFirst();
  if (!row) throw AppError.of("TEMPLATE_NOT_FOUND", 404);
  await db.deleteFrom("saved_games").where("id", "=", templateId).where("is_template", "=", 1).execute();
  return { coverImageUrl: row.cover_image_url };
}

/**
 * Locks the template's row for the rest of the transaction (a no-op update takes the row lock on
 * PostgreSQL; SQLite transactions are serialised), so toggles of one template run one at a time,
 * then asks the visibility rule as the template's page does (issue 36 finding 16b: a removed or
 * held template takes no like or favourite, and the transaction changes nothing). A player's
 * private draft takes none either, not even from its author (issue 40 §1: 404 as for an unknown one).
 * Throws 404 TEMPLATE_NOT_FOUND, 410 CONTENT_REMOVED, 404 CONTENT_UNDER_REVIEW.
 */
async function lockTemplate(trx: Transaction<Database>, userId: string, templateId: string): Promise<void> {
  const result = await trx
    .updateTable("saved_games")
    .set({ likes_count: sql<number>`likes_count` })
    .where("id", "=", templateId)
    .where("is_template", "=", 1)
    // Issue 40 §1: a private draft is nobody's to like or save, its author's included.
    .where("draft", "=", 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw templateNotFound();
  await assertTemplateShown(trx, templateId, userId);
}

/**
 * Sets a user's like or favourite row of a (locked) template: to `wanted` when given (idempotent),
 * else to the opposite of its current state. Output: the new state and how the number of rows
 * moved (+1 / -1 only when a row was really inserted or deleted, else 0).
 */
async function setTemplateRelation(
  trx: Transaction<Database>,
  table: "template_likes" | "user_favorites",
  userId: string,
  templateId: string,
  wanted: boolean | undefined,
): Promise<{ on: boolean; delta: -1 | 0 | 1 }> {
  const existing = await trx.selectFrom(table).select("id").where("user_id", "=", userId).where("template_id", "=", templateId).executeTakeFirst();
  const on = wanted ?? !existing;
  if (on && !existing) {
    const inserted = await trx
      .insertInto(table)
      .values({ id: randomUUID(), user_id: userId, template_id: templateId, created_at: nowIso() })
      .onConflict((oc) => oc.columns(["user_id", "template_id"]).doNothing())
      .executeTakeFirst();
    return { on, delta: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? 1 : 0 };
  }
  if (!on && existing) {
    const deleted = await trx.deleteFrom(table).where("user_id", "=", userId).where("template_id", "=", templateId).executeTakeFirst();
    return { on, delta: Number(deleted.numDeletedRows) > 0 ? -1 : 0 };
  }
  return { on, delta: 0 };
}

/**
 * Like toggle (spec §4 Like and favorite, §7 toggle_like → the new like count).
 * Input: the user, the template, and optionally the wanted state (true = like): with it the call
 * is idempotent (a double click sends the same state twice); without it the state flips.
 * Output: {liked, likes}. likes_count moves only when a like row was really inserted or deleted.
 * Throws 404 TEMPLATE_NOT_FOUND, 410 CONTENT_REMOVED, 404 CONTENT_UNDER_REVIEW (as the page).
 */
export async function toggleLike(db: Db, userId: string, templateId: string, wanted?: boolean): Promise<LikeResultView> {
  return db.transaction().execute(async (trx) => {
    await lockTemplate(trx, userId, templateId);
    const { on: liked, delta } = await setTemplateRelation(trx, "template_likes", userId, templateId, wanted);
    if (delta > 0) {
      await trx.updateTable("saved_games").set({ likes_count: sql<number>`likes_count + 1` }).where("id", "=", templateId).execute();
    } else if (delta < 0) {
      await trx
        .updateTable("saved_games")
        .set({ likes_count: sql<number>`case when likes_count > 0 then likes_count - 1 else 0 end` })
        .where("id", "=", templateId)
        .execute();
    }
    const row = await trx.selectFrom("saved_games").select("likes_count").where("id", "=", templateId).executeTakeFirstOrThrow();
    return { liked, likes: Number(row.likes_count) };
  });
}

/**
 * Favourite toggle (spec §4 Like and favorite, §7 toggle_favorite), same rules as toggleLike.
 * Output: {favorited}. Throws 404 TEMPLATE_NOT_FOUND, 410 CONTENT_REMOVED, 404 CONTENT_UNDER_REVIEW.
 */
export async function toggleFavorite(db: Db, userId: string, templateId: string, wanted?: boolean): Promise<FavoriteResultView> {
  return db.transaction().execute(async (trx) => {
    await lockTemplate(trx, userId, templateId);
    const { on: favorited } = await setTemplateRelation(trx, "user_favorites", userId, templateId, wanted);
    return { favorited };
  });
}

/** The genre prompt row of a genre (seeded for all 14). */
async function genrePrompt(db: Db | Transaction<Database>, genre: GenreName) {
  return db.selectFrom("genre_prompts").selectAll().where("genre", "=", genre).executeTakeFirstOrThrow();
}

/** Inserts the opening as the game's first assistant message (the root of its story tree, ADR 0008); a failure is only logged (spec §4 step 3). */
async function insertOpening(db: Db, gameId: string, userId: string, opening: string, logger: Logger): Promise<void> {
  if (!opening.trim()) return;
  try {
    await db
      .transaction()
      .execute((trx) => appendMessage(trx, { game_id: gameId, user_id: userId, role: "assistant", content: opening.trim(), image_url: null, created_at: nowIso() }, { parentId: null }));
  } catch (error) {
    logger.error({ err: error, gameId }, "Messaggio iniziale non salvato");
  }
}

/** The name a card's {{user}} becomes: the player's nickname, else their account name, else 'Giocatore'. */
async function playerName(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.id", "user.id")
    .select(["profiles.nickname", "user.name"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  return row?.nickname?.trim() || row?.name?.trim() || "Giocatore";
}

/**
 * Starting from a template (spec §4): 1. plays + 1 (atomic), 2. the player's copy (is_template 0,
 * progress 0) carrying the template's whole AI configuration, title, description, content and
 * cover, its story cards and prompt budget (issue 11 §1), 3. the opening as the first assistant message: the one the
 * player chose, `opening` (issue 40 §1: 0, the default, is the scenario's first_message when it
 * has one, else the initial prompt; 1..n its alternative openings), a card's {{user}}/{{char}}
 * replaced (issue 40 §3), 4. the caller opens the game.
 * A template without its own system prompt gets the genre prompt plus the story's title and
 * description, so the copy always narrates with its own configuration.
 * Output: {id, genre} of the copy. Throws 404 TEMPLATE_NOT_FOUND, 410 CONTENT_REMOVED, 404
 * CONTENT_UNDER_REVIEW (as the template's page), 400 OPENING_NOT_FOUND for an index past the
 * template's openings; in every case nothing is counted or copied.
 */
export async function playTemplate(db: Db, userId: string, templateId: string, logger: Logger, opening = 0): Promise<CreatedGameView> {
  const gameId = randomUUID();
  const { genre, text } = await db.transaction().execute(async (trx) => {
    const bumped = await trx
      .updateTable("saved_games")
      .set({ plays: sql<number>`plays + 1` })
      .where("id", "=", templateId)
      .where("is_template", "=", 1)
      .executeTakeFirst();
    if (Number(bumped.numUpdatedRows) === 0) throw templateNotFound();
    await assertTemplateShown(trx, templateId, userId);
    const t = await trx.selectFrom("saved_games").selectAll().where("id", "=", templateId).executeTakeFirstOrThrow();
    const chosen = openingsOf(t)[opening];
    // Thrown inside the transaction: the play counted above is rolled back with it.
    if (chosen === undefined) throw AppError.of("OPENING_NOT_FOUND", 400);
    const genre = resolveGenre(t.genre);
    // Issue 40 §3: a card's {{user}} and {{char}} become the player's nickname and the character's name.
    const names = { user: await playerName(trx, userId), char: t.title };
    const played = (text: string | null) => (text === null ? null : replaceCardMacros(text, names));
    let systemPrompt = t.system_prompt?.trim() || null;
    if (!systemPrompt) {
      const base = await genrePrompt(trx, genre);
      systemPrompt = `${base.system_prompt}\n\nLa storia si intitola «${t.title}». ${t.description ?? ""}`.trim();
    }
    await insertPlayerGame(
      trx,
      userId,
      {
        title: t.title,
        genre,
        description: played(t.description),
        content: t.content,
        system_prompt: played(systemPrompt),
        temperature: t.temperature,
        max_tokens: t.max_tokens,
        response_style: t.response_style,
        story_pacing: t.story_pacing,
        interaction_style: t.interaction_style,
        context_memory: t.context_memory,
        special_instructions: played(t.special_instructions),
        preferred_vocabulary: t.preferred_vocabulary,
        forbidden_topics: t.forbidden_topics,
        cover_image_url: t.cover_image_url,
        // Issue 11 §1: the game keeps its own copy of the world's cards and the budget.
        story_cards: t.story_cards && JSON.stringify(parseStoryCards(t.story_cards).map((card) => ({ ...card, text: replaceCardMacros(card.text, names) }))),
        prompt_budget: t.prompt_budget,
        // Issue 13: the shared story's page invites its readers to play this template.
        template_id: templateId,
      },
      gameId,
    );
    // A scenario's opening is one of its stored texts (issue 40 §1 and §3), never a model call;
    // an admin template's initial prompt (no first message) is no card and keeps its text.
    return { genre, text: t.first_message !== null || opening > 0 ? replaceCardMacros(chosen, names) : chosen };
  });
  await insertOpening(db, gameId, userId, text, logger);
  return { id: gameId, genre };
}

/**
 * /crea-gioco: the player's own game. Its configuration is the genre prompt's, with the chosen
 * styles instead of the genre's when given and the premise added to the system prompt; the
 * premise is also the narrator's opening (first assistant message).
 * Output: {id, genre} of the new game.
 */
export async function createCustomGame(db: Db, userId: string, input: CreateCustomGameInput, logger: Logger): Promise<CreatedGameView> {
  const genre = resolveGenre(input.genre);
  const base = await genrePrompt(db, genre);
  const id = await insertPlayerGame(db, userId, {
    title: input.title,
    genre,
    description: input.premise,
    content: JSON.stringify({ initial_prompt: input.premise }),
    system_prompt: `${base.system_prompt}\n\nLa storia si intitola «${input.title}». Premessa, già raccontata al giocatore: ${input.premise}`,
    temperature: Number(base.temperature),
    max_tokens: base.max_tokens,
    response_style: input.response_style ?? base.response_style,
    story_pacing: input.story_pacing ?? base.story_pacing,
    interaction_style: input.interaction_style ?? base.interaction_style,
    context_memory: base.context_memory,
    special_instructions: base.special_instructions,
    preferred_vocabulary: base.preferred_vocabulary,
    forbidden_topics: base.forbidden_topics,
    prompt_budget: base.prompt_budget,
  });
  await insertOpening(db, id, userId, input.premise, logger);
  return { id, genre };
}
