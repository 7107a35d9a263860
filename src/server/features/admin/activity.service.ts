/**
 * Admin activity (spec §2 Admin activity, §7 saved_games "select is_template false with joined
 * profile, exact count, ordered by last_played descending, paged by range"): players' games and
 * their chat histories, read by admins only.
 */

import { type Kysely, sql } from "kysely";
import type { AdminChatHistoryView, AdminGameView, Page } from "../../../shared/admin-types";
import type { AdminActivityQuery } from "../../../shared/schemas/admin";
import type { Database } from "../../platform/db/schema";
import { contains } from "../../platform/db/text-search";
import { AppError } from "../../platform/errors";
import { currentPathIdList } from "../../domain/story/story-tree";
import { ERASED_PLAYER } from "../../../shared/group-types";
import { offsetOf } from "./admin-shared";

type Db = Kysely<Database>;

/** The columns displayName reads: the profile joined as `p`, the account as `u` (guests are anonymous accounts). */
const NAME_COLUMNS = ["p.first_name", "p.last_name", "p.email", "p.nickname", "u.isAnonymous"] as const;

interface NameRow {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  isAnonymous: boolean | number | null;
}

/**
 * Spec §2: full name, else e-mail, else 'Ospite' for a guest account (issue 39: never a stranger
 * for a guest's game), else 'Utente Sconosciuto' (no profile left).
 */
export function displayName(profile: NameRow): string {
  const full = [profile.first_name, profile.last_name].map((p) => p?.trim() ?? "").filter(Boolean).join(" ");
  return full || profile.email?.trim() || (profile.isAnonymous ? "Ospite" : "Utente Sconosciuto");
}

/** Who wrote a player's message in 'Storico Chat' (issue 39): their nickname, as the players saw it, else displayName. */
function authorName(row: NameRow & { nickname: string | null }): string {
  return row.nickname?.trim() || displayName(row);
}

/**
 * One page of personal games (templates excluded), most recently played first (never-played
 * games last), with the owner's name; optionally only the games of players whose e-mail or
 * nickname contains `player` (case-insensitive; issue 22 §11). Exactly two queries whatever the
 * page size: the page, joined with profiles, and the count. Output: Page<AdminGameView>.
 */
export async function listGames(db: Db, query: AdminActivityQuery): Promise<Page<AdminGameView>> {
  let games = db
    .selectFrom("saved_games as g")
    .leftJoin("profiles as p", "p.id", "g.user_id")
    .leftJoin("user as u", "u.id", "g.user_id")
    .where("g.is_template", "=", 0);
  const { player } = query;
  if (player) games = games.where((eb) => eb.or([contains("p.email", player), contains("p.nickname", player)]));
  const [rows, count] = await Promise.all([
    games
      .select(["g.id", "g.title", "g.genre", "g.last_played", ...NAME_COLUMNS])
      .orderBy(sql`case when g.last_played is null then 1 else 0 end`)
      .orderBy("g.last_played", "desc")
      .orderBy("g.id")
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize))
      .execute(),
    games.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, title: r.title, genre: r.genre, userName: displayName(r), lastPlayed: r.last_played })),
    total: Number(count.n),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * 'Storico Chat' of any personal game (issue 22 §8: a player must not hide content with 'Annulla'
 * or 'Rigenera'): every message of its story tree (ADR 0008), parents before children (by depth),
 * siblings oldest first, each marked `current` when it lies on the path to the tip, a player's
 * message with who wrote it (issue 39: each player of a group story by name). Two queries:
 * the messages and the current path's ids. Throws 404 GAME_NOT_FOUND for a missing game or a template.
 */
export async function chatHistory(db: Db, gameId: string): Promise<AdminChatHistoryView> {
  const game = await db
    .selectFrom("saved_games")
    .select(["id", "title", "tip_message_id"])
    .where("id", "=", gameId)
    .where("is_template", "=", 0)
    .executeTakeFirst();
  if (!game) throw AppError.of("GAME_NOT_FOUND", 404);
  const [messages, path] = await Promise.all([
    db
      .selectFrom("chat_messages as m")
      // The writer of a player's message: its author in a group story, else its player (null once erased).
      .leftJoin("profiles as p", (join) => join.on("p.id", "=", sql<string>`coalesce(${sql.ref("m.author_id")}, ${sql.ref("m.user_id")})`))
      .leftJoin("user as u", "u.id", "p.id")
      .select(["m.id", "m.parent_id", "m.role", "m.content", "m.image_url", "m.created_at", "m.user_id", ...NAME_COLUMNS])
      .where("m.game_id", "=", game.id)
      .orderBy("m.depth")
      .orderBy("m.created_at")
      .orderBy("m.id")
      .execute(),
    currentPathIdList(db, game.id, game.tip_message_id),
  ]);
  const current = new Set(path);
  return {
    id: game.id,
    title: game.title,
    messages: messages.map((m) => ({
      id: m.id,
      parentId: m.parent_id,
      role: m.role,
      author: m.role === "assistant" ? null : m.user_id === null ? ERASED_PLAYER.nickname : authorName(m),
      content: m.content,
      imageUrl: m.image_url,
      createdAt: m.created_at,
      current: current.has(m.id),
    })),
  };
}
