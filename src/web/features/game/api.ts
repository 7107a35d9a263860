/**
 * Game API for the web (spec §2 Game chat, §4 Game; DESIGN §4 A chat turn): the game query,
 * game creation, the narrator status, the streamed chat turn and its resume (issue 11 §4).
 */

import type { HealthView, TurnEvent } from "@shared/api-types";
import { ERRORS } from "@shared/errors";
import type { GenreName } from "@shared/genres";
import { queryOptions } from "@tanstack/react-query";
import { createParser } from "eventsource-parser";
import type { StoryStyle } from "@shared/story-style";
import type { CreatedGame, EditedMessageView, GameView, MessagePageView, MovedTipView, SavedStoryStyleView, StoryMapView, UndoneView } from "@/lib/api-contract";
import { ApiError, api, toApiError } from "@/lib/api";

/** Query key of one game (GameView). */
export const gameKey = (gameId: string) => ["game", gameId] as const;

/**
 * Mutation key of 'Esci dalla storia' (group play): while it runs, the game page does not act on
 * the story's 404 (the story stops being readable the moment the server lets the player go, and a
 * live event may refetch it before the leave's own navigation to /profilo starts).
 */
export const leaveStoryKey = (gameId: string) => [...gameKey(gameId), "leave"] as const;

/** Path under /api of one game (GameView). */
export const gameApiPath = (gameId: string) => `/games/${encodeURIComponent(gameId)}`;

/**
 * GET /api/games/:id → GameView (title, genre, progress %, started flag, whole history).
 * A 404 (GAME_NOT_FOUND: 'Partita non trovata o non autorizzata.') is not retried.
 */
export const gameQuery = (gameId: string) =>
  queryOptions({
    queryKey: gameKey(gameId),
    queryFn: ({ signal }) => api<GameView>(gameApiPath(gameId), { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

/**
 * GET /api/health → {ai: 'offline' | model name}. Tells the game page whether the built-in
 * offline narrator is answering (no AI provider configured).
 */
export const HEALTH_PATH = "/health";

export const healthQuery = queryOptions({
  queryKey: ["health"],
  queryFn: ({ signal }) => api<HealthView>(HEALTH_PATH, { signal }),
  staleTime: 5 * 60_000,
});

/**
 * Creates a personal game: POST /api/games {genre} → 201 {id, genre} (spec §2 /gioco/{genre}/new).
 * Throws ApiError (401, 400, network) on failure.
 */
export function createGame(genre: GenreName): Promise<CreatedGame> {
  return api<CreatedGame>("/games", { body: { genre } });
}

/**
 * The story's 'Lunghezza' and 'Creatività' (issue 38 §4): PUT /api/games/:id/style → the stored
 * style. Throws ApiError: 400 (a value out of the lists, Italian message), 404 (not the owner's).
 */
export function saveStoryStyle(gameId: string, style: StoryStyle): Promise<SavedStoryStyleView> {
  return api<SavedStoryStyleView>(`${gameApiPath(gameId)}/style`, { method: "PUT", body: style });
}

/**
 * What a streamed turn asks for (issue 11 §2): a new player's message, a new answer to the last
 * stored one ('Riprova'), another version of the latest narration ('Rigenera'), or a player's
 * message rewritten and narrated again as a new branch ('Salva e rinarra').
 */
export type TurnRequest =
  | { kind: "message"; content: string }
  | { kind: "retry" }
  | { kind: "regenerate" }
  | { kind: "renarrate"; messageId: string; content: string };

/** Path and JSON body of a turn request. */
function turnEndpoint(gameId: string, request: TurnRequest): { path: string; body?: { content: string } } {
  const base = `/api/games/${encodeURIComponent(gameId)}`;
  switch (request.kind) {
    case "message":
      return { path: `${base}/messages`, body: { content: request.content } };
    case "retry":
      return { path: `${base}/retry` };
    case "regenerate":
      return { path: `${base}/regenerate` };
    case "renarrate":
      return { path: `${base}/messages/${encodeURIComponent(request.messageId)}/renarrate`, body: { content: request.content } };
  }
}

type EventData<E extends TurnEvent["event"]> = Extract<TurnEvent, { event: E }>["data"];

/** Callbacks of one streamed turn, called in the order the server sends the events. */
export interface TurnHandlers {
  /** The turn was charged: the stored player's message (null for a retry) and the new quota. */
  onAccepted(data: EventData<"accepted">): void;
  /** The next piece of narration (a word or a few). */
  onDelta(data: EventData<"delta">): void;
  /** The provider is busy and is asked again before the first word (issue 20 §1). */
  onWaiting(data: EventData<"waiting">): void;
  /** The narration is stored: the assistant message, the new progress % and quota. */
  onDone(data: EventData<"done">): void;
  /** The narrator failed after the turn was accepted (AI_FAILED, AI_TIMEOUT, EMPTY_REPLY, GENERIC). */
  onError(data: EventData<"error">): void;
}

const streamError = () => new ApiError(0, "GENERIC", ERRORS.GENERIC.message, ERRORS.GENERIC.title);

/**
 * Runs one chat turn (see TurnRequest: POST …/messages {content}, …/retry, …/regenerate or
 * …/messages/:messageId/renarrate {content}), then reads the text/event-stream
 * (accepted → delta* → done | error) and calls `handlers`.
 *
 * Resolves when the stream ends with `done` or `error`. Rejects with:
 * - ApiError carrying the server's title and message when the turn is refused before streaming
 *   (429 MESSAGE_LIMIT, 404 GAME_NOT_FOUND, 400, 409 NOTHING_TO_RETRY / NOTHING_TO_REGENERATE /
 *   MESSAGE_NOT_EDITABLE);
 * - ApiError with status 0 when the connection drops: the narration goes on on the server
 *   (issue 11 §4), {@link resumeTurn} reads the rest;
 * - the AbortError of `signal` when the page is left mid-turn. ('Stop' does not abort: it calls
 *   POST /stop and the stream ends normally with a 'done' event.)
 */
export async function streamTurn(gameId: string, request: TurnRequest, handlers: TurnHandlers, signal: AbortSignal): Promise<void> {
  const { path, body } = turnEndpoint(gameId, request);
  const response = await openStream(path, signal, {
    method: "POST",
    headers: body ? { Accept: "text/event-stream", "Content-Type": "application/json" } : { Accept: "text/event-stream" },
    body: body ? JSON.stringify(body) : undefined,
  });
  await readTurnStream(response, handlers, signal);
}

/**
 * Resumes the narration of the game's latest turn (issue 11 §4): GET /api/games/:id/live with
 * Last-Event-ID = `from`, the characters of narration the page already has; the stream then
 * sends the rest (delta* → done | error), or only the end once the narration is stored.
 * Output: false when the server has no narration to resume (204), true once the stream ended
 * with `done` or `error`. Rejects as {@link streamTurn} (404 GAME_NOT_FOUND, status 0 on a drop).
 */
export async function resumeTurn(gameId: string, from: number, handlers: TurnHandlers, signal: AbortSignal): Promise<boolean> {
  const response = await openStream(`/api/games/${encodeURIComponent(gameId)}/live`, signal, {
    headers: { Accept: "text/event-stream", "Last-Event-ID": String(from) },
  });
  if (response.status === 204) return false;
  await readTurnStream(response, handlers, signal);
  return true;
}

/** fetch() of a stream: the AbortError of `signal` as is, any other failure as a drop (ApiError status 0). */
async function openStream(path: string, signal: AbortSignal, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: "same-origin", signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw streamError();
  }
}

/** Reads a turn stream to its 'done' or 'error' event, calling `handlers`; rejects like {@link streamTurn}. */
async function readTurnStream(response: Response, handlers: TurnHandlers, signal: AbortSignal): Promise<void> {
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
        case "waiting":
          handlers.onWaiting(payload as EventData<"waiting">);
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

/**
 * Moves the tip of the story (issue 11 §2, ADR 0008): PUT /api/games/:id/tip {messageId, mode}
 * → the game as it now reads. 'here': 'Riprendi da qui'; 'latest': another version of a
 * narration (‹ 2/3 ›) with what followed it. Throws ApiError (404 MESSAGE_NOT_FOUND, network).
 */
export function moveTip(gameId: string, messageId: string, mode: "here" | "latest"): Promise<MovedTipView> {
  return api<MovedTipView>(`/games/${encodeURIComponent(gameId)}/tip`, { method: "PUT", body: { messageId, mode } });
}

/**
 * 'Annulla' (issue 11 §2): POST /api/games/:id/undo → the game without its latest player's turn
 * (kept as a hidden branch). Throws ApiError (409 NOTHING_TO_UNDO, network).
 */
export function undoTurn(gameId: string): Promise<UndoneView> {
  return api<UndoneView>(`/games/${encodeURIComponent(gameId)}/undo`, { method: "POST" });
}

/**
 * 'Modifica' (issue 11 §2): PATCH /api/games/:id/messages/:messageId {content} → the edited
 * message. Throws ApiError (400 with the schema's Italian text, 409 MESSAGE_NOT_EDITABLE, 404).
 */
export function editMessage(gameId: string, messageId: string, content: string): Promise<EditedMessageView> {
  return api<EditedMessageView>(`/games/${encodeURIComponent(gameId)}/messages/${encodeURIComponent(messageId)}`, { method: "PATCH", body: { content } });
}

/** Query key of a game's map ('Mappa delle scelte'). */
export const storyMapKey = (gameId: string) => ["game", gameId, "map"] as const;

/**
 * GET /api/games/:id/map → StoryMapView: every message of the game as a tree with the current
 * path marked (issue 11 §2). Always read fresh when the map opens.
 */
export const storyMapQuery = (gameId: string) =>
  queryOptions({
    queryKey: storyMapKey(gameId),
    queryFn: ({ signal }) => api<StoryMapView>(`/games/${encodeURIComponent(gameId)}/map`, { signal }),
    staleTime: 0,
  });

/**
 * GET /api/games/:id/messages?before=<cursor> → MessagePageView: the page of the story before
 * the cursor (a GameView's or a previous page's olderCursor; issue 11 §5).
 * Throws ApiError (404 MESSAGE_NOT_FOUND when the story changed meanwhile, network).
 */
export function olderMessages(gameId: string, before: string, signal?: AbortSignal): Promise<MessagePageView> {
  return api<MessagePageView>(`/games/${encodeURIComponent(gameId)}/messages?before=${encodeURIComponent(before)}`, { signal });
}
