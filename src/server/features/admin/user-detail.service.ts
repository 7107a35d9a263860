/**
 * The admin's user page, /admin/users/{id} (issue 22 §10; spec §7 GET /admin/users/{id}):
 * profile, plan, counters, games, second factors, sessions, orders and the audit entries about
 * the user, read in parallel.
 */

import { type Kysely, sql } from "kysely";
import type { AdminUserDetailView } from "../../../shared/admin-types";
import { romePeriods } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import { toIso } from "./admin-shared";
import { auditAbout } from "./audit.service";
import { listFactors } from "./factors.service";
import { listOrders } from "./orders.service";
import { getUser } from "./users.service";

/** How many games, orders and audit entries the page shows (the newest). */
const SHOWN = 50;

/**
 * Input: the database and the user's id (guests included). Output: AdminUserDetailView.
 * Throws 404 USER_NOT_FOUND.
 */
export async function userDetail(db: Kysely<Database>, userId: string): Promise<AdminUserDetailView> {
  const user = await getUser(db, userId, "all");
  const games = db.selectFrom("saved_games as g").where("g.user_id", "=", userId).where("g.is_template", "=", 0);
  const [profile, tokens, gameRows, gamesTotal, factors, sessions, orders, audit] = await Promise.all([
    db.selectFrom("profiles").select(["first_name", "last_name", "nickname"]).where("id", "=", userId).executeTakeFirst(),
    db.selectFrom("user_tokens").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    games
      .select((eb) => [
        "g.id",
        "g.title",
        "g.genre",
        "g.last_played",
        eb.selectFrom("chat_messages as m").select((m) => m.fn.countAll<number>().as("n")).whereRef("m.game_id", "=", "g.id").as("messages"),
      ])
      .orderBy(sql`case when g.last_played is null then 1 else 0 end`)
      .orderBy("g.last_played", "desc")
      .orderBy("g.id")
      .limit(SHOWN)
      .execute(),
    games.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    listFactors(db, userId),
    db.selectFrom("session").select(["id", "createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"]).where("userId", "=", userId).orderBy("updatedAt", "desc").execute(),
    listOrders(db, { limit: SHOWN, userId }),
    auditAbout(db, userId, SHOWN),
  ]);
  const { day, month } = romePeriods();
  return {
    user,
    profile: { firstName: profile?.first_name ?? null, lastName: profile?.last_name ?? null, nickname: profile?.nickname ?? null },
    counters: {
      messagesSent: tokens && tokens.messages_period === day ? tokens.messages_sent : 0,
      messageLimit: tokens?.message_limit ?? 0,
      visualizationsSent: tokens && tokens.visualizations_period === month ? tokens.visualizations_sent : 0,
      visualizeLimit: tokens?.visualize_limit ?? 0,
    },
    games: gameRows.map((g) => ({ id: g.id, title: g.title, genre: g.genre, lastPlayed: g.last_played, messages: Number(g.messages ?? 0) })),
    gamesTotal: Number(gamesTotal.n),
    factors,
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: toIso(s.createdAt),
      lastSeenAt: toIso(s.updatedAt),
      expiresAt: toIso(s.expiresAt),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    orders: orders.items,
    audit,
  };
}
