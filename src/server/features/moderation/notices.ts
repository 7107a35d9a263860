/**
 * How moderation tells people (issue 23): a personal notification in the bell (a notifications
 * row with user_id set, published at once: only that user ever reads it) and an e-mail. Rows are
 * written inside the decision's transaction; the live event and the e-mails leave once it has
 * committed (AfterCommit), and a failure there is logged, never undoing the decision.
 */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { LiveEvent } from "../../../shared/api-types";
import { nowIso } from "../../platform/clock";
import type { AppDeps } from "../../domain/context";
import type { Database } from "../../platform/db/schema";
import type { MailMessage } from "../../platform/mail/mailer";
import type { Logger } from "../../platform/ops/logger";
import { userTopic } from "../../platform/realtime/live-events";
import { type PushDeps, pushInBackground } from "../../domain/push/push-notify";

export type NoticeDeps = Pick<AppDeps, "db" | "bus" | "mailer" | "logger" | "env"> & PushDeps;

/** Work to do after a transaction commits (live events, e-mails). */
export class AfterCommit {
  private readonly tasks: { what: string; run: () => Promise<void> }[] = [];

  add(what: string, run: () => Promise<void>): void {
    this.tasks.push({ what, run });
  }

  /** Runs every task in order; a failing one is logged and the others still run. */
  async run(logger: Logger): Promise<void> {
    for (const task of this.tasks) {
      try {
        await task.run();
      } catch (error) {
        logger.error({ err: error }, `Moderazione: ${task.what} non riuscito`);
      }
    }
  }
}

export interface PersonalNotice {
  title: string;
  /** Plain text (the bell shows it as text). */
  content: string;
  /** A path of the site ('/decisioni/…'), or null. */
  url: string | null;
  /** The e-mail's subject; the body is `content` plus the link. */
  mailSubject: string;
}

/**
 * Sends `notice` to one user: the notification row in `trx`; after the commit the live event to
 * their browsers, a push to their phone (issue 39) and the e-mail to their address (not for guests or an erased account).
 * Input: deps, the transaction, the AfterCommit of the change, the user id and the notice.
 */
export async function notifyUser(deps: NoticeDeps, trx: Kysely<Database>, after: AfterCommit, userId: string, notice: PersonalNotice): Promise<void> {
  const now = nowIso();
  const id = randomUUID();
  await trx
    .insertInto("notifications")
    .values({ id, user_id: userId, title: notice.title, content: notice.content, url: notice.url, status: "published", created_at: now, updated_at: now, published_at: now })
    .execute();
  const account = await trx.selectFrom("user").select(["email", "isAnonymous"]).where("id", "=", userId).executeTakeFirst();
  after.add("evento notifica", () => deps.bus.publish(userTopic(userId), { type: "notifications.changed", reason: "published", id } satisfies LiveEvent));
  // A moderation decision about their content, on their phone (issue 39): only what to open.
  after.add("notifica push", async () => pushInBackground(deps, [userId], "moderation", notice.url ?? "/notifiche"));
  if (account && !account.isAnonymous) {
    const link = notice.url ? `\n\n${deps.mailer.link(notice.url)}` : "";
    mailLater(deps, after, { to: account.email, subject: notice.mailSubject, text: `${notice.content}${link}\n\n${signature(deps)}` });
  }
}

/** The closing line of moderation e-mails. */
export function signature(deps: Pick<AppDeps, "env">): string {
  return `Il team di moderazione di ${deps.env.BRAND_NAME}.ai`;
}

/** Queues an e-mail for after the commit. */
export function mailLater(deps: Pick<AppDeps, "mailer">, after: AfterCommit, message: MailMessage): void {
  after.add(`e-mail a ${message.to}`, () => deps.mailer.send(message));
}
