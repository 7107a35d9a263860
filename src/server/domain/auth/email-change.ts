/**
 * The e-mails of an e-mail change from Profilo → Sicurezza (issue 10; spec §7 PUT /user), in
 * Better Auth's two steps: the current address approves the change (so a stolen session alone
 * cannot move the account to another mailbox), then the new address confirms it.
 */

import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema";
import type { MailMessage } from "../../platform/mail/mailer";

/**
 * Step 1, to the current address. Input: the site's brand, the current and the new address, and
 * Better Auth's link that approves the change (absolute: Mailer.link). Output: the e-mail.
 */
export function changeEmailApprovalMail(brandName: string, currentEmail: string, newEmail: string, url: string): MailMessage {
  const site = `${brandName}.ai`;
  return {
    to: currentEmail,
    subject: `Conferma il cambio di email su ${site}`,
    text: `Ciao,\n\nè stato chiesto di cambiare l'indirizzo email del tuo account su ${site} in ${newEmail}.\nSe sei stato tu, conferma aprendo questo link:\n${url}\n\nPoi invieremo a ${newEmail} un link per confermare il nuovo indirizzo; fino ad allora per accedere resta valido questo.\n\nSe non sei stato tu, non aprire il link, accedi e cambia la password (Profilo → Sicurezza): tutte le altre sessioni verranno chiuse.\n`,
  };
}

/**
 * Step 2, to the new address, or null when `user` is not changing address (sign-up, sign-in while
 * unconfirmed). Better Auth calls sendVerificationEmail with the new address in `user.email` and
 * the link that applies the change (absolute: Mailer.link); the stored address is still the old one.
 */
export async function changeEmailConfirmationMail(db: Kysely<Database>, brandName: string, user: { id: string; email: string }, url: string): Promise<MailMessage | null> {
  const stored = await db.selectFrom("user").select("email").where("id", "=", user.id).executeTakeFirst();
  if (!stored || stored.email.toLowerCase() === user.email.toLowerCase()) return null;
  const site = `${brandName}.ai`;
  return {
    to: user.email,
    subject: `Conferma il tuo nuovo indirizzo email su ${site}`,
    text: `Ciao,\n\nhai chiesto di usare questo indirizzo per il tuo account su ${site}. Per confermarlo apri questo link:\n${url}\n\nFinché non lo confermi, per accedere resta valido l'indirizzo attuale. Se non l'hai chiesto tu, ignora questo messaggio.\n`,
  };
}
