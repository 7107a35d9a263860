import { zodResolver } from "@hookform/resolvers/zod";
import { loginSchema } from "@shared/schemas/auth";
import { useQueryClient } from "@tanstack/react-query";
import { LogIn } from "lucide-react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";
import { meQuery } from "@/lib/session";
import { toastSignInError } from "./auth-error-toast";
import { FormField } from "./form-field";

/**
 * E-mail sign-in form (spec §2 Login page, §5 Login, §8, §9 toast 3000 ms): validated with
 * loginSchema; on success a 3-second toast, ['me'] refreshed and /generi opened; failures as
 * the spec's toasts.
 */
export function LoginForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    const { error } = await authClient.signIn.email({ email, password, callbackURL: "/generi" });
    if (error) {
      toastSignInError(error);
      return;
    }
    toast.success("Accesso effettuato", { description: "Bentornato! La tua prossima storia ti aspetta.", duration: 3000 });
    await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    navigate("/generi", { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="nome@esempio.it"
        error={errors.email?.message}
        {...form.register("email")}
      />
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
