import { zodResolver } from "@hookform/resolvers/zod";
import { registrationSchema } from "@shared/schemas/auth";
import { suggestNickname } from "@shared/schemas/profile";
import { UserPlus } from "lucide-react";
import { useForm } from "react-hook-form";
import { PrivacyDialog } from "@/components/layout/privacy-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";
import { toastAuthError } from "@/lib/auth-error-toast";
import { confirmationCallback, useReturnPath } from "@/lib/login-redirect";
import { ConsentBox } from "@/components/consent-box";
import { EmailField, FormField } from "@/components/form-field";

/**
 * Registration form (spec §2 Login page, §5 Registration, §8): e-mail, password, an optional
 * nickname (issue 22 §3: suggested from the e-mail until the player edits it; unique, else 'Questo
 * nickname è già in uso. Scegline un altro.' from the server), the privacy
 * checkbox (with a button opening the notice) and 'Ho almeno 14 anni' (issue 23), validated with
 * registrationSchema. Sign-up asks
 * the server to mail a confirmation link that signs the player in and opens the page of ?next=
 * (/generi by default), or shows the link's error on /login (issue 10). Input: `onRegistered(email)`,
 * called after a successful sign-up so the page can show the 'check your e-mail' view.
 */
export function RegistrationForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const form = useForm({
    resolver: zodResolver(registrationSchema),
    defaultValues: { email: "", password: "", nickname: "", acceptPrivacy: undefined, confirmAge: undefined },
  });
  const { errors, isSubmitting } = form.formState;
  const returnTo = useReturnPath();

  const emailField = form.register("email", {
    // The suggestion follows the e-mail until the player types a nickname of their own.
    onBlur: (event: { target: { value: string } }) => {
      if (!form.getFieldState("nickname").isDirty) form.setValue("nickname", suggestNickname(event.target.value));
    },
  });

  const onSubmit = form.handleSubmit(async ({ email, password, nickname }) => {
    // acceptPrivacy, confirmAge and nickname are extra fields the server re-checks with the same schema.
    const body = {
      email,
      password,
      name: email.split("@")[0] ?? email,
      nickname,
      callbackURL: confirmationCallback(returnTo),
      acceptPrivacy: true,
      confirmAge: true,
    };
    const { error } = await authClient.signUp.email(body);
    if (error) {
      // Spec §8: the server's text (e.g. 'Utente già registrato'), else 'Errore durante la registrazione.'.
      toastAuthError(error, "Errore durante la registrazione.");
      return;
    }
    onRegistered(email);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <EmailField id="registrazione-email" error={errors.email?.message} {...emailField} />
      <FormField
        id="registrazione-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="Almeno 8 caratteri"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <FormField
        id="registrazione-nickname"
        label="Nickname (facoltativo)"
        autoComplete="nickname"
        placeholder="Il nome con cui firmi le tue storie"
        error={errors.nickname?.message}
        {...form.register("nickname")}
      />
      <ConsentBox
        control={form.control}
        name="acceptPrivacy"
        id="registrazione-privacy"
        error={errors.acceptPrivacy?.message}
        label="Accetto la Privacy Policy"
        extra={
          <PrivacyDialog
            trigger={
              <Button type="button" variant="link" className="h-auto p-0 text-sm text-violet-300">
                (leggi)
              </Button>
            }
          />
        }
      />
      {/* Issue 23: the age of consent to data processing in Italy (Codice privacy art. 2-quinquies). */}
      <ConsentBox control={form.control} name="confirmAge" id="registrazione-eta" error={errors.confirmAge?.message} label="Ho almeno 14 anni" />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? <Spinner /> : <UserPlus aria-hidden="true" />}
        {isSubmitting ? "Registrazione in corso..." : "Registrati"}
      </Button>
    </form>
  );
}

