/**
 * What reporters read by e-mail (issue 23; issue 36 finding 9): the receipt of a report and the
 * outcome of the decision. Anyone may type any address in the report form, so these e-mails
 * must never carry someone else's words to a stranger: an address nobody confirmed (a visitor's,
 * or one a player typed instead of their own) reads the report's number, the kind of content,
 * the reason and the decision — all the site's own words — but neither the item's title (its
 * author chose it: "Hai vinto 1000 euro: ritira su http://…") nor the moderator's facts nor any
 * link. A signed-in player's own confirmed address reads the title too. Receipts pass the
 * per-recipient limit of the auth e-mails (deps.auth.allowMail, auth/limits.ts).
 */

import type { Kysely } from "kysely";
import { type ContentKindName, DECISION_LABELS, type DecisionAction, KIND_LABELS } from "../../../shared/schemas/moderation";
import type { AppDeps } from "../../domain/context";
import type { Database } from "../../platform/db/schema";
import { type AfterCommit, mailLater, signature } from "./notices";

/** A report's e-mail recipient: the address, and the account that reported (null: a visitor). */
export interface ReportRecipient {
  email: string;
  userId: string | null;
  /** The report's short number (first 8 characters of its id). */
  reference: string;
}

/** What the e-mails say about the reported item. */
export interface ReportedItem {
  kind: ContentKindName;
  /** The item's title: shown only to a confirmed address. */
  title: string;
}

/**
 * True when `email` is the confirmed address of the account `userId` (not a guest). Input: the
 * database (or transaction), the reporting account (null for visitors) and the address.
 */
async function isConfirmedAddress(db: Kysely<Database>, userId: string | null, email: string): Promise<boolean> {
  if (!userId) return false;
  const account = await db.selectFrom("user").select(["email", "emailVerified", "isAnonymous"]).where("id", "=", userId).executeTakeFirst();
  return Boolean(account && account.emailVerified && !account.isAnonymous && account.email.toLowerCase() === email.toLowerCase());
}

/** The lines naming the report and the item: with the title only for a confirmed address. */
function reportLines(recipient: ReportRecipient, item: ReportedItem, confirmed: boolean): string {
  return `Segnalazione n. ${recipient.reference}\nContenuto: ${KIND_LABELS[item.kind]}${confirmed ? ` «${item.title}»` : ""}`;
}

/** The closing lines of every reporter e-mail: to a stranger, a word for whoever did not send it. */
function closing(deps: Pick<AppDeps, "env">, confirmed: boolean): string {
  const notMine = confirmed ? "" : "Se non hai inviato tu questa segnalazione, ignora questo messaggio: qualcuno ha scritto il tuo indirizzo.\n\n";
  return `${notMine}${signature(deps)}`;
}

/**
 * Queues the receipt of a new report for after the commit, unless the recipient already had one
 * within the per-recipient window. Input: deps, the AfterCommit, the recipient, the item and the
 * reason's label. Output: true when a receipt was queued.
 */
export async function mailReceipt(
  deps: Pick<AppDeps, "db" | "auth" | "mailer" | "env">,
  after: AfterCommit,
  recipient: ReportRecipient,
  item: ReportedItem,
  reasonLabel: string,
): Promise<boolean> {
  if (!(await deps.auth.allowMail("report", recipient.email))) return false;
  const confirmed = await isConfirmedAddress(deps.db, recipient.userId, recipient.email);
  mailLater(deps, after, {
    to: recipient.email,
    subject: `Abbiamo ricevuto la tua segnalazione (${recipient.reference})`,
    text:
      `Grazie: abbiamo ricevuto la tua segnalazione.\n\n${reportLines(recipient, item, confirmed)}\nMotivo: ${reasonLabel}\n\n` +
      "Un moderatore la esaminerà e ti scriveremo a questo indirizzo quando avrà deciso. Chi ha pubblicato il contenuto non saprà chi l'ha segnalato.\n\n" +
      closing(deps, confirmed),
  });
  return true;
}

/**
 * Queues the outcome of a decision for every reporter who left an address (one e-mail per
 * address, DSA Art. 16(5)). Input: deps, the decision's transaction and AfterCommit, the closed
 * reports' recipients, the item, the action and the moderator's facts (shown, for 'keep', to
 * confirmed addresses only).
 */
export async function mailOutcomes(
  deps: Pick<AppDeps, "mailer" | "env">,
  trx: Kysely<Database>,
  after: AfterCommit,
  recipients: ReportRecipient[],
  item: ReportedItem,
  decision: { action: DecisionAction; facts: string | null },
): Promise<void> {
  const seen = new Set<string>();
  for (const recipient of recipients) {
    const key = recipient.email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const confirmed = await isConfirmedAddress(trx, recipient.userId, recipient.email);
    const facts = confirmed && decision.action === "keep" && decision.facts ? `\nMotivazione: ${decision.facts}` : "";
    mailLater(deps, after, {
      to: recipient.email,
      subject: `Esito della tua segnalazione su ${deps.env.BRAND_NAME}.ai`,
      text:
        `Abbiamo esaminato la tua segnalazione.\n\n${reportLines(recipient, item, confirmed)}\nDecisione: ${DECISION_LABELS[decision.action]}.${facts}\n\n` +
        `Grazie per averci aiutato a tenere il sito sicuro.\n\n${closing(deps, confirmed)}`,
    });
  }
}
