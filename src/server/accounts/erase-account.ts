/**
 * Account erasure (GDPR right to erasure; spec §2 Profile 'Elimina account', §7 delete-user;
 * DESIGN §5 "Deleting an account removes every row and file of that user"). Used by the
 * profile (self-deletion) and by the admin console (deleting a user).
 */

import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { AppDeps } from "../context";
import type { Database } from "../db/schema";
import { deleteUnreferencedMedia } from "../media/media-references";
import { departEverywhere, type GroupChange } from "../policies/membership";
import { publishGroupChanges } from "../realtime/live-events";
import { assertNotLastAdmin } from "./last-admin";

export type EraseDeps = Pick<AppDeps, "db" | "media" | "env" | "logger" | "bus">;

export interface EraseResult {
  /** Media files removed from storage. */
  deletedFiles: number;
  /** Files of the user kept because rows that stay still show them (an admin's template cover). */
  keptFiles: number;
}

/** Every image URL the user's rows point at (their images, chat pictures, own games' covers). */
async function imageUrlsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const ownGames = db.selectFrom("saved_games").select("id").where("user_id", "=", userId).where("is_template", "=", 0);
  const [images, messages, covers] = await Promise.all([
    db.selectFrom("generated_images").select("image_url as url").where("user_id", "=", userId).execute(),
    db
      .selectFrom("chat_messages")
      .select("image_url as url")
      .where("image_url", "is not", null)
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("game_id", "in", ownGames)]))
      .execute(),
    db
      .selectFrom("saved_games")
      .select("cover_image_url as url")
      .where("user_id", "=", userId)
      .where("is_template", "=", 0)
      .where("cover_image_url", "is not", null)
      .execute(),
  ]);
  return [...new Set([...images, ...messages, ...covers].map((r) => r.url).filter((u): u is string => Boolean(u)))];
}

/**
 * Erases an account.
 * Input: deps {db, media, log} and the user id. In one transaction it deletes every row of the
 * user in every table of USER_OWNED_COLUMNS (schema.ts): profile, roles, tokens, their games
 * with all their messages, images, likes (the templates' like counts go down), favourites,
 * notification reads, sessions, accounts (password), pending
 * verification tokens and the user row. Templates the user created (saved_games with
 * is_template = 1, made by an admin) stay, with user_id set to NULL; so do the user's orders
 * (financial records) and audit entries (what they did, with their e-mail at the time), with
 * user_id set to NULL (issue 9 findings 8, 9). The only remaining admin is never erased (409
 * LAST_ADMIN, checked inside the transaction: issue 9 finding 10). `within`, when given, runs
 * inside the same transaction after the erasure (the caller's audit entry). After the commit the
 * user's image files are removed through deleteUnreferencedMedia (media-references.ts), which
 * keeps every file that rows which stay still show. Other browsers of the user are signed out at
 * their very next request (their session rows are gone, and sessions are read from the database
 * on every request: issue 9 finding 12).
 * Group stories (issue 36 finding 0): first, in the same transaction, the membership ledger's
 * departEverywhere takes the user out of every story they play in (a story they host goes to the
 * next player; their messages there stay without them, 'Giocatore eliminato'; their notes and
 * votes go), so only their own games' messages are deleted; after the commit every group
 * concerned is told (`group.changed`).
 * Output: EraseResult, or null when no such user exists. Throws when the database fails (then
 * nothing is deleted); a storage failure after the commit is logged and does not throw.
 */
export async function eraseAccount(
  deps: EraseDeps,
  userId: string,
  within?: (trx: Kysely<Database>) => Promise<void>,
): Promise<EraseResult | null> {
  const { db, logger } = deps;
  const user = await db.selectFrom("user").select(["id", "email"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return null;

  const urls = await imageUrlsOf(db, userId);

  let groups: GroupChange[] = [];
  await db.transaction().execute(async (trx) => {
    await assertNotLastAdmin(trx, userId);
    // The group step (issue 36 finding 0), before anything of the user is deleted.
    groups = await departEverywhere(trx, userId);
    const ownGames = trx.selectFrom("saved_games").select("id").where("user_id", "=", userId).where("is_template", "=", 0);
    await trx.updateTable("saved_games").set({ user_id: null }).where("user_id", "=", userId).where("is_template", "=", 1).execute();
    await trx
      .updateTable("saved_games")
      .set({ likes_count: sql`case when likes_count > 0 then likes_count - 1 else 0 end` })
      .where("id", "in", trx.selectFrom("template_likes").select("template_id").where("user_id", "=", userId))
      .execute();
    // Their shared stories' links (issue 13); a takedown this user made as an admin stays, anonymised.
    await trx.deleteFrom("story_shares").where("game_id", "in", ownGames).execute();
    await trx.updateTable("story_shares").set({ taken_down_by: null }).where("taken_down_by", "=", userId).execute();
    // Their own games' messages only: their messages in other players' stories stay, anonymised above.
    await trx.deleteFrom("chat_messages").where("game_id", "in", ownGames).execute();
    await trx.deleteFrom("template_likes").where("user_id", "=", userId).execute();
    await trx.deleteFrom("user_favorites").where("user_id", "=", userId).execute();
    await trx.deleteFrom("notification_reads").where("user_id", "=", userId).execute();
    // Issue 23: personal notifications and a suspension go; reports, decisions and appeals stay
    // for the moderation records and the transparency report, without the person.
    await trx.deleteFrom("notifications").where("user_id", "=", userId).execute();
    await trx.deleteFrom("publishing_suspensions").where("user_id", "=", userId).execute();
    await trx.updateTable("content_reports").set({ reporter_user_id: null, reporter_email: null, reporter_ip: null }).where("reporter_user_id", "=", userId).execute();
    await trx.updateTable("moderation_decisions").set({ author_user_id: null }).where("author_user_id", "=", userId).execute();
    await trx.updateTable("moderation_decisions").set({ moderator_id: null }).where("moderator_id", "=", userId).execute();
    await trx.updateTable("moderation_appeals").set({ author_user_id: null }).where("author_user_id", "=", userId).execute();
    await trx.updateTable("moderation_appeals").set({ decided_by: null }).where("decided_by", "=", userId).execute();
    await trx.deleteFrom("generated_images").where("user_id", "=", userId).execute();
    await trx.updateTable("subscription_orders").set({ user_id: null }).where("user_id", "=", userId).execute();
    await trx.updateTable("audit_log").set({ user_id: null }).where("user_id", "=", userId).execute();
    // The site's AI cost history stays, no longer tied to anyone (issue 20 §4).
    await trx.updateTable("ai_usage").set({ user_id: null }).where("user_id", "=", userId).execute();
    await trx.deleteFrom("presence").where("user_id", "=", userId).execute();
    await trx.deleteFrom("saved_games").where("user_id", "=", userId).execute();
    await trx.deleteFrom("user_tokens").where("user_id", "=", userId).execute();
    await trx.deleteFrom("user_roles").where("user_id", "=", userId).execute();
    await trx.deleteFrom("profiles").where("id", "=", userId).execute();
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
    await trx.deleteFrom("account").where("userId", "=", userId).execute();
    // Password-reset and e-mail-change tokens name the user in `value` or the address in `identifier`.
    await trx
      .deleteFrom("verification")
      .where((eb) => eb.or([eb("value", "=", userId), eb("identifier", "=", user.email)]))
      .execute();
    await trx.deleteFrom("user").where("id", "=", userId).execute();
    await within?.(trx);
  });
  await publishGroupChanges(deps.bus, groups).catch((error: unknown) => logger.error({ err: error, userId }, "Gruppo: avviso non inviato"));

  if (urls.length === 0) return { deletedFiles: 0, keptFiles: 0 };
  try {
    const { deleted, kept } = await deleteUnreferencedMedia(deps, urls);
    return { deletedFiles: deleted, keptFiles: kept };
  } catch (error) {
    logger.error({ err: error, userId, files: urls }, "Account cancellato, ma le sue immagini non sono state rimosse");
    return { deletedFiles: 0, keptFiles: 0 };
  }
}
