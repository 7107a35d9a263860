/**
 * A user's streams live only while the account does (issue 36 finding 16a): when an admin
 * deactivates it or it is erased, publishAccountEnded (live-events.ts) tells every instance over
 * the event bus, and each ends that user's open server-sent event streams at once — GET
 * /api/events, /api/presence, a turn's narration, a game's /live, any stream added later: every
 * text/event-stream answer to a signed-in request passes through {@link endStreamsWithAccount}
 * (app.ts). Ending it cancels the route's own stream, so the route's end runs as when the client
 * leaves (presence released, subscriptions dropped); the browser's EventSource, reconnecting, meets 401.
 */

import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../domain/context";
import type { EventBus } from "../../platform/realtime/event-bus";
import { accountEndedTopic } from "../../platform/realtime/live-events";

/**
 * `body`, until the account of `userId` ends: then its source is cancelled (the route sees the
 * client gone) and the answer ends. Input: the bus, the user id and the stream's body.
 */
function untilAccountEnds(bus: EventBus, userId: string, body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const source = body.getReader();
  // A pending read then resolves as done, and pull() ends the answer.
  const off = bus.subscribe(accountEndedTopic(userId), () => void source.cancel().catch(() => undefined));
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read();
      if (!done) return controller.enqueue(value);
      off();
      controller.close();
    },
    cancel(reason) {
      off();
      return source.cancel(reason);
    },
  });
}

/** Middleware for /api (after the session is read): every event stream of a signed-in user ends with the account. */
export const endStreamsWithAccount = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const user = c.var.user;
  const body = c.res.body;
  if (!user || !body || !(c.res.headers.get("content-type") ?? "").startsWith("text/event-stream")) return;
  c.res = new Response(untilAccountEnds(c.var.deps.bus, user.id, body), c.res);
});
