/**
 * Personal games (spec §3 saved_games, chat_messages; §4 Game). Authorisation lives in the
 * queries: every read and write filters on the owner, so another user's id is simply not found.
 */

import type { Kysely, Selectable } from "kysely";
import type { GameView, MessageImageView, MessageView } from "../../../shared/api-types";
import type { GenreName } from "../../../shared/genres";
import { resolveGenre } from "../../../shared/genres";
import type { NarratorConfig } from "../../ai/prompt";
import type { ChatMessagesTable, Database, SavedGamesTable } from "../../db/schema";
import { parseStoredTopics } from "../../db/topics";
import { AppError } from "../../errors";
import { insertPlayerGame } from "../../player-games";

type Db = Kysely<Database>;

export type OwnedGame = Pick<
  Selectable<SavedGamesTable>,
  | "id" | "title" | "genre" | "progress" | "last_played" | "system_prompt" | "temperature" | "max_tokens"
  | "response_style" | "story_pacing" | "interaction_style" | "context_memory" | "special_instructions"
  | "preferred_vocabulary" | "forbidden_topics"
>;

/**
 * Default title (spec §3): 'Nuova Avventura {genre} #{last 4 digits of the timestamp}'.
 */
export function defaultGameTitle(genre: GenreName, at: number = Date.now()): string {
  return `Nuova Avventura ${genre} #${String(at).slice(-4)}`;
}

/** Creates a personal game (progress 0) for the user. Output: the game id. */
export async function createGame(db: Db, userId: string, genre: GenreName): Promise<string> {
  return insertPlayerGame(db, userId, { title: defaultGameTitle(genre), genre });
}

/**
 * Loads one of the user's own games (never a template, never someone else's).
 * Throws 404 GAME_NOT_FOUND ('Partita non trovata o non autorizzata.') otherwise.
 */
export async function findOwnedGame(db: Db, userId: string, gameId: string): Promise<OwnedGame> {
  const game = await db
    .selectFrom("saved_games")
    .select([
      "id", "title", "genre", "progress", "last_played", "system_prompt", "temperature", "max_tokens",
      "response_style", "story_pacing", "interaction_style", "context_memory", "special_instructions",
      "preferred_vocabulary", "forbidden_topics",
    ])
    .where("id", "=", gameId)
    .where("user_id", "=", userId)
    .where("is_template", "=", 0)
    .executeTakeFirst();
  if (!game) throw AppError.of("GAME_NOT_FOUND", 404);
  return game;
}

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

export function toMessageView(m: Pick<ChatMessagesTable, "id" | "role" | "content" | "image_url" | "created_at">): MessageView {
  return { id: m.id, role: m.role, content: m.content, imageUrl: m.image_url, createdAt: m.created_at };
}

/** The whole game as the player sees it: metadata and every message, oldest first. */
export async function getGameView(db: Db, userId: string, gameId: string): Promise<GameView> {
  const game = await findOwnedGame(db, userId, gameId);
  const messages = await db
    .selectFrom("chat_messages")
    .select(["id", "role", "content", "image_url", "created_at"])
    .where("game_id", "=", game.id)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  const images = await imagesOf(db, messages.map((m) => m.image_url).filter((url): url is string => url !== null));
  return {
    id: game.id,
    title: game.title,
    genre: resolveGenre(game.genre),
    progress: game.progress,
    started: messages.some((m) => m.role === "user"),
    lastPlayed: game.last_played,
    messages: messages.map((m) => ({ ...toMessageView(m), ...(m.image_url ? { image: images.get(m.image_url) ?? null } : {}) })),
  };
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
    .select(["g.id", "g.image_url", "g.slug", "g.offline", "p.nickname"])
    .where("g.image_url", "in", urls)
    .execute();
  return new Map(rows.map((r) => [r.image_url, { id: r.id, slug: r.slug, creator: r.nickname ?? null, offline: r.offline === 1 }]));
}

/**
 * The narrator configuration of a game: its own copy when it has one (template or custom game),
 * otherwise the current genre prompt, so an admin's edit applies to the next turn.
 */
export async function narratorConfigFor(db: Db, game: OwnedGame): Promise<NarratorConfig> {
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
    };
  }
  const row = await db
    .selectFrom("genre_prompts")
    .selectAll()
    .where("genre", "=", resolveGenre(game.genre))
    .executeTakeFirstOrThrow();
  return { ...row, temperature: Number(row.temperature), forbidden_topics: parseStoredTopics(row.forbidden_topics) };
}
