/**
 * GET /api/presence?tab=<id>&game=<story id> (session needed; game optional) → text/event-stream.
 * Holds the tab's presence while a game page is open (spec §4 Duplicate session). When another
 * tab of the same user is already present, sends one 'duplicate' event with the spec's texts
 * ('Sessione già attiva') and closes; otherwise sends 'ready' and a 'ping' every 25 s.
 * With the id of a story the caller may read (issue 24), the tab makes them present in it: in a
 * group story the members are told when it opens and once it has been closed for the presence's
 * grace ('assente'). Any other id is ignored.
 */

import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { ERRORS } from "../../../shared/errors";
import { currentUser, requireUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import { readableStory, storyTabClosed, storyTabOpened } from "../games/group-presence";
import { validationHook } from "../../platform/validation";
import { watchStream } from "../../platform/realtime/stream-lifetime";
import { zValidator } from "@hono/zod-validator";

const presenceQuery = z.object({ tab: z.string().trim().min(8).max(64), game: z.string().max(64).optional() });

export const presenceRoutes = new Hono<AppEnv>().use(requireUser).get("/", zValidator("query", presenceQuery, validationHook), (c) => {
  const user = currentUser(c);
  const { tab, game } = c.req.valid("query");
  const { deps } = c.var;
  return streamSSE(c, async (stream) => {
    const life = watchStream(stream, deps.shutdownSignal);
    const story = game === undefined ? null : await readableStory(deps, user.id, game);
    const lease = await deps.presence.join(user.id, tab, story);
    if (lease.duplicate) {
      await stream.writeSSE({ event: "duplicate", data: JSON.stringify(ERRORS.DUPLICATE_SESSION) });
      return;
    }
    if (story) await storyTabOpened(deps, story);
    if (!life.isOver()) {
      await stream.writeSSE({ event: "ready", data: "{}" });
      const ping = setInterval(() => void stream.writeSSE({ event: "ping", data: "{}" }), 25_000);
      await life.ended;
      clearInterval(ping);
    }
    await lease.release();
    if (story) storyTabClosed(deps, story, deps.presence.awayMs);
  });
});
