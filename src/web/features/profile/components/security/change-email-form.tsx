import type { ChangeEmailInput } from "@shared/schemas/security";
import { useMutation } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { type AuthClientError, toastAuthError } from "@/lib/auth-error-toast";
import { authCall } from "../../security-api";

/** The form's validation, with the server's schema; its code loads on the first validation (issue 21). */
const changeEmailResolver = lazyZodResolver(() => import("@shared/schemas/security").then((m) => m.changeEmailSchema));

/**
 * 'Cambia email' (issue 10; spec §7 PUT /user): POST /api/auth/change-email sends a link to the
 * current address that approves the change, then (once opened) one to the new address that
 * confirms it; the current address stays in use until then (each link leads back to /profilo).
 * The answer is the same whether or not the new address belongs to another account.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ChangeEmailInput>({ resolver: changeEmailResolver, defaultValues: { newEmail: "" } });
  const change = useMutation({
    mutationFn: (input: ChangeEmailInput) => authCall((client) => client.changeEmail({ newEmail: input.newEmail, callbackURL: "/profilo" })),
    onSuccess: (_data, input) => {
      setSentTo(input.newEmail);
      form.reset();
    },
    onError: (error: AuthClientError) => toastAuthError(error),
  });

  return (
    <form onSubmit={form.handleSubmit((input) => change.mutate(input))} noValidate className="grid gap-4" aria-labelledby="sicurezza-email">
      <h3 id="sicurezza-email" className="font-medium">
        Cambia email
      </h3>
      <p className="text-sm text-muted-foreground">
        Indirizzo attuale: <span className="font-medium text-foreground">{currentEmail}</span>
      </p>
      <FormField
        id="sicurezza-email-nuova"
        label="Nuova email"
        type="email"
        autoComplete="email"
        placeholder="nome@esempio.it"
        error={form.formState.errors.newEmail?.message}
        {...form.register("newEmail")}
      />
      {sentTo && (
        <p role="status" className="rounded-md border border-violet-500/40 bg-violet-500/10 p-3 text-sm">
          Abbiamo inviato un link a <strong>{currentEmail}</strong> per approvare il cambio: aprilo, poi conferma <strong>{sentTo}</strong> con il link che
          gli invieremo. Fino ad allora per accedere resta valido {currentEmail}.
        </p>
      )}
      <div>
        <Button type="submit" variant="outline" disabled={change.isPending}>
          {change.isPending ? <Spinner /> : <Mail aria-hidden="true" />}
          Invia link di conferma
        </Button>
      </div>
    </form>
  );
}
