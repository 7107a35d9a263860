/**
 * Admin activity (spec §2 Admin activity, §7 saved_games "select is_template false with joined
 * profile, exact count, ordered by last_played descending, paged by range"): players' games and
 * their chat histories, read by admins only.
 */

import { type Kysely, sql } from "kysely";
import type { AdminChatHistoryView, AdminGameView, Page } from "../../../shared/admin-types";
import type { AdminListQuery } from "../../../shared/schemas/admin";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { currentPath } from "../../story/story-tree";
import { offsetOf } from "./admin-shared";

type Db = Kysely<Database>;

/** Spec §2: full name, else e-mail, else 'Utente Sconosciuto'. */
export function displayName(profile: { first_name: string | null; last_name: string | null; email: string | null }): string {
  const full = [profile.first_name, profile.last_name].map((p) => p?.trim() ?? "").filter(Boolean).join(" ");
  return full || profile.email?.trim() || "Utente Sconosciuto";
}

/**
 * One page of personal games (templates excluded), most recently played first (never-played
 * games last), with the owner's name. Exactly two queries whatever the page size: the page,
 * joined with profiles, and the count. Output: Page<AdminGameView>.
 */
export async function listGames(db: Db, query: AdminListQuery): Promise<Page<AdminGameView>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("saved_games as g")
      .leftJoin("profiles as p", "p.id", "g.user_id")
      .select(["g.id", "g.title", "g.genre", "g.last_played", "p.first_name", "p.last_name", "p.email"])
      .where("g.is_template", "=", 0)
      .orderBy(sql`case when g.last_played is null then 1 else 0 end`)
      .orderBy("g.last_played", "desc")
      .orderBy("g.id")
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize))
      .execute(),
    db
      .selectFrom("saved_games")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("is_template", "=", 0)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, title: r.title, genre: r.genre, userName: displayName(r), lastPlayed: r.last_played })),
    total: Number(count.n),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * 'Storico Chat' of any personal game: the messages of its current path (ADR 0008), oldest first,
 * and how many of its messages lie on other branches (issue 11 §2: the admin sees when other
 * branches exist). Throws 404 GAME_NOT_FOUND for a missing game or a template.
 */
export async function chatHistory(db: Db, gameId: string): Promise<AdminChatHistoryView> {
  const game = await db
    .selectFrom("saved_games")
    .select(["id", "title", "tip_message_id"])
    .where("id", "=", gameId)
    .where("is_template", "=", 0)
    .executeTakeFirst();
  if (!game) throw AppError.of("GAME_NOT_FOUND", 404);
  const [messages, all] = await Promise.all([
    currentPath(db, game.id, game.tip_message_id),
    db.selectFrom("chat_messages").select((eb) => eb.fn.countAll<number>().as("n")).where("game_id", "=", game.id).executeTakeFirstOrThrow(),
  ]);
  return {
    id: game.id,
    title: game.title,
    branches: Number(all.n) - messages.length,
    messages: messages.map((m) => ({ id: m.id, role: m.role, content: m.content, imageUrl: m.image_url, createdAt: m.created_at })),
  };
}
