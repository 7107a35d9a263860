/** How long a server-sent event stream lives: until the client leaves or the server stops. */

import type { SSEStreamingApi } from "hono/streaming";

/**
 * Watches a stream from its first line: call it synchronously when the stream callback starts,
 * before any await, so an early disconnect is never missed.
 * Output: `ended` resolves when the client disconnects or `shutdown` aborts (the shutdown
 * listener is removed then); `isOver()` tells whether that already happened.
 */
export function watchStream(stream: SSEStreamingApi, shutdown: AbortSignal): { ended: Promise<void>; isOver(): boolean } {
  let over = stream.aborted || shutdown.aborted;
  const ended = new Promise<void>((resolve) => {
    const finish = () => {
      over = true;
      shutdown.removeEventListener("abort", finish);
      resolve();
    };
    if (over) return finish();
    stream.onAbort(finish);
    shutdown.addEventListener("abort", finish, { once: true });
  });
  return { ended, isOver: () => over };
}
