import { zodResolver } from "@hookform/resolvers/zod";
import { type SetPasswordInput, setPasswordSchema } from "@shared/schemas/set-password";
import { useQueryClient } from "@tanstack/react-query";
import { KeyRound, LinkIcon, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";
import { toastAuthError } from "@/lib/auth-error-toast";
import { loginPath, useReturnPath } from "@/lib/login-redirect";
import { meQuery } from "@/lib/session";
import { ForgotPasswordForm } from "../components/forgot-password-form";
import { FormField } from "@/components/form-field";

/** Codes of a reset link that is expired, used or unknown. */
const DEAD_LINK_CODES = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED"]);

/**
 * The state of a link that can no longer be used (expired after one hour, already used, or
 * mangled): says so in Italian and offers a new one (the forgot-password form on this page).
 */
function DeadLink() {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <div className="mb-8 flex flex-col items-center text-center">
        <div className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-red-500/15 text-red-300 ring-1 ring-red-400/40">
          <LinkIcon aria-hidden="true" className="size-7" />
        </div>
        <h1 className="text-3xl font-bold tracking-tight">Link scaduto o già usato</h1>
        <p role="alert" className="mt-3 text-muted-foreground">
          Questo link per scegliere la password non è più valido: per sicurezza ogni link vale un'ora e si può usare una sola volta.
        </p>
      </div>
      {asking ? (
        <ForgotPasswordForm onBack={() => setAsking(false)} />
      ) : (
        <div className="grid gap-3">
          <Button size="lg" className="w-full" onClick={() => setAsking(true)}>
            <RefreshCw aria-hidden="true" />
            Richiedi un nuovo link
          </Button>
          <Button asChild variant="outline" size="lg" className="w-full">
            <Link to="/login">Vai al login</Link>
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * /reimposta-password?token=…[&next=…] (issue 6 'Nuovo Utente', issue 10 'Password dimenticata?';
 * Better Auth's reset-password flow): the page the e-mail's link leads to. The player chooses a
 * password (setPasswordSchema: at least 8 characters, spec §5 text, typed twice). The reset ends
 * every session of the account and answers the account's e-mail, with which the page signs the
 * player in through the ordinary sign-in (so a second factor, when the account has one, is still
 * asked: then the player is sent to /login) and opens the page of ?next= (/generi by default).
 * A missing, used or expired link (?error=INVALID_TOKEN, or refused on submit) shows DeadLink.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const returnTo = useReturnPath();
  const token = params.get("token");
  const [dead, setDead] = useState(!token || params.get("error") !== null);
  const form = useForm<SetPasswordInput>({ resolver: zodResolver(setPasswordSchema), defaultValues: { password: "", confirm: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const { data, error } = await authClient.resetPassword({ newPassword: password, token: token ?? "" });
    if (error) {
      if (error.code && DEAD_LINK_CODES.has(error.code)) setDead(true);
      else toastAuthError(error);
      return;
    }
    const email = (data as { email?: unknown } | null)?.email;
    const signIn = typeof email === "string" ? await authClient.signIn.email({ email, password }) : null;
    if (signIn?.data && "token" in signIn.data && signIn.data.token) {
      toast.success("Password aggiornata", { description: "Bentornato! Sei entrato con la nuova password.", duration: 3000 });
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      navigate(returnTo, { replace: true });
      return;
    }
    toast.success("Password impostata", { description: "Ora puoi accedere con la tua email e la nuova password." });
    navigate(loginPath(returnTo), { replace: true });
  });

  return (
    <div className="flex justify-center px-4 py-12 md:py-20">
      <Card className="w-full max-w-md border-border/70 bg-card/80 shadow-2xl">
        <CardContent className="px-6 py-2 sm:px-8">
          {dead ? (
            <DeadLink />
          ) : (
            <>
              <div className="mb-8 flex flex-col items-center text-center">
                <div className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/20 text-violet-300 ring-1 ring-primary/40">
                  <KeyRound aria-hidden="true" className="size-7" />
                </div>
                <h1 className="text-3xl font-bold tracking-tight">Imposta la password</h1>
                <p className="mt-2 text-muted-foreground">Scegli la nuova password del tuo account: almeno 8 caratteri.</p>
              </div>
              <form onSubmit={onSubmit} noValidate className="grid gap-5">
                <FormField id="nuova-password" label="Nuova password" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register("password")} />
                <FormField id="conferma-password" label="Conferma password" type="password" autoComplete="new-password" error={errors.confirm?.message} {...form.register("confirm")} />
                <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
                  {isSubmitting && <Spinner />}
                  {isSubmitting ? "Salvataggio..." : "Imposta password"}
                </Button>
              </form>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
