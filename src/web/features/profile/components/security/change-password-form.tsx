import type { ChangePasswordInput } from "@shared/schemas/security";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/lib/lazy-zod-resolver";
import { toast } from "@/lib/toast";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { type AuthClientError, toastAuthError } from "@/lib/auth-error-toast";
import { authCall, securityKey } from "../../security-api";

/** The form's validation, with the server's schema; its code loads on the first validation (issue 21). */
const changePasswordResolver = lazyZodResolver(() => import("@shared/schemas/security").then((m) => m.changePasswordSchema));

/**
 * 'Cambia password' (issue 10): the current password and the new one (≥ 8 characters, spec §5).
 * POST /api/auth/change-password; the server ends every other session, so the session list is
 * refreshed. A wrong current password: 'Password non corretta.' under the field and in a toast.
 */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const form = useForm<ChangePasswordInput>({ resolver: changePasswordResolver, defaultValues: { currentPassword: "", newPassword: "" } });
  const { errors } = form.formState;
  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) => authCall((client) => client.changePassword({ ...input, revokeOtherSessions: true })),
    onSuccess: async () => {
      form.reset();
      toast.success("Password aggiornata", { description: "Gli altri dispositivi sono stati disconnessi." });
      await queryClient.invalidateQueries({ queryKey: securityKey });
    },
    onError: (error: AuthClientError) => {
      if (error.code === "INVALID_PASSWORD") form.setError("currentPassword", { message: error.message ?? "Password non corretta." });
      toastAuthError(error);
    },
  });

  return (
    <form onSubmit={form.handleSubmit((input) => change.mutate(input))} noValidate className="grid gap-4" aria-labelledby="sicurezza-password">
      <h3 id="sicurezza-password" className="font-medium">
        Cambia password
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="sicurezza-password-attuale"
          label="Password attuale"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register("currentPassword")}
        />
        <FormField
          id="sicurezza-password-nuova"
          label="Nuova password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...form.register("newPassword")}
        />
      </div>
      <p className="text-sm text-muted-foreground">Dopo il cambio resterai connesso solo su questo dispositivo.</p>
      <div>
        <Button type="submit" variant="outline" disabled={change.isPending}>
          {change.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
          Cambia password
        </Button>
      </div>
    </form>
  );
}
