/**
 * Presence in a group story (issue 24 "Presence", ADR 0019): a member whose game page opens the
 * story is 'qui' at once; one who closes it stays so for the presence's grace (30 s, a reload or
 * a dropped connection is not a departure) and is then 'assente'. Every member is told each time,
 * and a vote that waited only for the player who left closes then.
 */

import type { AppDeps } from "../../domain/context";
import { findGroupGame, groupChanged, groupPlayers } from "./group.service";
import { closeVoteIfDue } from "./votes.service";

/**
 * The story `gameId` if `userId` may read it (its host or a member), else null (another's story,
 * a malformed id): what the tab's presence records, so a solo story's owner is already present
 * when a friend joins. Never throws.
 */
export async function readableStory(deps: AppDeps, userId: string, gameId: string): Promise<string | null> {
  return findGroupGame(deps.db, userId, gameId, "member").then(
    (game) => game.id,
    () => null,
  );
}

/**
 * Tells every member of `gameId` that who is present changed, if it is a group story; after a
 * departure (`left`) first closes a vote that now waits for nobody (an arrival never closes one).
 */
async function presenceChanged(deps: AppDeps, gameId: string, left: boolean): Promise<void> {
  if ((await groupPlayers(deps.db, gameId)).length === 0) return;
  if (left) await closeVoteIfDue(deps, gameId);
  await groupChanged(deps.db, deps.bus, gameId);
}

/** A tab opened the story `gameId`: in a group story every member reloads the group. Failures are logged. */
export async function storyTabOpened(deps: AppDeps, gameId: string): Promise<void> {
  await presenceChanged(deps, gameId, false).catch((error) => deps.logger.warn({ err: error, gameId }, "Gruppo: arrivo non comunicato"));
}

/**
 * A tab on the story `gameId` closed: after `awayMs` (+ a margin for the row's expiry) its player
 * counts as 'assente', so in a group story a vote waiting only for them closes and every member
 * reloads the group. Returns at once; failures are logged.
 */
export function storyTabClosed(deps: AppDeps, gameId: string, awayMs: number): void {
  const timer = setTimeout(() => {
    presenceChanged(deps, gameId, true).catch((error) => deps.logger.warn({ err: error, gameId }, "Gruppo: assenza non comunicata"));
  }, awayMs + 250);
  timer.unref();
}
