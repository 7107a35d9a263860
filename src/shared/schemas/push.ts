/**
 * Push notifications on the phone (issue 39): the browser's subscription as the server receives
 * it and the preferences form (the kinds and their texts: shared/push-kinds.ts, without zod, so
 * the Profilo card's first load carries no validation code). Shared by the Profilo card and the
 * server.
 */

import { z } from "zod";
import { PUSH_KINDS, type PushKind } from "../push-kinds";

const KEY_MESSAGE = "La sottoscrizione del browser non è valida.";
/** A base64url key of the browser: p256dh is 65 bytes (87 characters), auth 16 (22). */
const browserKey = (max: number) => z.string({ error: KEY_MESSAGE }).regex(/^[A-Za-z0-9_-]+={0,2}$/, KEY_MESSAGE).min(16, KEY_MESSAGE).max(max, KEY_MESSAGE);

/** The push service's address of one browser (checked against the allow-list on the server). */
export const pushEndpointSchema = z.string({ error: "Indirizzo del servizio push mancante." }).trim().min(1, "Indirizzo del servizio push mancante.").max(1000, "L'indirizzo del servizio push è troppo lungo.");

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  /** ms since the epoch, or null. */
  expirationTime: z.number({ error: KEY_MESSAGE }).int(KEY_MESSAGE).min(0, KEY_MESSAGE).max(8.64e15, KEY_MESSAGE).nullable().optional(),
  keys: z.object({ p256dh: browserKey(100), auth: browserKey(50) }, { error: KEY_MESSAGE }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

/** GET/PUT /api/push/preferences: on/off per kind. */
export const pushPreferencesSchema = z.object(Object.fromEntries(PUSH_KINDS.map((kind) => [kind, z.boolean({ error: "Scegli sì o no." })])) as Record<PushKind, z.ZodBoolean>);
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;
