/**
 * Account erasure (GDPR right to erasure; spec §2 Profile 'Elimina account', §7 delete-user;
 * DESIGN §5 "Deleting an account removes every row and file of that user"). Used by the
 * profile (self-deletion) and by the admin console (deleting a user).
 */

import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { AppDeps } from "../context";
import type { Database } from "../db/schema";

export type EraseDeps = Pick<AppDeps, "db" | "media" | "log">;

export interface EraseResult {
  /** Media files removed from storage. */
  deletedFiles: number;
  /** Files of the user kept because rows that stay still show them (an admin's template cover). */
  keptFiles: number;
}

const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
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

/** The URLs among `urls` that rows still in the database show (after the erasure). */
async function stillReferenced(db: Kysely<Database>, urls: string[]): Promise<Set<string>> {
  const kept = new Set<string>();
  for (const part of chunks(urls)) {
    const rows = await db
      .selectFrom("saved_games")
      .select("cover_image_url as url")
      .where("cover_image_url", "in", part)
      .union(db.selectFrom("chat_messages").select("image_url as url").where("image_url", "in", part))
      .union(db.selectFrom("generated_images").select("image_url as url").where("image_url", "in", part))
      .execute();
    for (const r of rows) if (r.url) kept.add(r.url);
  }
  return kept;
}

/**
 * Erases an account.
 * Input: deps {db, media, log} and the user id. In one transaction it deletes every row of the
 * user in every table of USER_OWNED_COLUMNS (schema.ts): profile, roles, tokens, their games
 * with all their messages, images, likes (the templates' like counts go down), favourites,
 * notification reads, orders, audit entries, sessions, accounts (password), pending
 * verification tokens and the user row. Templates the user created (saved_games with
 * is_template = 1, made by an admin) stay, with user_id set to NULL. After the commit the
 * user's image files are removed through deps.media.deleteByUrls, except files that rows which
 * stay still show. Other browsers of the user are signed out at their next request (their
 * session rows are gone; a signed cookie cache may answer for up to 60 s more).
 * Output: EraseResult, or null when no such user exists. Throws when the database fails (then
 * nothing is deleted); a storage failure after the commit is logged and does not throw.
 */
export async function eraseAccount(deps: EraseDeps, userId: string): Promise<EraseResult | null> {
  const { db, media, log } = deps;
  const user = await db.selectFrom("user").select(["id", "email"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return null;

  const urls = await imageUrlsOf(db, userId);

  await db.transaction().execute(async (trx) => {
    const ownGames = trx.selectFrom("saved_games").select("id").where("user_id", "=", userId).where("is_template", "=", 0);
    await trx.updateTable("saved_games").set({ user_id: null }).where("user_id", "=", userId).where("is_template", "=", 1).execute();
    await trx
      .updateTable("saved_games")
      .set({ likes_count: sql`case when likes_count > 0 then likes_count - 1 else 0 end` })
      .where("id", "in", trx.selectFrom("template_likes").select("template_id").where("user_id", "=", userId))
      .execute();
    await trx
      .deleteFrom("chat_messages")
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("game_id", "in", ownGames)]))
      .execute();
    await trx.deleteFrom("template_likes").where("user_id", "=", userId).execute();
    await trx.deleteFrom("user_favorites").where("user_id", "=", userId).execute();
    await trx.deleteFrom("notification_reads").where("user_id", "=", userId).execute();
    await trx.deleteFrom("generated_images").where("user_id", "=", userId).execute();
    await trx.deleteFrom("subscription_orders").where("user_id", "=", userId).execute();
    await trx.deleteFrom("audit_log").where("user_id", "=", userId).execute();
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
  });

  if (urls.length === 0) return { deletedFiles: 0, keptFiles: 0 };
  const kept = await stillReferenced(db, urls);
  const doomed = urls.filter((u) => !kept.has(u));
  let deletedFiles = 0;
  try {
    deletedFiles = doomed.length ? await media.deleteByUrls(doomed) : 0;
  } catch (error) {
    log(`Account ${userId} cancellato, ma ${doomed.length} immagini non sono state rimosse: ${String(error)} — ${doomed.join(", ")}`);
  }
  return { deletedFiles, keptFiles: kept.size };
}
