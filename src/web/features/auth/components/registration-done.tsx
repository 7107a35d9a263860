import { ArrowLeft, MailCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ResendConfirmation } from "./resend-confirmation";

/**
 * The 'check your e-mail' view after a sign-up (spec §2 Login page, §4): tells the user to open
 * the confirmation link, looking in the spam folder too, and offers 'Invia di nuovo' (issue 10). Inputs: the e-mail address used and
 * `onBackToLogin`, which returns to the login view.
 */
export function RegistrationDone({ email, onBackToLogin }: { email: string; onBackToLogin: () => void }) {
  return (
    <div className="flex flex-col items-center text-center">
      <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300 ring-1 ring-emerald-400/40">
        <MailCheck aria-hidden="true" className="size-7" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">Registrazione quasi completata!</h1>
      <p className="mt-4 text-muted-foreground">
        Ti abbiamo inviato un'email di conferma all'indirizzo <strong className="break-all text-foreground">{email}</strong>.
        Apri il link contenuto nel messaggio per attivare il tuo account.
      </p>
      <p className="mt-3 text-sm text-muted-foreground">Non la trovi? Controlla anche la cartella spam o posta indesiderata.</p>
      <div className="mt-6 w-full">
        <ResendConfirmation email={email} />
      </div>
      <Button variant="ghost" size="lg" className="mt-4 w-full" onClick={onBackToLogin}>
        <ArrowLeft aria-hidden="true" />
        Torna al login
      </Button>
    </div>
  );
}
