/**
 * State of the game chat (spec §2 Game chat, §4 Game; DESIGN §4 A chat turn): the stored game
 * from TanStack Query plus the turn being streamed.
 */

import { parsePlayerAction } from "@shared/commands";
import { ERRORS } from "@shared/errors";
import { notifyManager, useQuery, useQueryClient } from "@tanstack/react-query";
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { GameView, LiveNarrationView, MeView, MessageView, TokensView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { meQuery, sessionEnded } from "@/lib/session";
import { ApiError, api } from "@/lib/api";
import { gameKey, gameQuery, resumeTurn, streamTurn, type TurnHandlers, type TurnRequest } from "../api";
import { wantNarrationMarkdown } from "@/components/narration";

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
  /** The provider is busy and asked again before the first word (issue 20 §1): "Il narratore ci sta pensando…". */
  waiting?: boolean;
  /**
   * 'Rigenera' / 'Salva e rinarra' (issue 11 §2): the stored message this turn replaces on the
   * page; it and everything after it are hidden while the turn is live (see storyUpTo).
   */
  replaces?: string;
}

/**
 * When a narration could not be followed to its end, the game is refetched after this delay, ms:
 * it then shows the stored narration, or the one still being written (resumed then).
 */
const REFETCH_DELAY_MS = 600;

/** Waits before each attempt to resume a dropped narration, ms (issue 11 §4): four tries in 7.5 s. */
const RESUME_BACKOFF_MS = [500, 1_000, 2_000, 4_000];

/** What the hook runs: a turn, or the resume of a narration the server is writing (issue 11 §4). */
type ChatRequest = TurnRequest | { kind: "resume"; live: LiveNarrationView };

/** A dropped connection (not a refusal, not the page leaving): the narration can be resumed. */
const isDrop = (error: unknown) => error instanceof ApiError && error.status === 0;

/** Resolves after `ms`, or rejects with the AbortError of `signal`. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      window.clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

/**
 * Reads a narration to its end across dropped connections (issue 11 §4): `read()` is the first
 * stream; when it drops (an ApiError with status 0) and `resumable()` says the server has the
 * turn, `resume()` reads the rest from the characters received so far (Last-Event-ID), after
 * each delay of RESUME_BACKOFF_MS in turn. Resolves when a stream ended (or the server had
 * nothing left to resume); rejects with the last drop after the last try, with any other error
 * at once, or with the AbortError of `signal`.
 */
async function followToEnd(read: () => Promise<unknown>, resume: () => Promise<unknown>, resumable: () => boolean, signal: AbortSignal): Promise<void> {
  let attempt = read;
  for (const delay of [...RESUME_BACKOFF_MS, null]) {
    try {
      await attempt();
      return;
    } catch (error) {
      if (delay === null || !isDrop(error) || !resumable() || signal.aborted) throw error;
      await pause(delay, signal);
      attempt = resume;
    }
  }
}

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

/**
 * The messages before `messageId` (all of them when it is absent or not there): what the page
 * shows while a turn replaces that message and what follows it (issue 11 §2).
 */
export function storyUpTo(messages: MessageView[], messageId: string | undefined): MessageView[] {
  const index = messageId ? messages.findIndex((m) => m.id === messageId) : -1;
  return index === -1 ? messages : messages.slice(0, index);
}

/**
 * The stored message a request replaces on the page while it runs (see storyUpTo): the message
 * re-narrated, the narration regenerated, or for a resumed narration what follows the player's
 * message it answers (the version 'Rigenera' replaces); undefined for a new turn.
 */
function replacedBy(request: ChatRequest, messages: MessageView[]): string | undefined {
  switch (request.kind) {
    case "renarrate":
      return request.messageId;
    case "regenerate":
      return messages.at(-1)?.id;
    case "resume": {
      const answered = messages.findIndex((m) => m.id === request.live.playerMessageId);
      return answered === -1 ? undefined : messages[answered + 1]?.id;
    }
    default:
      return undefined;
  }
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
 * - `regenerate()`: 'Rigenera', another version of the latest narration (issue 11 §2);
 * - `renarrate(messageId, content)`: 'Salva e rinarra', the player's message rewritten and
 *   narrated again as a new branch; resolves like `send`;
 * - `stop()`: asks the server to end the narration (POST /stop); the stream then ends with
 *   'done' carrying the stored partial narration (or no message when nothing was written).
 *   Only 'Stop' ends a narration early (issue 11 §4): when the stream drops, the hook reads the
 *   rest from where it was (GET /live with Last-Event-ID, a few tries with a growing pause) in
 *   the same bubble, and a game that opens while its narration is being written (a reload)
 *   shows the text so far and follows it to its end.
 * Quotas from the accepted/done/error events update ['me'] at once; ['me'] is refetched after
 * each turn. Refusals and stream errors show a destructive toast with the server's texts; a 401
 * (the session ended) goes to the login guard instead, as 'Devi effettuare il login per generare
 * immagini' for '/visualizza' (spec §5).
 */
export function useGameChat(gameId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(gameQuery(gameId));
  const [liveTurn, setLiveTurn] = useState<LiveTurn | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const controllerRef = useRef<AbortController | null>(null);
  const refetchTimer = useRef<number | undefined>(undefined);
  const turnCount = useRef(0);
  // Resolves a turn's `shown` promise (see run) once its bubble is on the page.
  const onShown = useRef(new Map<number, () => void>());
  const shownId = liveTurn?.id;
  useLayoutEffect(() => {
    if (shownId === undefined) return;
    onShown.current.get(shownId)?.();
    onShown.current.delete(shownId);
  }, [shownId]);

  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      // Only a page that really goes away stops reading (StrictMode unmounts and mounts again at once).
      queueMicrotask(() => {
        if (mounted.current) return;
        controllerRef.current?.abort();
        window.clearTimeout(refetchTimer.current);
      });
    };
  }, []);

  const run = useCallback(
    async (request: ChatRequest): Promise<boolean> => {
      if (controllerRef.current) return false;
      // The turn's narration will need the markdown renderer: fetched now, while the narrator
      // starts, rather than when its first words arrive and the player may be typing.
      wantNarrationMarkdown();
      const controller = new AbortController();
      controllerRef.current = controller;
      const id = ++turnCount.current;
      const shown = new Promise<void>((resolve) => onShown.current.set(id, resolve));
      // '/visualizza' is interpreted by the server: it is not stored as the player's message.
      const visualizing = request.kind === "message" && parsePlayerAction(request.content).kind === "visualize";
      const written = request.kind === "message" || request.kind === "renarrate" ? request.content : null;
      const replaces = replacedBy(request, query.data?.messages ?? []);
      // A resumed narration is already charged and shows what was written so far.
      let text = request.kind === "resume" ? request.live.text : "";
      // A transition: the tap's own feedback (the pressed button, the emptied box) paints first,
      // and the new bubble's render may yield to the player's next keystroke (issue 39 §1).
      startTransition(() => {
        setLiveTurn({ id, pendingContent: visualizing ? null : written, text, visualizing, replaces });
        setAnnouncement("");
      });

      const key = gameKey(gameId);
      // Query observers are notified on a later tick: scheduling the live-turn update in the same
      // batch renders both together, so a bubble never vanishes for a frame before its stored copy shows.
      const mine = (next: (turn: LiveTurn) => LiveTurn | null) => (turn: LiveTurn | null) => (turn?.id === id ? next(turn) : turn);
      // The server's answers change the story only once the turn's bubble is shown, in order: on a
      // slow phone the acceptance may come before the tap's transition has rendered, and both in one
      // commit made one long task (issue 39 "A turn that never stutters": 54-68 ms at 4× CPU).
      let applied = shown;
      const commit = (patch: ((game: GameView) => GameView) | null, next: (turn: LiveTurn) => LiveTurn | null) => {
        // `finally`: a step that throws never holds back the later ones, the turn's end above all.
        applied = applied.finally(() =>
          notifyManager.batch(() => {
            if (patch) queryClient.setQueryData<GameView>(key, (game) => game && patch(game));
            notifyManager.schedule(() => setLiveTurn(mine(next)));
          }),
        );
      };
      const end = () => null;
      const setTokens = (tokens: TokensView | null) => {
        if (tokens) queryClient.setQueryData<MeView | null>(meQuery.queryKey, (me) => me && { ...me, tokens });
      };
      const refetchSoon = () => {
        refetchTimer.current = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: key }), REFETCH_DELAY_MS);
      };

      window.clearTimeout(refetchTimer.current);
      await queryClient.cancelQueries({ queryKey: key });
      let accepted = request.kind === "resume";
      let ended = false;
      // The frame that will show the words received since the last one shown, if any.
      let shownFrame: number | null = null;
      const handlers: TurnHandlers = {
        onAccepted({ userMessage, tokens }) {
          accepted = true;
          setTokens(tokens);
          commit(
            (game) => ({ ...game, started: game.started || !visualizing, messages: userMessage ? withMessage(storyUpTo(game.messages, replaces), userMessage) : game.messages }),
            (turn) => ({ ...turn, pendingContent: null }),
          );
        },
        onDelta({ text: piece }) {
          text += piece;
          // One render a frame however many words arrive in it (issue 39 "A turn that never stutters").
          shownFrame ??= requestAnimationFrame(() => {
            shownFrame = null;
            setLiveTurn(mine((turn) => ({ ...turn, text, waiting: false })));
          });
        },
        onWaiting() {
          setLiveTurn(mine((turn) => ({ ...turn, waiting: true })));
        },
        onDone({ message, progress, tokens, stopped }) {
          ended = true;
          setTokens(tokens);
          commit(
            (game) => ({ ...game, progress, liveNarration: null, messages: message ? withMessage(storyUpTo(game.messages, replaces), message) : game.messages }),
            end,
          );
          setAnnouncement(visualizing ? "L'immagine della scena è pronta." : stopped ? "Narrazione interrotta." : "Il narratore ha risposto.");
        },
        onError({ code, title, message, tokens }) {
          ended = true;
          setTokens(tokens);
          commit((game) => ({ ...game, liveNarration: null }), (turn) => turn);
          showError(title, message, code);
        },
      };
      const resume = () => resumeTurn(gameId, text.length, handlers, controller.signal);
      try {
        await followToEnd(
          request.kind === "resume" ? resume : () => streamTurn(gameId, request, handlers, controller.signal),
          resume,
          // A scene image (/visualizza) is no narration: a dropped one is not resumed.
          () => accepted && !visualizing,
          controller.signal,
        );
        // Nothing left to resume (the narration was lost with its server): the stored story says what is left.
        if (!ended) refetchSoon();
      } catch (error) {
        if (controller.signal.aborted) {
          // The page is closing: nothing to show.
        } else {
          const apiError = error instanceof ApiError ? error : new ApiError(0, "GENERIC", ERRORS.GENERIC.message, ERRORS.GENERIC.title);
          // The session ended during play: the login guard sends the player to /login and back here (spec §5, §8).
          if (apiError.status === 401) sessionEnded(queryClient, visualizing ? ERRORS.IMAGE_LOGIN_REQUIRED : apiError);
          else showError(apiError.title, apiError.message, apiError.code);
          if (accepted) refetchSoon();
        }
      } finally {
        controllerRef.current = null;
        if (shownFrame !== null) cancelAnimationFrame(shownFrame);
        commit(null, end);
        void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
        // The profile's games list (features/profile/api.ts, ["profile", …]) shows progress and last
        // activity; a '/visualizza' adds an image to the gallery (features/gallery/api.ts, ["gallery", …]).
        void queryClient.invalidateQueries({ queryKey: ["profile"] });
        if (visualizing) void queryClient.invalidateQueries({ queryKey: ["gallery"] });
        // A new version or a new branch: the server tells the ‹ 2/3 › of each narration.
        if (replaces) void queryClient.invalidateQueries({ queryKey: key });
      }
      return accepted;
    },
    [gameId, queryClient, query.data],
  );

  const send = useCallback((content: string) => run({ kind: "message", content }), [run]);
  const retry = useCallback(() => void run({ kind: "retry" }), [run]);
  const regenerate = useCallback(() => void run({ kind: "regenerate" }), [run]);
  const renarrate = useCallback((messageId: string, content: string) => run({ kind: "renarrate", messageId, content }), [run]);
  const stop = useCallback(() => {
    // The narration goes on unless the server hears 'Stop': a failed request is said, never hidden.
    if (controllerRef.current) {
      void api(`/games/${encodeURIComponent(gameId)}/stop`, { method: "POST" }).catch((error: unknown) => {
        const apiError = error instanceof ApiError ? error : null;
        showError(apiError?.title, apiError?.message ?? ERRORS.GENERIC.message, apiError?.code);
      });
    }
  }, [gameId]);

  // A game opened while its narration is being written (a reload, another tab's turn): follow it.
  // Its end clears liveNarration; a narration that could not be followed refetches the game.
  const liveNarration = query.data?.liveNarration;
  useEffect(() => {
    if (liveNarration) void run({ kind: "resume", live: liveNarration });
  }, [liveNarration, run]);

  const game = query.data;
  return {
    query,
    started: Boolean(game?.started) || (liveTurn !== null && !liveTurn.visualizing),
    liveTurn,
    canRetry: liveTurn === null && !game?.liveNarration && game?.messages.at(-1)?.role === "user",
    announcement,
    send,
    retry,
    regenerate,
    renarrate,
    stop,
  };
}
