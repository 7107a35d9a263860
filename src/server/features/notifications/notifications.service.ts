/**
 * Notifications (spec §3 notifications, notification_reads; §4 Notification; §7 table calls).
 * A notification is created as a draft (status null); publishing sets status 'published' and
 * published_at. Users only ever see published ones, newest first; a read record belongs to the
 * user who made it (the user id always comes from the session, never from the request).
 * Issue 23: a notification with user_id set is personal (a statement of reasons, an appeal's
 * outcome, written by features/moderation): only that user reads it, and the admins' screens
 * never list, edit or delete it; user_id null is the admins' broadcast.
 */

import { randomUUID } from "node:crypto";
import { type Kysely, type Selectable, sql } from "kysely";
import type { KeysetPage } from "../../../shared/admin-types";
import type { AdminNotificationView, NotificationView } from "../../../shared/api-types";
import type { NotificationInput } from "../../../shared/schemas/notification";
import { nextVersion, staleOrMissing } from "../../platform/admin-edit";
import { nowIso } from "../../platform/clock";
import type { Database, NotificationsTable } from "../../platform/db/schema";
import { contains } from "../../platform/db/text-search";
import { AppError } from "../../platform/errors";
import { type CursorValues, keysetPage } from "../../platform/keyset-cursor";

type Db = Kysely<Database>;

export const PUBLISHED = "published";

/**
 * The published notifications with the user's read flag, newest first.
 * Output: NotificationView[] (at most `limit`, default 200).
 */
export async function listPublished(db: Db, userId: string, limit = 200): Promise<NotificationView[]> {
  const rows = await db
    .selectFrom("notifications as n")
    .leftJoin("notification_reads as r", (join) => join.onRef("r.notification_id", "=", "n.id").on("r.user_id", "=", userId))
    .select(["n.id", "n.title", "n.content", "n.url", "n.published_at", "r.id as read_id"])
    .where("n.status", "=", PUBLISHED)
    .where((eb) => eb.or([eb("n.user_id", "is", null), eb("n.user_id", "=", userId)]))
    .orderBy("n.published_at", "desc")
    .orderBy("n.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    url: r.url,
    publishedAt: r.published_at ?? "",
    read: r.read_id !== null,
  }));
}

/**
 * Marks a published notification read for the user (idempotent).
 * Throws 404 NOTIFICATION_NOT_FOUND for a missing or unpublished notification.
 */
export async function markRead(db: Db, userId: string, notificationId: string): Promise<void> {
  const exists = await db
    .selectFrom("notifications")
    .select("id")
    .where("id", "=", notificationId)
    .where("status", "=", PUBLISHED)
    .where((eb) => eb.or([eb("user_id", "is", null), eb("user_id", "=", userId)]))
    .executeTakeFirst();
  if (!exists) throw AppError.of("NOTIFICATION_NOT_FOUND", 404);
  await db
    .insertInto("notification_reads")
    .values({ id: randomUUID(), notification_id: notificationId, user_id: userId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(["notification_id", "user_id"]).doNothing())
    .execute();
}

function toAdminView(n: Selectable<NotificationsTable>): AdminNotificationView {
  return {
    id: n.id,
    title: n.title,
    content: n.content,
    url: n.url,
    status: n.status === PUBLISHED ? PUBLISHED : null,
    createdAt: n.created_at,
    updatedAt: n.updated_at,
    publishedAt: n.published_at,
    version: n.version,
  };
}

/**
 * Admin list: every notification, drafts included, newest created first, in keyset pages
 * (issue 22 §11). Input: page size, the previous page's cursor [created_at, id] (undefined =
 * first page), an optional part of the title or content (case-insensitive). Output: {items, nextCursor}.
 */
export async function listAll(
  db: Db,
  options: { limit: number; cursor?: CursorValues<readonly ["string", "string"]>; search?: string },
): Promise<KeysetPage<AdminNotificationView>> {
  let query = db.selectFrom("notifications").selectAll().where("user_id", "is", null);
  const { search, cursor } = options;
  if (search) query = query.where((eb) => eb.or([contains("title", search), contains("content", search)]));
  if (cursor) query = query.where(sql<boolean>`(created_at, id) < (${cursor[0]}, ${cursor[1]})`);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(options.limit + 1).execute();
  return keysetPage(rows, options.limit, toAdminView, (row) => [row.created_at, row.id]);
}

/** Creates a draft. Output: the new notification. */
export async function createNotification(db: Db, input: NotificationInput): Promise<AdminNotificationView> {
  const now = nowIso();
  const row = {
    id: randomUUID(),
    title: input.title,
    content: input.content,
    url: input.url || null,
    status: null,
    created_at: now,
    updated_at: now,
    published_at: null,
    version: 1,
    user_id: null,
  };
  await db.insertInto("notifications").values(row).execute();
  return toAdminView(row);
}

/**
 * Edits title, content and url of the notification as of `version` (issue 22 §9: optimistic
 * concurrency; the row moves to version + 1). Throws 404 NOTIFICATION_NOT_FOUND, 409 STALE_EDIT
 * when another admin saved it since.
 */
export async function updateNotification(db: Db, id: string, input: NotificationInput & { version: number }): Promise<AdminNotificationView> {
  const row = await db
    .updateTable("notifications")
    .set({ title: input.title, content: input.content, url: input.url || null, updated_at: nowIso(), version: nextVersion })
    .where("id", "=", id)
    .where("version", "=", input.version)
    .where("user_id", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (row) return toAdminView(row);
  const exists = await db.selectFrom("notifications").select("id").where("id", "=", id).executeTakeFirst();
  return staleOrMissing(Boolean(exists), () => AppError.of("NOTIFICATION_NOT_FOUND", 404));
}

/**
 * Publishes a draft: status 'published', published_at now (spec §4). The conditional update
 * makes two concurrent publications publish once. Throws 404 NOTIFICATION_NOT_FOUND, or 409
 * NOTIFICATION_ALREADY_PUBLISHED when it already is.
 */
export async function publishNotification(db: Db, id: string): Promise<AdminNotificationView> {
  const now = nowIso();
  const row = await db
    .updateTable("notifications")
    .set({ status: PUBLISHED, published_at: now, updated_at: now })
    .where("id", "=", id)
    .where("user_id", "is", null)
    .where((eb) => eb.or([eb("status", "is", null), eb("status", "<>", PUBLISHED)]))
    .returningAll()
    .executeTakeFirst();
  if (row) return toAdminView(row);
  const exists = await db.selectFrom("notifications").select("id").where("id", "=", id).where("user_id", "is", null).executeTakeFirst();
  throw exists ? AppError.of("NOTIFICATION_ALREADY_PUBLISHED", 409) : AppError.of("NOTIFICATION_NOT_FOUND", 404);
}

/**
 * Deletes a notification and its read records (cascade). Output: whether it was published (so
 * users' lists must be refreshed). Throws 404 NOTIFICATION_NOT_FOUND.
 */
export async function deleteNotification(db: Db, id: string): Promise<{ wasPublished: boolean }> {
  const row = await db.deleteFrom("notifications").where("id", "=", id).where("user_id", "is", null).returning(["status"]).executeTakeFirst();
  if (!row) throw AppError.of("NOTIFICATION_NOT_FOUND", 404);
  return { wasPublished: row.status === PUBLISHED };
}
