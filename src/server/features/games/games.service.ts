/**
 * Personal games (spec §3 saved_games, chat_messages; §4 Game). Authorisation lives in the
 * queries: every read and write filters on the owner, so another user's id is simply not found.
 */

import type { Kysely, Selectable } from "kysely";
import { type AlternativesView, type GameView, type MessageImageView, type MessagePageView, type MessageView, STORY_PAGE_SIZE } from "../../../shared/api-types";
import type { GenreName } from "../../../shared/genres";
import { ERASED_PLAYER } from "../../../shared/group-types";
import { DEFAULT_PROMPT_BUDGET } from "../../../shared/schemas/memory";
import { newStoryTitle, resolveGenre } from "../../../shared/genres";
import type { NarratorConfig } from "../../domain/ai/prompt";
import { withStoryStyle } from "../../domain/ai/story-style";
import type { ChatMessagesTable, Database, SavedGamesTable } from "../../platform/db/schema";
import { parseStoredTopics } from "../../platform/db/topics";
import { AppError } from "../../platform/errors";
import { isStorableId } from "../../platform/validation";
import { insertPlayerGame } from "../../domain/player-games";
import { currentPath, latestPlayerMessage } from "../../domain/story/story-tree";
import { liveNarrationOf } from "./narration-runs.service";
import { creatorNickname, publicName } from "../../domain/accounts/public-name";
import { type GameAccess, readableBy } from "../../domain/policies/membership";
import { groupOfGame, messageAuthors } from "./group.service";

type Db = Kysely<Database>;

export type OwnedGame = Pick<
  Selectable<SavedGamesTable>,
  | "id" | "title" | "genre" | "progress" | "last_played" | "system_prompt" | "temperature" | "max_tokens"
  | "response_style" | "story_pacing" | "interaction_style" | "context_memory" | "special_instructions"
  | "preferred_vocabulary" | "forbidden_topics" | "tip_message_id" | "prompt_budget" | "user_id" | "play_mode" | "read_only" | "content"
  | "story_length" | "story_creativity"
>;

/**
 * Default title (spec §3): 'Nuova Avventura {genre} #{last 4 digits of the timestamp}', the
 * genre named once (newStoryTitle).
 */
export function defaultGameTitle(genre: GenreName, at: number = Date.now()): string {
  return `${newStoryTitle(genre)} #${String(at).slice(-4)}`;
}

/** Creates a personal game (progress 0) for the user. Output: the game id. */
export async function createGame(db: Db, userId: string, genre: GenreName): Promise<string> {
  return insertPlayerGame(db, userId, { title: defaultGameTitle(genre), genre });
}

/** The columns of a game that the game's features read. */
const GAME_COLUMNS = [
  "g.id", "g.user_id", "g.title", "g.genre", "g.progress", "g.last_played", "g.system_prompt", "g.temperature", "g.max_tokens",
  "g.response_style", "g.story_pacing", "g.interaction_style", "g.context_memory", "g.special_instructions",
  "g.preferred_vocabulary", "g.forbidden_topics", "g.tip_message_id", "g.prompt_budget", "g.play_mode", "g.read_only", "g.content",
  "g.story_length", "g.story_creativity",
] as const;

/**
 * Loads a game (never a template) for `userId`: one of their own (`access` 'owner', the default:
 * host-only operations) or one they own or are a member of ('member': every read, issue 24).
 * The check is in the query. Throws 404 GAME_NOT_FOUND ('Partita non trovata o non autorizzata.')
 * otherwise.
 */
export async function findOwnedGame(db: Db, userId: string, gameId: string, access: GameAccess = "owner"): Promise<OwnedGame> {
  if (!isStorableId(gameId)) throw AppError.of("GAME_NOT_FOUND", 404);
  const game = await db
    .selectFrom("saved_games as g")
    .select(GAME_COLUMNS)
    .where("g.id", "=", gameId)
    .where(readableBy(userId, access))
    .where("g.is_template", "=", 0)
    .executeTakeFirst();
  if (!game) throw AppError.of("GAME_NOT_FOUND", 404);
  return game;
}

/**
 * A game that `userId` owns or plays in (issue 24, ADR 0019): {@link findOwnedGame} with
 * 'member' access. Throws 404 GAME_NOT_FOUND.
 */
export const findReadableGame = (db: Db, userId: string, gameId: string) => findOwnedGame(db, userId, gameId, "member");

/**
 * Deletes one of the user's own games with its messages (spec §2 Profile 'Elimina'). Templates
 * and other users' games are never touched. Images stay in the gallery (generated_images).
 * Throws 404 GAME_NOT_FOUND ('Partita non trovata o non autorizzata.') otherwise.
 */
export async function deleteOwnedGame(db: Db, userId: string, gameId: string): Promise<void> {
  // The game's messages go with it (chat_messages.game_id cascades).
  const result = await db
    .deleteFrom("saved_games")
    .where("id", "=", gameId)
    .where("user_id", "=", userId)
    .where("is_template", "=", 0)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw AppError.of("GAME_NOT_FOUND", 404);
}

/**
 * A stored message as the API shows it; `edited` only when the row says so (the message was
 * edited in place, issue 11 §2).
 */
export function toMessageView(m: Pick<ChatMessagesTable, "id" | "role" | "content" | "image_url" | "created_at"> & { edited_at?: string | null }): MessageView {
  return { id: m.id, role: m.role, content: m.content, imageUrl: m.image_url, createdAt: m.created_at, ...(m.edited_at ? { edited: true } : {}) };
}

/** A message of one of the user's games, as the story-control operations need it. */
export type GameMessage = Pick<Selectable<ChatMessagesTable>, "id" | "parent_id" | "role" | "content" | "image_url" | "created_at" | "edited_at">;

/**
 * Loads a message of one of the user's own games (any branch, ADR 0008), or of a game they play in
 * (`access` 'member', issue 24); the check is in the query. Throws 404 MESSAGE_NOT_FOUND
 * ('Messaggio non trovato in questa partita.') for a message of another game, of another user's
 * game, or no message at all.
 */
export async function findGameMessage(db: Db, userId: string, gameId: string, messageId: string, access: GameAccess = "owner"): Promise<GameMessage> {
  if (!isStorableId(messageId)) throw AppError.of("MESSAGE_NOT_FOUND", 404);
  const message = await db
    .selectFrom("chat_messages as m")
    .innerJoin("saved_games as g", "g.id", "m.game_id")
    .select(["m.id", "m.parent_id", "m.role", "m.content", "m.image_url", "m.created_at", "m.edited_at"])
    .where("m.id", "=", messageId)
    .where("m.game_id", "=", gameId)
    .where(readableBy(userId, access))
    .where("g.is_template", "=", 0)
    .executeTakeFirst();
  if (!message) throw AppError.of("MESSAGE_NOT_FOUND", 404);
  return message;
}

/**
 * The game as the player opens it: metadata and the latest page of the current path (the
 * branch being played, ADR 0008; at most STORY_PAGE_SIZE messages, oldest first, with the cursor
 * of the page before, issue 11 §5); a narration with other versions carries its ‹ 2/3 ›
 * (`alternatives`), an edited message `edited: true` (issue 11 §2), and the narration being
 * written now, if any (`liveNarration`, issue 11 §4). For the owner or a member; a group story
 * carries its `group` and each player's message its `author` (issue 24).
 * Throws 404 GAME_NOT_FOUND.
 */
export async function getGameView(db: Db, userId: string, gameId: string): Promise<GameView> {
  const game = await findReadableGame(db, userId, gameId);
  const inGroup = game.play_mode !== "solo";
  const [page, liveNarration, group] = await Promise.all([
    storyPage(db, game.id, game.tip_message_id, inGroup),
    liveNarrationOf(db, game.id),
    inGroup ? groupOfGame(db, userId, game.id) : null,
  ]);
  // Started: a player's message on the current path (spec §4), usually in the latest page.
  const started =
    page.messages.some((m) => m.role === "user") || (page.olderCursor !== null && (await latestPlayerMessage(db, game.id, game.tip_message_id)) !== undefined);
  return {
    id: game.id,
    title: game.title,
    genre: resolveGenre(game.genre),
    progress: game.progress,
    started,
    lastPlayed: game.last_played,
    ...page,
    liveNarration,
    group,
    readOnly: game.read_only === 1,
    style: { length: game.story_length, creativity: game.story_creativity },
  };
}

/**
 * GET /api/games/:id/messages?before=<cursor>: the page of the story just before the message
 * `before` (the olderCursor of the page the player already has), issue 11 §5.
 * Input: the owner, the game id and the cursor. Output: {@link MessagePageView}. Throws 404
 * GAME_NOT_FOUND for a game that is not the user's, 404 MESSAGE_NOT_FOUND for a cursor that is
 * not a message of this game.
 */
export async function olderMessages(db: Db, userId: string, gameId: string, before: string): Promise<MessagePageView> {
  const game = await findReadableGame(db, userId, gameId);
  const message = await findGameMessage(db, userId, game.id, before, "member");
  return storyPage(db, game.id, message.parent_id, game.play_mode !== "solo");
}

/**
 * One page of the current path ending at `lastId` (included): up to STORY_PAGE_SIZE messages,
 * oldest first, with their pictures' gallery side and their ‹ 2/3 ›, and in a group story
 * (`inGroup`) each player's message's author (issue 24); a player's message whose account is
 * erased (no user_id) carries ERASED_PLAYER, 'Giocatore eliminato', in any story (issue 36 finding
 * 0: a story the group left to one player is solo again). olderCursor is the first message's id
 * when messages come before it (its depth is above 0), else null.
 */
async function storyPage(db: Db, gameId: string, lastId: string | null, inGroup: boolean): Promise<MessagePageView> {
  const messages = await currentPath(db, gameId, lastId, STORY_PAGE_SIZE);
  const [images, alternatives, authors] = await Promise.all([
    imagesOf(db, messages.map((m) => m.image_url).filter((url): url is string => url !== null)),
    alternativesOf(db, gameId, messages.filter((m) => m.role === "assistant" && m.parent_id !== null).map((m) => m.parent_id!)),
    inGroup ? messageAuthors(db, gameId) : null,
  ]);
  const first = messages[0];
  return {
    olderCursor: first && first.depth > 0 ? first.id : null,
    messages: messages.map((m) => {
      const versions = m.parent_id === null ? undefined : alternatives.get(m.parent_id);
      return {
        ...toMessageView(m),
        ...(m.image_url ? { image: images.get(m.image_url) ?? null } : {}),
        ...(versions?.includes(m.id) ? { alternatives: alternativesView(versions, m.id) } : {}),
        ...(m.role === "user" && (authors || m.user_id === null) ? { author: m.user_id === null ? ERASED_PLAYER : (m.author_id && authors?.get(m.author_id)) || null } : {}),
      };
    }),
  };
}

/**
 * The groups of sibling narrations (assistant messages without a picture that answer the same
 * message, 'Rigenera') under the given parents, in one query. Output: parent id → the
 * narrations' ids ordered by created_at, then id; only parents with two or more narrations.
 */
async function alternativesOf(db: Db, gameId: string, parentIds: string[]): Promise<Map<string, string[]>> {
  if (parentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("chat_messages as n")
    .select(["n.id", "n.parent_id"])
    .where("n.game_id", "=", gameId)
    .where("n.parent_id", "in", parentIds)
    .where("n.role", "=", "assistant")
    .where("n.image_url", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("chat_messages as s")
          .select("s.id")
          .whereRef("s.parent_id", "=", "n.parent_id")
          .whereRef("s.id", "<>", "n.id")
          .where("s.role", "=", "assistant")
          .where("s.image_url", "is", null),
      ),
    )
    .orderBy("n.created_at", "asc")
    .orderBy("n.id", "asc")
    .execute();
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    groups.set(row.parent_id, [...(groups.get(row.parent_id) ?? []), row.id]);
  }
  return groups;
}

/** The ‹ index/count › of narration `id` among its versions `ids` (oldest first). */
function alternativesView(ids: string[], id: string): AlternativesView {
  const position = ids.indexOf(id);
  return { index: position + 1, count: ids.length, previousId: ids[position - 1] ?? null, nextId: ids[position + 1] ?? null };
}

/**
 * Gallery side of a game's image messages (issue 3: 'Creata da {nickname}', link to the image
 * page, offline label). Input: the messages' /media URLs. Output: URL → MessageImageView.
 */
async function imagesOf(db: Db, urls: string[]): Promise<Map<string, MessageImageView>> {
  if (urls.length === 0) return new Map();
  const rows = await db
    .selectFrom("generated_images as g")
    .leftJoin("profiles as p", "p.id", "g.user_id")
    .select(["g.id", "g.image_url", "g.slug", "g.offline", publicName, creatorNickname])
    .where("g.image_url", "in", urls)
    .execute();
  return new Map(rows.map((r) => [r.image_url, { id: r.id, slug: r.slug, creator: r.nickname ?? null, creatorNickname: r.creator_nickname ?? null, offline: r.offline === 1 }]));
}

/**
 * The narrator configuration of a game: its own copy when it has one (template or custom game),
 * otherwise the current genre prompt, so an admin's edit applies to the next turn; with the
 * story's 'Lunghezza' and 'Creatività' applied (issue 38 §4, ai/story-style.ts).
 */
export async function narratorConfigFor(db: Db, game: OwnedGame): Promise<NarratorConfig> {
  return withStoryStyle(await configuredNarrator(db, game), { length: game.story_length, creativity: game.story_creativity });
}

/** The game's own configuration, else its genre prompt's, as stored (no story style). */
async function configuredNarrator(db: Db, game: OwnedGame): Promise<NarratorConfig> {
  if (game.system_prompt) {
    return {
      system_prompt: game.system_prompt,
      temperature: game.temperature ?? 1,
      max_tokens: game.max_tokens ?? 1024,
      response_style: game.response_style,
      story_pacing: game.story_pacing,
      interaction_style: game.interaction_style,
      context_memory: game.context_memory ?? 10,
      special_instructions: game.special_instructions,
      preferred_vocabulary: game.preferred_vocabulary,
      forbidden_topics: parseStoredTopics(game.forbidden_topics),
      prompt_budget: game.prompt_budget ?? DEFAULT_PROMPT_BUDGET,
    };
  }
  const row = await db
    .selectFrom("genre_prompts")
    .selectAll()
    .where("genre", "=", resolveGenre(game.genre))
    .executeTakeFirstOrThrow();
  return { ...row, temperature: Number(row.temperature), forbidden_topics: parseStoredTopics(row.forbidden_topics), prompt_budget: game.prompt_budget ?? row.prompt_budget };
}
