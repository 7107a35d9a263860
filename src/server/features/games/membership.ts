/**
 * Who may read a story (issue 24 "Gioca insieme", ADR 0019): its owner (the host,
 * saved_games.user_id) or a member (a game_players row). Every read of a story filters with
 * {@link readableBy} in its own query, so a stranger's request finds nothing (404) and a removed
 * player loses access on the next request. Host-only writes keep the owner check.
 */

import type { ExpressionBuilder } from "kysely";
import type { Database, SavedGamesTable } from "../../db/schema";

/** Who a story query is for: its owner only (host-only writes) or any member (reads). */
export type GameAccess = "owner" | "member";

type GameScope = ExpressionBuilder<Database & { g: SavedGamesTable }, "g">;

/**
 * The condition on `saved_games as g` that lets `userId` through: the owner only, or the owner
 * or a member of the story (`access`). Input: the user id and the access. Output: a Kysely filter.
 */
export function readableBy(userId: string, access: GameAccess = "member") {
  return (eb: GameScope) =>
    access === "owner"
      ? eb("g.user_id", "=", userId)
      : eb.or([
          eb("g.user_id", "=", userId),
          eb.exists(eb.selectFrom("game_players as gp").select("gp.user_id").whereRef("gp.game_id", "=", "g.id").where("gp.user_id", "=", userId)),
        ]);
}
