/**
 * GET /api/events (session needed; 401 otherwise) → text/event-stream of LiveEvent for the
 * signed-in user: first 'ready', then one event per bus message, named after its `type`
 * ('notifications.changed', 'account.changed'), with the event as JSON data, and a 'ping'
 * every 25 s. Everyone's events (topic `broadcast`) and the user's own (`user:<id>`) arrive here,
 * from this instance or, on PostgreSQL, from any other (issue 5 Live).
 * Bounds (issue 19 §7): a player (a guest too) holds at most LIVE_EVENT_STREAMS_PER_PLAYER streams
 * on an instance; a new one past it ends the player's oldest with a 'replaced' event (the page then
 * stops listening instead of reconnecting). 503 SERVER_BUSY once the instance holds
 * LIVE_STREAMS_MAX live streams.
 */

import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { watchStream } from "../../platform/realtime/stream-lifetime";
import type { LiveEvent } from "../../../shared/api-types";
import { currentUser, requireUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import { BROADCAST_TOPIC, userTopic } from "../../platform/realtime/live-events";

const PING_MS = 25_000;

export const eventsRoutes = new Hono<AppEnv>().use(requireUser).get("/", (c) => {
  const user = currentUser(c);
  const { bus, shutdownSignal, bounds } = c.var.deps;
  // Taken before the stream starts, so a refusal is a plain JSON answer; given back when it ends.
  const replaced = new AbortController();
  const release = bounds.eventStreams.take(user.id, () => replaced.abort());
  c.header("Cache-Control", "no-store");
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    const life = watchStream(stream, AbortSignal.any([shutdownSignal, replaced.signal]));
    // Writes are chained so events never interleave.
    let queue = Promise.resolve();
    const send = (event: string, data: unknown) => {
      queue = queue.then(() => stream.writeSSE({ event, data: JSON.stringify(data) })).catch(() => {});
      return queue;
    };
    const forward = (payload: unknown) => {
      const event = payload as LiveEvent;
      if (event && typeof event.type === "string") void send(event.type, event);
    };
    const unsubscribe = [bus.subscribe(BROADCAST_TOPIC, forward), bus.subscribe(userTopic(user.id), forward)];
    await send("ready", {});
    const ping = setInterval(() => void send("ping", {}), PING_MS);
    await life.ended;
    clearInterval(ping);
    for (const off of unsubscribe) off();
    release();
    if (replaced.signal.aborted) await send("replaced", {});
  });
});
