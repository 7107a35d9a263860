import { zodResolver } from "@hookform/resolvers/zod";
import { loginSchema } from "@shared/schemas/auth";
import { useQueryClient } from "@tanstack/react-query";
import { LogIn } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";
import { meQuery } from "@/lib/session";
import { toastAuthError } from "@/lib/auth-error-toast";
import { confirmationCallback, useReturnPath } from "@/lib/login-redirect";
import { UNCONFIRMED_EMAIL_CODES } from "@shared/auth-errors";
import { EmailField, FormField } from "@/components/form-field";
import { TwoFactorStep } from "./two-factor-step";

/**
 * E-mail sign-in form (spec §2 Login page, §5 Login, §8, §9 toast 3000 ms): validated with
 * loginSchema; on success a 3-second toast, ['me'] refreshed and the page of ?next= opened
 * (/generi by default; issue 10); failures as the server's Italian toasts (wrong credentials,
 * unconfirmed e-mail, limits, unknown address). An unconfirmed address also calls
 * `onUnconfirmed(email)`, so the page can offer 'Invia di nuovo'. An account with two-step
 * verification then gets the 'Verifica in due passaggi' step (issue 10).
 */
export function LoginForm({ onUnconfirmed }: { onUnconfirmed?: (email: string) => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const returnTo = useReturnPath();
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;
  const [needsCode, setNeedsCode] = useState(false);

  const signedIn = async () => {
    toast.success("Accesso effettuato", { description: "Bentornato! La tua prossima storia ti aspetta.", duration: 3000 });
    await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    navigate(returnTo, { replace: true });
  };

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    const { data, error } = await authClient.signIn.email({ email, password, callbackURL: confirmationCallback(returnTo) });
    if (error) {
      toastAuthError(error);
      if (error.code && UNCONFIRMED_EMAIL_CODES.has(error.code)) onUnconfirmed?.(email);
      return;
    }
    if ("twoFactorRedirect" in data && data.twoFactorRedirect) setNeedsCode(true);
    else await signedIn();
  });

  if (needsCode) return <TwoFactorStep onVerified={signedIn} onRestart={() => setNeedsCode(false)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <EmailField id="login-email" error={errors.email?.message} {...form.register("email")} />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? <Spinner /> : <LogIn aria-hidden="true" />}
        {isSubmitting ? "Accesso in corso..." : "Accedi"}
      </Button>
    </form>
  );
}
