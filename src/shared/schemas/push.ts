/**
 * Push notifications on the phone (issue 39): the browser's subscription as the server receives
 * it, the kinds of push with their Italian labels and texts, and the preferences form. Shared by
 * the Profilo card and the server.
 */

import { z } from "zod";

/** The kinds of push, in the order the Profilo card lists them. */
export const PUSH_KINDS = ["turn", "vote", "friend", "moderation", "site"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * Per kind: the checkbox's label in Profilo, and the notification's title and body. Texts are
 * generic: a push carries no story text (not even a title a player wrote), only what to open.
 */
export const PUSH_TEXTS: Record<PushKind, { label: string; title: string; body: string }> = {
  turn: { label: "'Tocca a te' in una storia di gruppo", title: "Tocca a te", body: "È il tuo turno in una storia di gruppo." },
  vote: { label: "Una votazione aperta", title: "Si vota", body: "Il gruppo sta votando la prossima scelta." },
  friend: { label: "Un amico si è unito alla tua storia", title: "Un amico si è unito", body: "Un amico si è unito alla tua storia di gruppo." },
  moderation: { label: "Una decisione di moderazione sui tuoi contenuti", title: "Decisione di moderazione", body: "C'è una decisione sui tuoi contenuti." },
  site: { label: "Le notifiche del sito", title: "Nuova notifica", body: "C'è una nuova notifica per te." },
};

/** What a push carries (JSON): the kind's texts and the site's path to open. */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  /** A path of the site, starting with '/'. */
  url: string;
}

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
