import { BookOpen } from "lucide-react";
import { useState } from "react";
import { Navigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useMe } from "@/lib/session";
import { LoginForm } from "../components/login-form";
import { RegistrationDone } from "../components/registration-done";
import { RegistrationForm } from "../components/registration-form";

type View = { name: "login" } | { name: "register" } | { name: "registered"; email: string };

const TEXTS = {
  login: {
    title: "Benvenuto",
    subtitle: "Accedi per continuare le tue storie.",
    switchQuestion: "Non hai un account?",
    switchAction: "Registrati",
  },
  register: {
    title: "Crea un account",
    subtitle: "Registrati gratis e inizia a vivere le tue avventure.",
    switchQuestion: "Hai già un account?",
    switchAction: "Accedi",
  },
} as const;

/**
 * /login (spec §2 Login page, §4 Login page): the login view ('Benvenuto'), the registration view
 * ('Crea un account') and, after a sign-up, the 'Registrazione quasi completata!' view.
 * Signed-in users other than guests are sent to /generi; a guest may sign in or register here.
 */
export function LoginPage() {
  const { me } = useMe();
  const [view, setView] = useState<View>({ name: "login" });

  if (me && !me.user.isAnonymous) return <Navigate to="/generi" replace />;

  return (
    <div className="relative isolate flex justify-center px-4 py-12 md:py-20">
      <div aria-hidden="true" className="absolute top-0 left-1/2 -z-10 size-[32rem] -translate-x-1/2 rounded-full bg-violet-600/20 blur-3xl" />
      <Card className="w-full max-w-md border-border/70 bg-card/80 shadow-2xl backdrop-blur">
        <CardContent className="px-6 py-2 sm:px-8">
          {view.name === "registered" ? (
            <RegistrationDone email={view.email} onBackToLogin={() => setView({ name: "login" })} />
          ) : (
            <>
              <div className="mb-8 flex flex-col items-center text-center">
                <div className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/20 text-violet-300 ring-1 ring-primary/40">
                  <BookOpen aria-hidden="true" className="size-7" />
                </div>
                <h1 className="text-3xl font-bold tracking-tight">{TEXTS[view.name].title}</h1>
                <p className="mt-2 text-muted-foreground">{TEXTS[view.name].subtitle}</p>
              </div>
              {view.name === "login" ? (
                <LoginForm />
              ) : (
                <RegistrationForm onRegistered={(email) => setView({ name: "registered", email })} />
              )}
              <p className="mt-6 text-center text-sm text-muted-foreground">
                {TEXTS[view.name].switchQuestion}{" "}
                <Button
                  variant="link"
                  className="h-auto p-0 font-semibold text-violet-300"
                  onClick={() => setView(view.name === "login" ? { name: "register" } : { name: "login" })}
                >
                  {TEXTS[view.name].switchAction}
                </Button>
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
