import { zodResolver } from "@hookform/resolvers/zod";
import { registrationSchema } from "@shared/schemas/auth";
import { UserPlus } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { PrivacyDialog } from "@/components/layout/privacy-dialog";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";
import { toastAuthError } from "@/lib/auth-error-toast";
import { confirmationCallback, useReturnPath } from "@/lib/login-redirect";
import { EmailField, FieldError, FormField } from "@/components/form-field";

/**
 * Registration form (spec §2 Login page, §5 Registration, §8): e-mail, password and the privacy
 * checkbox (with a button opening the notice), validated with registrationSchema. Sign-up asks
 * the server to mail a confirmation link that signs the player in and opens the page of ?next=
 * (/generi by default), or shows the link's error on /login (issue 10). Input: `onRegistered(email)`,
 * called after a successful sign-up so the page can show the 'check your e-mail' view.
 */
export function RegistrationForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const form = useForm({
    resolver: zodResolver(registrationSchema),
    defaultValues: { email: "", password: "", acceptPrivacy: undefined },
  });
  const { errors, isSubmitting } = form.formState;
  const returnTo = useReturnPath();

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    // acceptPrivacy is an extra field the server re-checks with the same schema.
    const body = { email, password, name: email.split("@")[0] ?? email, callbackURL: confirmationCallback(returnTo), acceptPrivacy: true };
    const { error } = await authClient.signUp.email(body);
    if (error) {
      // Spec §8: the server's text (e.g. 'Utente già registrato'), else 'Errore durante la registrazione.'.
      toastAuthError(error, "Errore durante la registrazione.");
      return;
    }
    onRegistered(email);
  });

  const privacyErrorId = "registrazione-privacy-errore";

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <EmailField id="registrazione-email" error={errors.email?.message} {...form.register("email")} />
      <FormField
        id="registrazione-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="Almeno 8 caratteri"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <div className="grid gap-2">
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="acceptPrivacy"
            render={({ field }) => (
              <Checkbox
                id="registrazione-privacy"
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true ? true : undefined)}
                onBlur={field.onBlur}
                aria-invalid={errors.acceptPrivacy ? true : undefined}
                aria-describedby={errors.acceptPrivacy ? privacyErrorId : undefined}
              />
            )}
          />
          <Label htmlFor="registrazione-privacy" className="font-normal">
            Accetto la Privacy Policy
          </Label>
          <PrivacyDialog
            trigger={
              <Button type="button" variant="link" className="h-auto p-0 text-sm text-violet-300">
                (leggi)
              </Button>
            }
          />
        </div>
        {errors.acceptPrivacy?.message && <FieldError id={privacyErrorId} message={errors.acceptPrivacy.message} />}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? <Spinner /> : <UserPlus aria-hidden="true" />}
        {isSubmitting ? "Registrazione in corso..." : "Registrati"}
      </Button>
    </form>
  );
}
