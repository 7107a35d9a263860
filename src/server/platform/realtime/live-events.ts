/**
 * Live events for signed-in browsers (issue 5 Live; spec §4 Admin flag, Notification): what goes
 * over the event bus and out of GET /api/events. Topics: `broadcast` (every user) and
 * `user:<id>` (one user, on every instance).
 */

import type { LiveEvent } from "../../../shared/api-types";
import type { EventBus } from "./event-bus";

export const BROADCAST_TOPIC = "broadcast";

/** Bus topic of one user's private events. */
export function userTopic(userId: string): string {
  return `user:${userId}`;
}

/** Sends an event to every connected user (e.g. a notification was published). */
export function publishToEveryone(bus: EventBus, event: LiveEvent): Promise<void> {
  return bus.publish(BROADCAST_TOPIC, event);
}

/**
 * Tells one user's browsers that their account changed (role rows, plan, limits): the web then
 * reloads GET /api/me, so the header's Admin link appears or disappears without a reload.
 * Call it after any change to the user's user_roles or user_tokens rows (issue 6: role and plan edits).
 */
export function publishAccountChanged(bus: EventBus, userId: string, reason: "roles" | "plan" = "roles"): Promise<void> {
  return bus.publish(userTopic(userId), { type: "account.changed", reason } satisfies LiveEvent);
}

/** Server-side topic of one user whose account ended: deactivated by an admin or erased (issue 36 finding 16a). */
export function accountEndedTopic(userId: string): string {
  return `account.ended:${userId}`;
}

/**
 * Tells every instance that the account of `userId` ended (deactivated or erased): each closes
 * that user's open streams at once (realtime/account-streams.ts). Call it after the change is committed.
 */
export function publishAccountEnded(bus: EventBus, userId: string): Promise<void> {
  return bus.publish(accountEndedTopic(userId), {});
}

/** Server-side topic: what the sitemap lists changed (a share saved, revoked or taken down; a moderation decision). */
export const SITEMAP_TOPIC = "sitemap.changed";

/**
 * Tells every instance that the sitemap lists stale stories (issue 19: a story unlisted or
 * revoked must leave the sitemap at once): each drops its cached sitemap files. Call it after the
 * change is committed.
 */
export function publishSitemapChanged(bus: EventBus): Promise<void> {
  return bus.publish(SITEMAP_TOPIC, {});
}

/**
 * Tells the players of each story whose group changed outside the group's own routes too (issue 36
 * finding 0: an account erased or deactivated; a player removed or leaving): `group.changed` with
 * the story's id on the user topic of everyone in `tell`, and the sitemap when a story's public
 * link was withdrawn (`unshared`). Input: the membership ledger's changes. Call it after the commit.
 */
export async function publishGroupChanges(bus: EventBus, changes: readonly { gameId: string; tell: readonly string[]; unshared: boolean }[]): Promise<void> {
  await Promise.all(changes.flatMap((change) => change.tell.map((id) => bus.publish(userTopic(id), { type: "group.changed", gameId: change.gameId } satisfies LiveEvent))));
  if (changes.some((change) => change.unshared)) await publishSitemapChanged(bus);
}
