import { zodResolver } from "@hookform/resolvers/zod";
import { MAIL_INTERVAL_MINUTES } from "@shared/auth-mail";
import { DEFAULT_RETURN_PATH } from "@shared/return-path";
import { type EmailRequestInput, emailRequestSchema } from "@shared/schemas/auth";
import { ArrowLeft, Mail } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";
import { toastAuthError } from "@/lib/auth-error-toast";
import { useReturnPath } from "@/lib/login-redirect";
import { EmailField } from "@/components/form-field";

/** Where the reset e-mail's link lands: /reimposta-password, carrying the page to return to. */
function resetPagePath(returnTo: string): string {
  return returnTo === DEFAULT_RETURN_PATH ? "/reimposta-password" : `/reimposta-password?${new URLSearchParams({ next: returnTo })}`;
}

/**
 * 'Password dimenticata?' (issue 10; spec §7 /recover): asks for the e-mail (emailRequestSchema)
 * and POSTs /api/auth/request-password-reset. The answer is the same whether or not the address
 * has an account, and whether or not the per-recipient limit kept the e-mail back, so the
 * confirmation text is true in every case. The link carries the page of ?next= (opened after
 * the reset). Input: optional `onBack` ('Torna al login'). Limits and network failures are toasts.
 */
export function ForgotPasswordForm({ onBack }: { onBack?: () => void }) {
  const returnTo = useReturnPath();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<EmailRequestInput>({ resolver: zodResolver(emailRequestSchema), defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: resetPagePath(returnTo) });
    if (error) {
      toastAuthError(error);
      return;
    }
    setSentTo(email);
  });

  const back = onBack && (
    <Button type="button" variant="outline" size="lg" className="w-full" onClick={onBack}>
      <ArrowLeft aria-hidden="true" />
      Torna al login
    </Button>
  );

  if (sentTo) {
    return (
      <div className="grid gap-5">
        <div role="status" className="grid gap-2 rounded-xl border border-emerald-400/40 bg-emerald-500/10 p-4 text-sm">
          <p className="font-semibold text-emerald-200">Controlla la tua email</p>
          <p className="text-muted-foreground">
            Se esiste un account con l'indirizzo <strong className="break-all text-foreground">{sentTo}</strong>, nella sua casella trovi un'email con
            il link per scegliere una nuova password. Il link vale un'ora e si può usare una sola volta.
          </p>
          <p className="text-muted-foreground">
            Non la trovi? Controlla anche la cartella spam: per sicurezza ne inviamo al massimo una ogni {MAIL_INTERVAL_MINUTES} minuti.
          </p>
        </div>
        {back}
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-labelledby="recupero-titolo">
      <div className="grid gap-1">
        <h2 id="recupero-titolo" className="text-lg font-semibold">
          Password dimenticata?
        </h2>
        <p className="text-sm text-muted-foreground">Scrivi l'email del tuo account: ti mandiamo un link per sceglierne una nuova.</p>
      </div>
      <EmailField id="recupero-email" error={errors.email?.message} {...form.register("email")} />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? <Spinner /> : <Mail aria-hidden="true" />}
        {isSubmitting ? "Invio in corso..." : "Invia il link"}
      </Button>
      {back}
    </form>
  );
}
