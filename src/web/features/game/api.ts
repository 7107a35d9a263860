/**
 * Game API for the web (spec §2 Game chat, §4 Game; DESIGN §4 A chat turn): the game query,
 * game creation, the narrator status and the streamed chat turn.
 */

import type { GameView, HealthView, TurnEvent } from "@shared/api-types";
import { ERRORS } from "@shared/errors";
import type { GenreName } from "@shared/genres";
import { queryOptions } from "@tanstack/react-query";
import { createParser } from "eventsource-parser";
import { ApiError, api, toApiError } from "@/lib/api";

/** Query key of one game (GameView). */
export const gameKey = (gameId: string) => ["game", gameId] as const;

/**
 * GET /api/games/:id → GameView (title, genre, progress %, started flag, whole history).
 * A 404 (GAME_NOT_FOUND: 'Partita non trovata o non autorizzata.') is not retried.
 */
export const gameQuery = (gameId: string) =>
  queryOptions({
    queryKey: gameKey(gameId),
    queryFn: ({ signal }) => api<GameView>(`/games/${encodeURIComponent(gameId)}`, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

/**
 * GET /api/health → {ai: 'offline' | model name}. Tells the game page whether the built-in
 * offline narrator is answering (no AI provider configured).
 */
export const healthQuery = queryOptions({
  queryKey: ["health"],
  queryFn: ({ signal }) => api<HealthView>("/health", { signal }),
  staleTime: 5 * 60_000,
});

export interface CreatedGame {
  id: string;
  /** The genre the server stored (unknown genres become Fantasy). */
  genre: string;
}

/**
 * Creates a personal game: POST /api/games {genre} → 201 {id, genre} (spec §2 /gioco/{genre}/new).
 * Throws ApiError (401, 400, network) on failure.
 */
export function createGame(genre: GenreName): Promise<CreatedGame> {
  return api<CreatedGame>("/games", { body: { genre } });
}

/** What a turn asks for: a new player's message, or a new answer to the last stored one. */
export type TurnRequest = { kind: "message"; content: string } | { kind: "retry" };

type EventData<E extends TurnEvent["event"]> = Extract<TurnEvent, { event: E }>["data"];

/** Callbacks of one streamed turn, called in the order the server sends the events. */
interface TurnHandlers {
  /** The turn was charged: the stored player's message (null for a retry) and the new quota. */
  onAccepted(data: EventData<"accepted">): void;
  /** The next piece of narration (a word or a few). */
  onDelta(data: EventData<"delta">): void;
  /** The narration is stored: the assistant message, the new progress % and quota. */
  onDone(data: EventData<"done">): void;
  /** The narrator failed after the turn was accepted (AI_FAILED, AI_TIMEOUT, EMPTY_REPLY, GENERIC). */
  onError(data: EventData<"error">): void;
}

const streamError = () => new ApiError(0, "GENERIC", ERRORS.GENERIC.message, ERRORS.GENERIC.title);

/**
 * Runs one chat turn: POST /api/games/:id/messages {content} or POST /api/games/:id/retry, then
 * reads the text/event-stream (accepted → delta* → done | error) and calls `handlers`.
 *
 * Resolves when the stream ends with `done` or `error`. Rejects with:
 * - ApiError carrying the server's title and message when the turn is refused before streaming
 *   (429 MESSAGE_LIMIT, 404 GAME_NOT_FOUND, 400, 409 NOTHING_TO_RETRY) or the connection drops;
 * - the AbortError of `signal` when the page is left mid-turn. ('Stop' does not abort: it calls
 *   POST /stop and the stream ends normally with a 'done' event.)
 */
export async function streamTurn(gameId: string, request: TurnRequest, handlers: TurnHandlers, signal: AbortSignal): Promise<void> {
  const path = `/api/games/${encodeURIComponent(gameId)}/${request.kind === "retry" ? "retry" : "messages"}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: request.kind === "retry" ? { Accept: "text/event-stream" } : { Accept: "text/event-stream", "Content-Type": "application/json" },
      body: request.kind === "retry" ? undefined : JSON.stringify({ content: request.content }),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw streamError();
  }
  if (!response.ok) throw await toApiError(response);
  if (!response.body) throw streamError();

  let finished = false;
  const parser = createParser({
    onEvent({ event, data }) {
      const payload: unknown = JSON.parse(data);
      switch (event) {
        case "accepted":
          handlers.onAccepted(payload as EventData<"accepted">);
          break;
        case "delta":
          handlers.onDelta(payload as EventData<"delta">);
          break;
        case "done":
          finished = true;
          handlers.onDone(payload as EventData<"done">);
          break;
        case "error":
          finished = true;
          handlers.onError(payload as EventData<"error">);
          break;
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.feed(chunk.value);
  } catch (error) {
    if (signal.aborted) throw error;
    throw streamError();
  }
  if (!finished) throw streamError();
}
