/**
 * The e-mails of an e-mail change from Profilo → Sicurezza (issue 10; spec §7 PUT /user): the
 * confirmation to the new address and the notice to the old one.
 */

import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { MailMessage } from "../mail/mailer";

/**
 * The e-mails of an e-mail change, or null when `user` is not changing address (sign-up, sign-in
 * while unconfirmed). Better Auth calls sendVerificationEmail with the new address in
 * `user.email` and the link that applies the change; the stored address is still the old one.
 * Output: the confirmation to the new address and the notice to the old one.
 */
export async function changeEmailMails(
  db: Kysely<Database>,
  brandName: string,
  user: { id: string; email: string },
  url: string,
): Promise<MailMessage[] | null> {
  const stored = await db.selectFrom("user").select("email").where("id", "=", user.id).executeTakeFirst();
  if (!stored || stored.email.toLowerCase() === user.email.toLowerCase()) return null;
  const site = `${brandName}.ai`;
  return [
    {
      to: user.email,
      subject: `Conferma il tuo nuovo indirizzo email su ${site}`,
      text: `Ciao,\n\nhai chiesto di usare questo indirizzo per il tuo account su ${site}. Per confermarlo apri questo link:\n${url}\n\nFinché non lo confermi, per accedere resta valido l'indirizzo attuale. Se non l'hai chiesto tu, ignora questo messaggio.\n`,
    },
    {
      to: stored.email,
      subject: `Richiesta di cambio email su ${site}`,
      text: `Ciao,\n\nè stato chiesto di cambiare l'indirizzo email del tuo account su ${site} in ${user.email}.\nIl cambio avverrà solo quando il nuovo indirizzo sarà confermato con il link che gli abbiamo inviato; fino ad allora per accedere resta valido questo indirizzo.\n\nSe non sei stato tu, accedi subito e cambia la password (Profilo → Sicurezza): tutte le altre sessioni verranno chiuse.\n`,
    },
  ];
}
