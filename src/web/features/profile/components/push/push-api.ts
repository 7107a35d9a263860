/**
 * Push notifications of this browser (issue 39 'Notifiche sul telefono'): the service worker, the
 * browser's subscription with the site's key, and the server's copy of it and of the preferences.
 */

import type { PushPreferences } from "@shared/schemas/push";
import { queryOptions } from "@tanstack/react-query";
import type { PushKeyView, PushPreferencesView } from "@/lib/api-contract";
import { api } from "@/lib/api";

/** Whether this browser can receive pushes at all (service workers, the Push API, notifications). */
export const pushSupported = () => typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The service worker's registration for the whole site (/sw.js, scope /), registered on first use. */
async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** This browser's current push subscription, or null (none, or no service worker yet). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  return existing ? existing.pushManager.getSubscription() : null;
}

/** Why turning pushes on failed, in Italian. */
export class PushRefused extends Error {}

/**
 * Turns pushes on: asks the Notification permission, registers the service worker, subscribes
 * with the site's key (GET /api/push/key) and POSTs the subscription. Throws PushRefused (the
 * permission denied), or the server's ApiError (400 PUSH_SERVICE_NOT_ALLOWED: the browser's
 * subscription is dropped again).
 */
export async function turnPushOn(): Promise<void> {
  if ((await Notification.requestPermission()) !== "granted") throw new PushRefused("Le notifiche sono bloccate per questo sito: consentile nelle impostazioni del browser e riprova.");
  const worker = await registration();
  const { publicKey } = await api<PushKeyView>("/push/key");
  const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  try {
    await api("/push/subscriptions", { method: "POST", body: subscription.toJSON() });
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
}

/** Turns pushes off: DELETE /api/push/subscriptions for this browser's endpoint, then unsubscribes it. */
export async function turnPushOff(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api("/push/subscriptions", { method: "DELETE", body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

export const pushPreferencesKey = ["push", "preferences"] as const;

/** GET /api/push/preferences. */
export const pushPreferencesQuery = queryOptions({
  queryKey: pushPreferencesKey,
  queryFn: ({ signal }) => api<PushPreferencesView>("/push/preferences", { signal }),
});

/** PUT /api/push/preferences. */
export const savePushPreferences = (input: PushPreferences) => api<PushPreferencesView>("/push/preferences", { method: "PUT", body: input });
