/**
 * What the game page itself needs of 'Gioca insieme' (issue 24, ADR 0019 "Live"), kept small
 * because every game page loads it (issue 21): the group's live events, the typing signal and the
 * reason the message box is closed. The group's panels load only for a group story.
 */

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { GameView, GroupView } from "@/lib/api-contract";
import { api } from "@/lib/api";
import { onGroupEvent } from "@/lib/live-events";
import { gameApiPath, gameKey } from "@/features/game";

/** How often a typing player tells the others, at most (ms). */
const TYPING_EVERY_MS = 2_000;


/** GET /api/games/:id/group → GroupView (members only). */
export function fetchGroup(gameId: string, signal?: AbortSignal): Promise<GroupView> {
  return api<GroupView>(`${gameApiPath(gameId)}/group`, { signal });
}

/** Puts a GroupView into the game query, where the game page reads it; a story left solo (mode 'solo', no players) has none. */
export function storeGroup(queryClient: QueryClient, gameId: string, group: GroupView): void {
  queryClient.setQueryData<GameView>(gameKey(gameId), (game) => game && { ...game, group: group.mode === "solo" ? null : group });
}

/**
 * Whether a player of the group `before` is no longer in `after` (they left, were removed, or their
 * account was erased): their messages then show another author (none, or 'Giocatore eliminato',
 * issue 36 finding 0), so the story must be read again. False when there was no group before.
 */
export function playerWent(before: GroupView | null | undefined, after: GroupView): boolean {
  return before?.players.some((player) => !after.players.some((p) => p.userId === player.userId)) ?? false;
}

/**
 * Follows the live events of the story `gameId`: 'group.changed' reloads the group into the game
 * query, and the whole game when a player went ({@link playerWent}; a player who can no longer
 * read it, e.g. removed, reloads the game, which then says so); 'group.narration' reloads the
 * game, whose liveNarration the chat then follows to its end through GET /live (useGameChat,
 * issue 11 §4), also after a reload.
 */
export function useGroupEvents(gameId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = gameKey(gameId);
    const reload = () => void queryClient.invalidateQueries({ queryKey: key });
    return onGroupEvent((event) => {
      if (event.gameId !== gameId) return;
      if (event.type === "group.narration") reload();
      if (event.type === "group.changed") {
        fetchGroup(gameId).then((group) => {
          const went = playerWent(queryClient.getQueryData<GameView>(key)?.group, group);
          storeGroup(queryClient, gameId, group);
          if (went) reload();
        }, reload);
      }
    });
  }, [gameId, queryClient]);
}

/**
 * Input: the game id and whether the story has a group. Output: a callback for each key stroke
 * that sends POST /api/games/:id/typing at most once every TYPING_EVERY_MS (a failure is of no
 * consequence: the others just do not see 'sta scrivendo…'); undefined for a solo story.
 */
export function useTypingSignal(gameId: string, enabled: boolean): (() => void) | undefined {
  const last = useRef(0);
  const signal = useCallback(() => {
    const now = Date.now();
    if (now - last.current < TYPING_EVERY_MS) return;
    last.current = now;
    void api<void>(`${gameApiPath(gameId)}/typing`, { method: "POST" }).catch(() => undefined);
  }, [gameId]);
  return enabled ? signal : undefined;
}

/**
 * Why this player cannot move the story now, in Italian, or null when they can: 'a turno' and
 * it is another player's turn, or 'voto' (the story moves by the vote panel; only the host may
 * start a story not `started` yet, ADR 0019).
 */
export function sendBlockedReason(group: GroupView | null | undefined, started: boolean): string | null {
  if (!group) return null;
  if (group.mode === "vote" && !(group.meId === group.hostId && !started)) return "In questa storia si decide con il voto: scegli A, B o C o proponi un'azione nel riquadro del voto.";
  if (group.mode === "turns" && group.turnUserId && group.turnUserId !== group.meId) {
    const nickname = group.players.find((player) => player.userId === group.turnUserId)?.nickname ?? "un altro giocatore";
    return `Non è il tuo turno: tocca a ${nickname}. Intanto puoi scrivere una nota fuori scena.`;
  }
  return null;
}
