import { zodResolver } from "@hookform/resolvers/zod";
import { appCodeSchema, backupCodeSchema } from "@shared/schemas/security";
import { ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";
import { toastAuthError } from "@/lib/auth-error-toast";

/** Answers after which this sign-in attempt is over: the password has to be entered again. */
const RESTART_CODES = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);

/**
 * 'Verifica in due passaggi', the sign-in step after a correct password for an account with an
 * authenticator app (issue 10; spec §4 MFA challenge, §7 /factors/{id}/verify): the app's
 * 6-digit code (POST /api/auth/two-factor/verify-totp) or, after 'Usa un codice di backup', one
 * of the backup codes (POST /api/auth/two-factor/verify-backup-code). Input: onVerified (the
 * session exists), onRestart (back to e-mail and password: 'Torna all'accesso', or a pending
 * sign-in that expired or had too many wrong codes). Errors are the server's Italian toasts; a
 * wrong code also shows under the field. Attempts are limited by the server (auth limits).
 */
export function TwoFactorStep({ onVerified, onRestart }: { onVerified: () => Promise<void> | void; onRestart: () => void }) {
  const [backup, setBackup] = useState(false);
  const form = useForm({ resolver: zodResolver(backup ? backupCodeSchema : appCodeSchema), defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    form.reset({ code: "" });
    form.setFocus("code");
  }, [backup, form]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    const { error } = backup ? await authClient.twoFactor.verifyBackupCode({ code }) : await authClient.twoFactor.verifyTotp({ code });
    if (error) {
      toastAuthError(error);
      if (error.code && RESTART_CODES.has(error.code)) onRestart();
      else form.setError("code", { message: error.message ?? "Codice non valido." });
      return;
    }
    await onVerified();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-labelledby="verifica-titolo">
      <div className="grid gap-2 text-center">
        <h2 id="verifica-titolo" className="flex items-center justify-center gap-2 text-xl font-semibold">
          <ShieldCheck aria-hidden="true" className="size-5 text-violet-300" />
          Verifica in due passaggi
        </h2>
        <p className="text-sm text-muted-foreground">
          {backup
            ? "Inserisci uno dei tuoi codici di backup. Ogni codice vale una sola volta."
            : "Inserisci il codice a 6 cifre mostrato dalla tua app di autenticazione."}
        </p>
      </div>
      <FormField
        id="verifica-codice"
        label={backup ? "Codice di backup" : "Codice dell'app"}
        inputMode={backup ? "text" : "numeric"}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={backup ? 32 : 7}
        error={errors.code?.message}
        {...form.register("code")}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting && <Spinner />}
        {isSubmitting ? "Verifica in corso..." : "Verifica"}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button type="button" variant="link" className="h-auto px-0" onClick={() => setBackup((b) => !b)}>
          {backup ? "Usa l'app di autenticazione" : "Usa un codice di backup"}
        </Button>
        <Button type="button" variant="link" className="h-auto px-0" onClick={onRestart}>
          Torna all'accesso
        </Button>
      </div>
    </form>
  );
}
