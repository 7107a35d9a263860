/**
 * The group events of the live stream (issue 24, ADR 0019) handed from the one EventSource of the
 * header (features/notifications/api.ts useLiveEvents) to the pages that follow a group story, so
 * a game page opens no second stream (issue 19 §7 caps the streams per player).
 */

import type { LiveEvent } from "@shared/api-types";

/** The events a game page follows: a group story changed, a player types, a narration started. */
export type GroupLiveEvent = Extract<LiveEvent, { type: "group.changed" | "group.typing" | "group.narration" }>;

/** Their names, as the stream sends them (event name = type). */
export const GROUP_EVENT_TYPES: readonly GroupLiveEvent["type"][] = ["group.changed", "group.typing", "group.narration"];

const listeners = new Set<(event: GroupLiveEvent) => void>();

/** Input: a listener. Output: the function that removes it. */
export function onGroupEvent(listener: (event: GroupLiveEvent) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Hands one event (the stream's JSON data) to every listener; malformed data is ignored. */
export function emitGroupEvent(data: string): void {
  let event: GroupLiveEvent;
  try {
    event = JSON.parse(data) as GroupLiveEvent;
  } catch {
    return;
  }
  for (const listener of listeners) listener(event);
}

const openListeners = new Set<() => void>();

/**
 * Input: a listener called each time the stream is (re)connected (its 'ready' event): the events
 * sent before it were not heard, e.g. a game page that shows its players before the header has
 * opened the stream. Output: the function that removes it.
 */
export function onLiveStreamOpen(listener: () => void): () => void {
  openListeners.add(listener);
  return () => void openListeners.delete(listener);
}

/** Tells every {@link onLiveStreamOpen} listener that the stream is (re)connected. */
export function emitLiveStreamOpen(): void {
  for (const listener of openListeners) listener();
}
