import { zodResolver } from "@hookform/resolvers/zod";
import { MAIL_INTERVAL_MINUTES } from "@shared/auth-mail";
import { type EmailRequestInput, emailRequestSchema } from "@shared/schemas/auth";
import { RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";
import { toastAuthError } from "@/lib/auth-error-toast";
import { confirmationCallback, useReturnPath } from "@/lib/login-redirect";
import { EmailField } from "@/components/form-field";

/**
 * 'Invia di nuovo' (issue 10; spec §7 /resend): POST /api/auth/send-verification-email with the
 * e-mail and the confirmation callback (which carries the page of ?next=). Inputs: `email` when it is
 * known (after a sign-up or a sign-in refused as unconfirmed), otherwise the player types it
 * (emailRequestSchema). The server answers the same for any address and sends at most one
 * e-mail per recipient per MAIL_INTERVAL_MINUTES, so the text after a request is true whether
 * or not a new e-mail left. Limits and network failures are toasts.
 */
export function ResendConfirmation({ email }: { email?: string }) {
  const returnTo = useReturnPath();
  const fieldId = useId();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<EmailRequestInput>({ resolver: zodResolver(emailRequestSchema), defaultValues: { email: email ?? "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    // Without the cookie: a guest's session would otherwise make the server compare the guest's address (EMAIL_MISMATCH).
    const { error } = await authClient.sendVerificationEmail({
      email: values.email,
      callbackURL: confirmationCallback(returnTo),
      fetchOptions: { credentials: "omit" },
    });
    if (error) {
      toastAuthError(error);
      return;
    }
    setDone(values.email);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      {!email && (
        <EmailField id={`${fieldId}-email`} error={errors.email?.message} {...form.register("email")} />
      )}
      <Button type="submit" variant="outline" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? <Spinner /> : <RefreshCw aria-hidden="true" />}
        Invia di nuovo
      </Button>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {done &&
          `Se l'indirizzo ${done} deve ancora essere confermato, nella sua casella trovi un link di conferma: ne inviamo uno nuovo al massimo ogni ${MAIL_INTERVAL_MINUTES} minuti. Controlla anche la cartella spam.`}
      </p>
    </form>
  );
}
