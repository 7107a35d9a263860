import { zodResolver } from "@hookform/resolvers/zod";
import { type SetPasswordInput, setPasswordSchema } from "@shared/schemas/set-password";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";
import { FormField } from "../components/form-field";

/**
 * /reimposta-password?token=… (issue 6 'Nuovo Utente'; Better Auth's reset-password flow): the
 * page the set-password e-mail leads to. The user chooses a password (at least 8 characters,
 * typed twice); on success 'Password impostata' and /login. A missing, used or expired token
 * (?error=INVALID_TOKEN) shows 'Il link non è valido o è scaduto.' with a link to /login.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const invalid = !token || params.get("error") !== null;
  const form = useForm<SetPasswordInput>({ resolver: zodResolver(setPasswordSchema), defaultValues: { password: "", confirm: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const { error } = await authClient.resetPassword({ newPassword: password, token: token ?? "" });
    if (error) {
      toast.error("Errore", { description: error.code === "INVALID_TOKEN" ? "Il link non è valido o è scaduto." : "Si è verificato un errore. Riprova più tardi." });
      return;
    }
    toast.success("Password impostata", { description: "Ora puoi accedere con la tua email e la nuova password." });
    navigate("/login", { replace: true });
  });

  return (
    <div className="flex justify-center px-4 py-12 md:py-20">
      <Card className="w-full max-w-md border-border/70 bg-card/80 shadow-2xl">
        <CardContent className="px-6 py-2 sm:px-8">
          <div className="mb-8 flex flex-col items-center text-center">
            <div className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/20 text-violet-300 ring-1 ring-primary/40">
              <KeyRound aria-hidden="true" className="size-7" />
            </div>
            <h1 className="text-3xl font-bold tracking-tight">Imposta la password</h1>
            <p className="mt-2 text-muted-foreground">Scegli la password del tuo account.</p>
          </div>
          {invalid ? (
            <div className="grid gap-4 text-center">
              <p role="alert" className="text-red-300">
                Il link non è valido o è scaduto.
              </p>
              <Button asChild variant="outline">
                <Link to="/login">Vai al login</Link>
              </Button>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid gap-5">
              <FormField id="nuova-password" label="Nuova password" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register("password")} />
              <FormField id="conferma-password" label="Conferma password" type="password" autoComplete="new-password" error={errors.confirm?.message} {...form.register("confirm")} />
              <Button type="submit" size="lg" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
                {isSubmitting && <Spinner />}
                {isSubmitting ? "Salvataggio..." : "Imposta password"}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
