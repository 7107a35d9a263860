/**
 * Who gets a push, and when (issue 39 "Push notifications"): the players named by a trigger who
 * turned pushes on (a subscription) and keep that kind on (push_preferences; no row = all on), at
 * most PUSHES_PER_MINUTE pushes per player per minute (the limit shared by every instance on
 * PostgreSQL, domain/auth/limit-store.ts). A subscription the push service calls gone (404/410),
 * or whose endpoint is no longer on the allow-list, is deleted. Sending happens in the background
 * ({@link pushInBackground}): it never delays or fails the request that triggered it; failures are
 * logged without the endpoint. `pushIdle()` resolves once every push started so far is done.
 */

import pLimit from "p-limit";
import { PUSH_TEXTS, type PushKind, type PushPayload } from "../../../shared/push-kinds";
import { sharedLimiter } from "../auth/limit-store";
import type { AppDeps } from "../context";

export type PushDeps = Pick<AppDeps, "db" | "dialect" | "push" | "logger">;

/** Pushes one player may receive in a minute (all their browsers count as one push); more are dropped. */
export const PUSHES_PER_MINUTE = 5;
/** Pushes sent at once by one trigger (the site's notifications go to every subscriber). */
const SENDS_AT_ONCE = 8;

/** Who a trigger is for: players by id, or every player with a subscription (the site's notifications). */
export type PushAudience = readonly string[] | "everyone";

const running = new Set<Promise<void>>();

/** The players' push allowance (PUSHES_PER_MINUTE each). */
const limiterFor = (deps: PushDeps) => sharedLimiter(deps.db, deps.dialect, { keyPrefix: "push-player", points: PUSHES_PER_MINUTE, duration: 60 });

/** Whether the player may receive one more push this minute (takes it when so). */
async function takePush(deps: PushDeps, userId: string): Promise<boolean> {
  return limiterFor(deps).consume(userId).then(
    () => true,
    (refusal: unknown) => {
      if (refusal instanceof Error) throw refusal;
      return false;
    },
  );
}

/**
 * Sends the push of `kind` opening `url` to `audience` and waits for it. Input: deps, who, the
 * kind, a path of the site ('/…'). Output: the number of pushes the push services accepted.
 */
export async function pushToPlayers(deps: PushDeps, audience: PushAudience, kind: PushKind, url: string): Promise<number> {
  if (audience !== "everyone" && audience.length === 0) return 0;
  let query = deps.db
    .selectFrom("push_subscriptions as s")
    .leftJoin("push_preferences as p", "p.user_id", "s.user_id")
    .select(["s.id", "s.user_id", "s.endpoint", "s.p256dh", "s.auth"])
    .where((eb) => eb.or([eb(`p.${kind}`, "is", null), eb(`p.${kind}`, "=", 1)]));
  if (audience !== "everyone") query = query.where("s.user_id", "in", [...new Set(audience)]);
  const subscriptions = await query.orderBy("s.user_id").execute();
  const players = [...new Set(subscriptions.map((s) => s.user_id))];
  const allowed = new Set<string>();
  for (const userId of players) if (await takePush(deps, userId)) allowed.add(userId);
  const payload: PushPayload = { kind, title: PUSH_TEXTS[kind].title, body: PUSH_TEXTS[kind].body, url };
  const text = JSON.stringify(payload);
  const limit = pLimit(SENDS_AT_ONCE);
  const results = await Promise.all(
    subscriptions
      .filter((s) => allowed.has(s.user_id))
      .map((s) =>
        limit(async () => {
          try {
            const result = await deps.push.send({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, text);
            if (result !== "sent") await deps.db.deleteFrom("push_subscriptions").where("id", "=", s.id).execute();
            return result === "sent";
          } catch (error) {
            const status = (error as { statusCode?: unknown }).statusCode;
            deps.logger.warn({ subscriptionId: s.id, status: typeof status === "number" ? status : undefined, kind }, "Notifica push non consegnata");
            return false;
          }
        }),
      ),
  );
  return results.filter(Boolean).length;
}

/**
 * {@link pushToPlayers} in the background: returns at once; a failure is logged, never thrown.
 */
export function pushInBackground(deps: PushDeps, audience: PushAudience, kind: PushKind, url: string): void {
  const work = pushToPlayers(deps, audience, kind, url).then(
    () => undefined,
    (error: unknown) => deps.logger.error({ err: error, kind }, "Notifiche push non inviate"),
  );
  running.add(work);
  void work.finally(() => running.delete(work));
}

/** Resolves once every push started so far is done (the server's stop and the tests wait for it). */
export async function pushIdle(): Promise<void> {
  while (running.size > 0) await Promise.all(running);
}
