/**
 * Push notifications on the phone (issue 39 "Push notifications"):
 *   GET    /api/push/key            → 200 {publicKey}        the VAPID public key (base64url); anyone
 * Signed-in players, guests included (401 otherwise), their own rows only:
 *   POST   /api/push/subscriptions  → 201 {ok: true}         the browser's PushSubscription.toJSON()
 *                                    ({endpoint, expirationTime, keys: {p256dh, auth}}); 400 validation,
 *                                    400 PUSH_SERVICE_NOT_ALLOWED for an endpoint off the allow-list
 *   DELETE /api/push/subscriptions  → 204                    {endpoint}: the caller's subscription goes
 *   GET    /api/push/preferences    → 200 PushPreferences    on/off per kind (all on until changed)
 *   PUT    /api/push/preferences    → 200 PushPreferences    the same shape
 */

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { pushPreferencesSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from "../../../shared/schemas/push";
import { currentUser, requireUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import { validationHook } from "../../platform/validation";
import { readPreferences, subscribe, unsubscribe, writePreferences } from "./push.service";

export const pushRoutes = new Hono<AppEnv>()
  .get("/key", (c) => c.json({ publicKey: c.var.deps.push.publicKey }))
  .use(requireUser)
  .post("/subscriptions", zValidator("json", pushSubscriptionSchema, validationHook), async (c) => {
    await subscribe(c.var.deps.db, c.var.deps.push, currentUser(c).id, c.req.valid("json"));
    return c.json({ ok: true as const }, 201);
  })
  .delete("/subscriptions", zValidator("json", pushUnsubscribeSchema, validationHook), async (c) => {
    await unsubscribe(c.var.deps.db, c.var.deps.push, currentUser(c).id, c.req.valid("json").endpoint);
    return c.body(null, 204);
  })
  .get("/preferences", async (c) => c.json(await readPreferences(c.var.deps.db, currentUser(c).id)))
  .put("/preferences", zValidator("json", pushPreferencesSchema, validationHook), async (c) => c.json(await writePreferences(c.var.deps.db, currentUser(c).id, c.req.valid("json"))));
