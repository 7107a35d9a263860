/**
 * GET /api/presence?tab=<id> (session needed) → text/event-stream.
 * Holds the tab's presence while a game page is open (spec §4 Duplicate session). When another
 * tab of the same user is already present, sends one 'duplicate' event with the spec's texts
 * ('Sessione già attiva') and closes; otherwise sends 'ready' and a 'ping' every 25 s.
 */

import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { ERRORS } from "../../shared/errors";
import { currentUser, requireUser } from "../auth/middleware";
import type { AppEnv } from "../context";
import { validationHook } from "../validation";
import { watchStream } from "./stream-lifetime";
import { zValidator } from "@hono/zod-validator";

const presenceQuery = z.object({ tab: z.string().trim().min(8).max(64) });

export const presenceRoutes = new Hono<AppEnv>().use(requireUser).get("/", zValidator("query", presenceQuery, validationHook), (c) => {
  const user = currentUser(c);
  const { tab } = c.req.valid("query");
  return streamSSE(c, async (stream) => {
    const life = watchStream(stream, c.var.deps.shutdownSignal);
    const lease = await c.var.deps.presence.join(user.id, tab);
    if (lease.duplicate) {
      await stream.writeSSE({ event: "duplicate", data: JSON.stringify(ERRORS.DUPLICATE_SESSION) });
      return;
    }
    if (!life.isOver()) {
      await stream.writeSSE({ event: "ready", data: "{}" });
      const ping = setInterval(() => void stream.writeSSE({ event: "ping", data: "{}" }), 25_000);
      await life.ended;
      clearInterval(ping);
    }
    await lease.release();
  });
});
