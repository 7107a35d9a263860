/**
 * Account erasure (GDPR right to erasure; spec §2 Profile 'Elimina account', §7 delete-user;
 * DESIGN §5 "Deleting an account removes every row and file of that user"). Used by the
 * profile (self-deletion) and by the admin console (deleting a user).
 */

import type { Kysely } from "kysely";
import type { AppDeps } from "../context";
import type { Database } from "../../platform/db/schema";
import { deleteUnreferencedMedia } from "../media-references";
import { eraseAccountRows } from "../policies/account-rows";
import { departEverywhere, type GroupChange } from "../policies/membership";
import { publishAccountEnded, publishGroupChanges } from "../../platform/realtime/live-events";
import { assertNotLastAdmin } from "./last-admin";
import { AppError } from "../../platform/errors";

export type EraseDeps = Pick<AppDeps, "db" | "media" | "env" | "logger" | "bus" | "billing">;

/**
 * GDPR with Stripe (issue 41): before the rows go, the account's subscription is cancelled at once
 * and its Stripe customer deleted, so nothing is charged or kept at Stripe for a person who is gone.
 * Throws 502 PAYMENT_PROVIDER_ERROR when Stripe fails (then nothing is erased: retry later).
 */
async function endStripeCustomer(deps: EraseDeps, userId: string): Promise<void> {
  const row = await deps.db.selectFrom("billing_customers").select(["customer_id", "subscription_id", "subscription_status"]).where("user_id", "=", userId).executeTakeFirst();
  if (!row || !deps.billing) return;
  const { stripe } = deps.billing;
  try {
    if (row.subscription_id && row.subscription_status !== "canceled") await stripe.subscriptions.cancel(row.subscription_id);
    await stripe.customers.del(row.customer_id);
  } catch (error) {
    deps.logger.error({ err: error, userId }, "Stripe: abbonamento non annullato, account non cancellato");
    throw new AppError("PAYMENT_PROVIDER_ERROR", 502, "Non è stato possibile annullare l'abbonamento presso il servizio di pagamento. Riprova tra qualche minuto.", "Pagamento non disponibile");
  }
}

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
 * Input: deps {db, media, log} and the user id. In one transaction, after the story-membership
 * step, it applies the account-rows rule (policies/account-rows.ts eraseAccountRows): the
 * person's rows go (profile, roles, tokens, their own stories with every message, images, likes —
 * the templates' counts go down —, favourites, notification reads, sessions, login methods, the
 * user row); rows kept for others stay without them (their messages in other players' stories,
 * templates they made, orders, audit entries, moderation records, AI usage: issue 9 findings 8,
 * 9; issue 23; issue 36). Pending verification tokens naming the user or the address go too. The
 * only remaining admin is never erased (409 LAST_ADMIN, checked inside the transaction: issue 9
 * finding 10). `within`, when given, runs inside the same transaction after the erasure (the
 * caller's audit entry). After the commit the user's image files are removed through
 * deleteUnreferencedMedia (media-references.ts), which keeps every file that rows which stay
 * still show. Other browsers of the user are signed out at their very next request (their
 * session rows are gone, and sessions are read from the database on every request: issue 9
 * finding 12), and their open streams end at once (publishAccountEnded: issue 36 finding 16a).
 * Group stories (issue 36 finding 0): first, in the same transaction, the membership ledger's
 * departEverywhere takes the user out of every story they play in (a story they host goes to the
 * next player; their messages there stay without them, 'Giocatore eliminato'; their notes and
 * votes go); after the commit every group concerned is told (`group.changed`).
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
  await endStripeCustomer(deps, userId);

  let groups: GroupChange[] = [];
  await db.transaction().execute(async (trx) => {
    await assertNotLastAdmin(trx, userId);
    // Story membership first (seats, turns, votes, side notes, group stories the person hosts):
    // the membership ledger's step (policies/membership.ts, issue 36 finding 0).
    groups = await departEverywhere(trx, userId);
    // Password-reset and e-mail-change tokens name the user in `value` or the address in `identifier`.
    await trx
      .deleteFrom("verification")
      .where((eb) => eb.or([eb("value", "=", userId), eb("identifier", "=", user.email)]))
      .execute();
    // The person's private draft scenarios (issue 40 §1) were theirs only: they go (their published
    // scenarios stay, anonymised, as templates do).
    const drafts = trx.selectFrom("saved_games").select("id").where("user_id", "=", userId).where("is_template", "=", 1).where("draft", "=", 1);
    await trx.deleteFrom("template_likes").where("template_id", "in", drafts).execute();
    await trx.deleteFrom("user_favorites").where("template_id", "in", drafts).execute();
    await trx.deleteFrom("saved_games").where("user_id", "=", userId).where("is_template", "=", 1).where("draft", "=", 1).execute();
    await eraseAccountRows(trx, userId);
    await within?.(trx);
  });
  await publishGroupChanges(deps.bus, groups).catch((error: unknown) => logger.error({ err: error, userId }, "Gruppo: avviso non inviato"));
  // Their open streams end at once, on every instance (issue 36 finding 16a).
  await publishAccountEnded(deps.bus, userId);

  if (urls.length === 0) return { deletedFiles: 0, keptFiles: 0 };
  try {
    const { deleted, kept } = await deleteUnreferencedMedia(deps, urls);
    return { deletedFiles: deleted, keptFiles: kept };
  } catch (error) {
    logger.error({ err: error, userId, files: urls }, "Account cancellato, ma le sue immagini non sono state rimosse");
    return { deletedFiles: 0, keptFiles: 0 };
  }
}
