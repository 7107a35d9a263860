import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { SITE_CONFIG } from "@/lib/site-config";
import { useOpenerFocus } from "@/lib/use-focus-return";
import { BRAND_NAME } from "./brand";

/** The data controller's contact (server's PRIVACY_EMAIL); null when the server has none (issue 22 §6). */
const PRIVACY_EMAIL = SITE_CONFIG.privacyEmail;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-base font-semibold text-foreground">{title}</h3>
      <div className="space-y-2 text-sm leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className="font-medium text-violet-300 underline underline-offset-2 hover:text-violet-200">
      {address}
    </a>
  );
}

/**
 * The privacy notice (spec §1, §2 Site frame footer): a modal titled 'Informativa sulla Privacy',
 * last updated 15 June 2025, scrollable within 80% of the viewport height, with the eight sections
 * (data controller, data collected, use, sharing, the six GDPR rights, security, cookies, changes).
 * Loaded on first use (privacy-dialog.tsx, issue 12). Input: open state and its setter; the focus
 * goes back to the button that opened it.
 */
export default function PrivacyNotice({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const openerFocus = useOpenerFocus();
  const site = `${BRAND_NAME}.ai`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[80vh] flex-col gap-0 p-0 sm:max-w-2xl" {...openerFocus}>
        <DialogHeader className="border-b px-6 pt-6 pb-4 text-left">
          <DialogTitle className="text-xl">Informativa sulla Privacy</DialogTitle>
          <DialogDescription>Ultimo aggiornamento: 15 giugno 2025</DialogDescription>
        </DialogHeader>
        <div className="space-y-6 overflow-y-auto px-6 py-5" tabIndex={0} aria-label="Testo dell'informativa">
          <Section title="1. Titolare del trattamento">
            <p>
              Il titolare del trattamento dei dati personali è {site}.
              {PRIVACY_EMAIL && (
                <>
                  {" "}
                  Per qualsiasi domanda sul trattamento dei tuoi dati puoi scriverci all'indirizzo <MailLink address={PRIVACY_EMAIL} />.
                </>
              )}
            </p>
          </Section>
          <Section title="2. Dati raccolti">
            <p>Trattiamo solo i dati necessari a offrirti il servizio:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>
                <strong className="text-foreground">Dati forniti dall'utente:</strong> nome e indirizzo email, inseriti al
                momento della registrazione o nel profilo.
              </li>
              <li>
                <strong className="text-foreground">Dati di utilizzo:</strong> partite create, scelte effettuate e progressi
                nella storia.
              </li>
              <li>
                <strong className="text-foreground">Dati tecnici:</strong> indirizzo IP, tipo di browser e dispositivo, dati
                di sessione necessari al funzionamento e alla sicurezza del sito.
              </li>
            </ul>
            <p>
              <strong className="text-foreground">Età minima:</strong> per registrarti devi avere almeno 14 anni, l'età dalla
              quale in Italia puoi acconsentire da solo al trattamento dei tuoi dati per i servizi online (art. 2-quinquies
              del Codice privacy). Ti chiediamo di confermarlo e conserviamo la conferma con la sua data.
            </p>
          </Section>
          <Section title="3. Utilizzo dei dati">
            <p>
              Usiamo i tuoi dati per gestire il tuo account, salvare e riprendere le tue partite, generare le risposte del
              narratore e le immagini delle scene, applicare i limiti del tuo piano, inviarti le comunicazioni di servizio
              (come la conferma dell'indirizzo email) e migliorare la qualità del servizio.
            </p>
            <p>
              Se segnali un contenuto pubblico, usiamo la segnalazione (e l'email che ci lasci, facoltativa) per esaminarla,
              conservarne traccia e comunicarti l'esito: chi ha pubblicato il contenuto non saprà chi l'ha segnalato. Se
              pubblichi qualcosa (immagini nella galleria, storie condivise), i moderatori possono limitarlo o rimuoverlo
              motivando la decisione, che potrai contestare; quando è attivo un controllo automatico, i testi che diventano
              pubblici vengono prima esaminati da un servizio di intelligenza artificiale.
            </p>
          </Section>
          <Section title="4. Condivisione dei dati">
            <p>
              Non vendiamo i tuoi dati personali. Li condividiamo solo con i fornitori che ci aiutano a erogare il servizio
              (hosting, invio di email, servizi di intelligenza artificiale per il testo e le immagini), vincolati da accordi
              di riservatezza e nei limiti strettamente necessari, oppure quando la legge lo richiede.
            </p>
          </Section>
          <Section title="5. I tuoi diritti (GDPR)">
            <p>In base al Regolamento (UE) 2016/679 hai diritto di:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>accesso ai tuoi dati personali;</li>
              <li>rettifica dei dati inesatti o incompleti;</li>
              <li>cancellazione dei tuoi dati;</li>
              <li>limitazione del trattamento;</li>
              <li>opposizione al trattamento;</li>
              <li>portabilità dei dati.</li>
            </ul>
            <p>
              Puoi esercitare questi diritti direttamente dalla pagina del profilo, dove puoi esportare i tuoi dati o
              eliminare l'account{PRIVACY_EMAIL ? (
                <>
                  , oppure scrivendo a <MailLink address={PRIVACY_EMAIL} />
                </>
              ) : null}
              .
            </p>
          </Section>
          <Section title="6. Sicurezza">
            <p>
              Adottiamo misure tecniche e organizzative adeguate a proteggere i tuoi dati: connessioni cifrate, password
              conservate in forma non leggibile, sessioni protette e accesso ai dati limitato al personale autorizzato.
            </p>
          </Section>
          <Section title="7. Cookie">
            <p>
              Usiamo cookie tecnici, indispensabili per mantenere attiva la sessione, e memorizziamo nel browser la tua scelta
              sul consenso ai cookie. Puoi accettare o rifiutare i cookie non essenziali tramite il banner e cancellarli in
              qualsiasi momento dalle impostazioni del browser.
            </p>
          </Section>
          <Section title="8. Modifiche alla policy">
            <p>
              Potremmo aggiornare questa informativa nel tempo. In caso di modifiche rilevanti ti avviseremo tramite il sito;
              la data dell'ultimo aggiornamento è sempre indicata in alto.
            </p>
          </Section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
