/**
 * Web Push with VAPID through the `web-push` library (issue 39 "Push notifications"): the site's
 * key pair, and one send to one subscription, only to an allowed push service (push-origins.ts).
 */

import fs from "node:fs";
import type https from "node:https";
import path from "node:path";
import webpush from "web-push";
import type { Env } from "../env";
import { allowedEndpoint, DEFAULT_PUSH_ORIGINS, parsePushOrigins, type PushOrigin } from "./push-origins";

/** The file of DATA_DIR holding the generated key pair (a site secret: backed up with auth-secret). */
export const VAPID_KEYS_FILE = "vapid-keys.json";

/** A stored subscription, as the browser's PushSubscription.toJSON() gave it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushTransport {
  /** The VAPID public key (base64url) the browser subscribes with. */
  publicKey: string;
  /** The endpoint as the site calls it when it is on an allowed push service, else null. */
  allows(endpoint: string): string | null;
  /**
   * Sends `payload` (JSON text), encrypted (aes128gcm) and VAPID-signed, to `target`.
   * Output: 'sent'; 'gone' when the push service answers 404 or 410 (the subscription is dead);
   * 'refused' when the endpoint is not on an allowed push service (nothing is sent).
   * Throws on any other failure (network, other status).
   */
  send(target: PushTarget, payload: string): Promise<"sent" | "gone" | "refused">;
}

/** How long a push service may take to answer one push, ms. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps an undelivered push, s: a turn is news for a day. */
const TTL_SECONDS = 24 * 3600;

/**
 * The site's VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or a pair made with web-push's
 * generateVAPIDKeys at the first start and kept in DATA_DIR/vapid-keys.json (0600).
 */
export function vapidKeys(env: Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "DATA_DIR">): { publicKey: string; privateKey: string } {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  const file = path.join(env.DATA_DIR, VAPID_KEYS_FILE);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** VAPID_SUBJECT, else PUBLIC_URL when it is https, else MAIL_FROM's address as a mailto: URL. */
function vapidSubject(env: Pick<Env, "VAPID_SUBJECT" | "PUBLIC_URL" | "MAIL_FROM">): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.PUBLIC_URL?.startsWith("https://")) return env.PUBLIC_URL;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

/**
 * Builds the transport of the site. Input: the env (keys, subject, PUSH_SERVICE_ORIGINS) and an
 * optional https.Agent for the push services' connections (tests trust their own CA with it).
 */
export function createPushTransport(env: Env, agent?: https.Agent): PushTransport {
  const keys = vapidKeys(env);
  const origins = env.PUSH_SERVICE_ORIGINS ?? (parsePushOrigins(DEFAULT_PUSH_ORIGINS) as PushOrigin[]);
  const vapidDetails = { subject: vapidSubject(env), ...keys };
  return {
    publicKey: keys.publicKey,
    allows: (endpoint) => allowedEndpoint(endpoint, origins),
    async send(target, payload) {
      // Checked again before each send: PUSH_SERVICE_ORIGINS may have changed since the subscription.
      const endpoint = allowedEndpoint(target.endpoint, origins);
      if (endpoint === null) return "refused";
      try {
        await webpush.sendNotification({ endpoint, keys: target.keys }, payload, { vapidDetails, TTL: TTL_SECONDS, timeout: SEND_TIMEOUT_MS, contentEncoding: "aes128gcm", ...(agent ? { agent } : {}) });
        return "sent";
      } catch (error) {
        if (error instanceof webpush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) return "gone";
        throw error;
      }
    },
  };
}
