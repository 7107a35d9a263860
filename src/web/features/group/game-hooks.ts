/**
 * What the game page itself needs of 'Gioca insieme' (issue 24, ADR 0019 "Live"), kept small
 * because every game page loads it (issue 21): the group's live events, the typing signal and the
 * reason the message box is closed. The group's panels load only for a group story.
 */

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { GameView, GroupPlayerView, GroupView } from "@/lib/api-contract";
import { api } from "@/lib/api";
import { onGroupEvent, onLiveStreamOpen } from "@/lib/live-events";
import { toast } from "@/lib/toast";
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

/** What a 'group.changed' tells this player (issue 39): the nicknames of who joined and who left. */
export interface GroupNews {
  joined: string[];
  /** Left, were removed, or their account was erased. */
  left: string[];
}

/**
 * Input: the players this player saw before (`before`: [] for a solo story, undefined when the
 * story was not loaded yet) and the group the server sends now. Output: who joined and who is
 * gone (their messages then show another author: none, or 'Giocatore eliminato', issue 36
 * finding 0, so the story must be read again); the player themself is never included.
 */
export function groupNews(before: readonly GroupPlayerView[] | undefined, after: GroupView): GroupNews {
  if (!before) return { joined: [], left: [] };
  const seated = (players: readonly GroupPlayerView[], userId: string) => players.some((player) => player.userId === userId);
  return {
    joined: after.players.filter((player) => player.userId !== after.meId && !seated(before, player.userId)).map((player) => player.nickname),
    left: before.filter((player) => player.userId !== after.meId && !seated(after.players, player.userId)).map((player) => player.nickname),
  };
}

/** Where the players' panel was, once the last friend left (issue 39). */
export const SOLO_AGAIN_TEXT = "Gli amici hanno lasciato la storia: ora è di nuovo solo tua. Puoi continuare o invitare qualcuno con 'Gioca insieme'.";

/**
 * Follows the live events of the story `gameId`: 'group.changed' reloads the group into the game
 * query, and the whole game when a player went ({@link groupNews}; a player who can no longer
 * read it, e.g. removed, reloads the game, which then says so), and tells the player, with a
 * toast, who joined ('<nickname> si è unito alla storia') and who left or was removed
 * ('<nickname> ha lasciato la storia'; issue 39); 'group.narration' reloads the game, whose
 * liveNarration the chat then follows to its end through GET /live (useGameChat, issue 11 §4),
 * also after a reload; and a group story reloads the game each time the stream (re)connects, for
 * the events sent before (the header opens the stream after the page has shown the story).
 * Output: true once the last friend left while the page was open (the page then says so with
 * SOLO_AGAIN_TEXT where the players were), until a friend joins again.
 */
export function useGroupEvents(gameId: string): boolean {
  const queryClient = useQueryClient();
  // The story whose last friend left while it was open (a state per story, not reset by an effect).
  const [soloAgain, setSoloAgain] = useState<string | null>(null);
  useEffect(() => {
    const key = gameKey(gameId);
    const reload = () => void queryClient.invalidateQueries({ queryKey: key });
    // The stream opens with the header, after the page: a group story reloads what it may have missed.
    const stopResync = onLiveStreamOpen(() => {
      if (queryClient.getQueryData<GameView>(key)?.group) reload();
    });
    const stopEvents = onGroupEvent((event) => {
      if (event.gameId !== gameId) return;
      if (event.type === "group.narration") reload();
      if (event.type === "group.changed") {
        fetchGroup(gameId).then((group) => {
          const game = queryClient.getQueryData<GameView>(key);
          const news = groupNews(game && (game.group?.players ?? []), group);
          storeGroup(queryClient, gameId, group);
          for (const nickname of news.joined) toast.info(`${nickname} si è unito alla storia`);
          for (const nickname of news.left) toast.info(`${nickname} ha lasciato la storia`);
          if (news.joined.length > 0) setSoloAgain(null);
          if (news.left.length > 0) {
            if (group.mode === "solo") setSoloAgain(gameId);
            reload();
          }
        }, reload);
      }
    });
    return () => {
      stopResync();
      stopEvents();
    };
  }, [gameId, queryClient]);
  return soloAgain === gameId;
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
