/**
 * State of the game chat (spec §2 Game chat, §4 Game; DESIGN §4 A chat turn): the stored game
 * from TanStack Query plus the turn being streamed.
 */

import type { GameView, MeView, MessageView, TokensView } from "@shared/api-types";
import { parsePlayerAction } from "@shared/commands";
import { ERRORS } from "@shared/errors";
import { notifyManager, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { meQuery } from "@/lib/session";
import { ApiError, api } from "@/lib/api";
import { gameKey, gameQuery, streamTurn, type TurnRequest } from "../api";

/** The turn in flight. */
interface LiveTurn {
  /** Distinguishes turns, so late updates of a finished turn never touch the next one. */
  id: number;
  /** The player's text, shown until the server accepts (stores) it; null for a retry. */
  pendingContent: string | null;
  /** The narration streamed so far ('' before the first word). */
  text: string;
  /** '/visualizza': a scene image is being made (no player's bubble, no narration). */
  visualizing?: boolean;
}

/**
 * After a dropped stream the server stores the partial narration once it notices the closed
 * connection; the game is refetched after this delay so that it is there.
 */
const REFETCH_DELAY_MS = 600;

/**
 * Shows a destructive toast with the server's title and message (spec §8). A refused
 * '/visualizza' for lack of image tokens (VISUALIZE_LIMIT, e.g. the base plan's 0 images)
 * also offers the plans (issue 3: the button explains the upgrade).
 */
function showError(title: string | undefined, message: string, code?: string): void {
  toast.error(title ?? ERRORS.GENERIC.title, {
    description: message,
    ...(code === "VISUALIZE_LIMIT" ? { action: { label: "Vedi i piani", onClick: () => window.location.assign("/prezzi") } } : {}),
  });
}

/** Appends a message unless a message with the same id is already there. */
function withMessage(messages: MessageView[], message: MessageView): MessageView[] {
  return messages.some((m) => m.id === message.id) ? messages : [...messages, message];
}

/**
 * Input: the game id of the route.
 * Output:
 * - `query`: the TanStack query of the GameView (loading, error with ApiError status);
 * - `started`: the game has started (stored flag, or a turn is in flight: spec §4, the start
 *   button sets the started state and is then hidden; it comes back if the start is refused);
 * - `liveTurn`: the turn being streamed, or null;
 * - `canRetry`: the last stored message is the player's (the narrator failed, or the player
 *   stopped before the first word) and nothing is in flight: offer 'Riprova';
 * - `announcement`: short text for an aria-live region, set when a reply completes;
 * - `send(content)`: runs a turn; resolves true when the server accepted the message, false
 *   when it was refused before streaming (the caller may give the text back to the player);
 * - `retry()`: POST /retry, a new answer to the last stored player's message;
 * - `stop()`: asks the server to end the narration (POST /stop); the stream then ends with
 *   'done' carrying the stored partial narration (or no message when nothing was written).
 * Quotas from the accepted/done/error events update ['me'] at once; ['me'] is refetched after
 * each turn. Refusals and stream errors show a destructive toast with the server's texts.
 */
export function useGameChat(gameId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(gameQuery(gameId));
  const [liveTurn, setLiveTurn] = useState<LiveTurn | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const controllerRef = useRef<AbortController | null>(null);
  const refetchTimer = useRef<number | undefined>(undefined);
  const turnCount = useRef(0);

  useEffect(
    () => () => {
      controllerRef.current?.abort();
      window.clearTimeout(refetchTimer.current);
    },
    [],
  );

  const run = useCallback(
    async (request: TurnRequest): Promise<boolean> => {
      if (controllerRef.current) return false;
      const controller = new AbortController();
      controllerRef.current = controller;
      const id = ++turnCount.current;
      // '/visualizza' is interpreted by the server: it is not stored as the player's message.
      const visualizing = request.kind === "message" && parsePlayerAction(request.content).kind === "visualize";
      setLiveTurn({ id, pendingContent: request.kind === "message" && !visualizing ? request.content : null, text: "", visualizing });
      setAnnouncement("");

      const key = gameKey(gameId);
      // Query observers are notified on a later tick: scheduling the live-turn update in the same
      // batch renders both together, so a bubble never vanishes for a frame before its stored copy shows.
      const mine = (next: (turn: LiveTurn) => LiveTurn | null) => (turn: LiveTurn | null) => (turn?.id === id ? next(turn) : turn);
      const commit = (patch: ((game: GameView) => GameView) | null, next: (turn: LiveTurn) => LiveTurn | null) =>
        notifyManager.batch(() => {
          if (patch) queryClient.setQueryData<GameView>(key, (game) => game && patch(game));
          notifyManager.schedule(() => setLiveTurn(mine(next)));
        });
      const end = () => null;
      const setTokens = (tokens: TokensView | null) => {
        if (tokens) queryClient.setQueryData<MeView | null>(meQuery.queryKey, (me) => me && { ...me, tokens });
      };
      const refetchSoon = () => {
        refetchTimer.current = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: key }), REFETCH_DELAY_MS);
      };

      window.clearTimeout(refetchTimer.current);
      await queryClient.cancelQueries({ queryKey: key });
      let accepted = false;
      let text = "";
      try {
        await streamTurn(
          gameId,
          request,
          {
            onAccepted({ userMessage, tokens }) {
              accepted = true;
              setTokens(tokens);
              commit(
                (game) => ({ ...game, started: game.started || !visualizing, messages: userMessage ? withMessage(game.messages, userMessage) : game.messages }),
                (turn) => ({ ...turn, pendingContent: null }),
              );
            },
            onDelta({ text: piece }) {
              text += piece;
              setLiveTurn(mine((turn) => ({ ...turn, text })));
            },
            onDone({ message, progress, tokens, stopped }) {
              setTokens(tokens);
              commit((game) => ({ ...game, progress, messages: message ? withMessage(game.messages, message) : game.messages }), end);
              setAnnouncement(visualizing ? "L'immagine della scena è pronta." : stopped ? "Narrazione interrotta." : "Il narratore ha risposto.");
            },
            onError({ code, title, message, tokens }) {
              setTokens(tokens);
              showError(title, message, code);
            },
          },
          controller.signal,
        );
      } catch (error) {
        if (controller.signal.aborted) {
          // The page is closing: nothing to show.
        } else {
          const apiError = error instanceof ApiError ? error : new ApiError(0, "GENERIC", ERRORS.GENERIC.message, ERRORS.GENERIC.title);
          showError(apiError.title, apiError.message, apiError.code);
          if (accepted) refetchSoon();
        }
      } finally {
        controllerRef.current = null;
        commit(null, end);
        void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
        // The profile's games list (features/profile/api.ts, ["profile", …]) shows progress and last
        // activity; a '/visualizza' adds an image to the gallery (features/gallery/api.ts, ["gallery", …]).
        void queryClient.invalidateQueries({ queryKey: ["profile"] });
        if (visualizing) void queryClient.invalidateQueries({ queryKey: ["gallery"] });
      }
      return accepted;
    },
    [gameId, queryClient],
  );

  const send = useCallback((content: string) => run({ kind: "message", content }), [run]);
  const retry = useCallback(() => void run({ kind: "retry" }), [run]);
  const stop = useCallback(() => {
    // Capture the turn's controller now: if the POST fails, abort that turn, never a later one.
    const c = controllerRef.current;
    if (c) void api(`/games/${encodeURIComponent(gameId)}/stop`, { method: "POST" }).catch(() => c.abort());
  }, [gameId]);

  const game = query.data;
  return {
    query,
    started: Boolean(game?.started) || (liveTurn !== null && !liveTurn.visualizing),
    liveTurn,
    canRetry: liveTurn === null && game?.messages.at(-1)?.role === "user",
    announcement,
    send,
    retry,
    stop,
  };
}
