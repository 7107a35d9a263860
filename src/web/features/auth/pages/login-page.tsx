import { AUTH_ERRORS, specAuthCode } from "@shared/auth-errors";
import { ERRORS } from "@shared/errors";
import { BookOpen, CircleAlert, MailCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { CenteredSpinner } from "@/components/ui/spinner";
import { useReturnPath } from "@/lib/login-redirect";
import { useMe } from "@/lib/session";
import { ForgotPasswordForm } from "../components/forgot-password-form";
import { LoginForm } from "../components/login-form";
import { ProviderButtons } from "../components/provider-buttons";
import { RegistrationDone } from "../components/registration-done";
import { RegistrationForm } from "../components/registration-form";
import { ResendConfirmation } from "../components/resend-confirmation";

type View = { name: "login" } | { name: "register" } | { name: "registered"; email: string } | { name: "forgot" };

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
  /** The registration view for a 'Tutorial' guest (issue 22 §1): everything it has moves to the new account. */
  save: {
    title: "Salva le tue storie",
    subtitle: "Registrati e tieni tutto: partite, immagini, mi piace, preferiti e contatori passano al tuo account.",
  },
  forgot: {
    title: "Recupera l'accesso",
    subtitle: "Succede a tutti: scegli una nuova password in un minuto.",
  },
} as const;

/**
 * What the URL says about an e-mail link or a sign-in (spec §8: errors in the URL are surfaced).
 * Output: `error`, the Italian text of the code Better Auth appended (TOKEN_EXPIRED,
 * INVALID_TOKEN, USER_NOT_FOUND… from the shared catalogue; an unknown code reads as an invalid
 * link, or the generic error outside a confirmation), or null; `confirmation`, whether we came
 * from a confirmation link (?conferma=1). The code itself is never shown.
 */
function useLinkOutcome() {
  const [params] = useSearchParams();
  const code = params.get("error");
  const confirmation = params.get("conferma") === "1";
  const known = code !== null ? AUTH_ERRORS[specAuthCode(code.slice(0, 100))]?.message : undefined;
  const error = code === null ? null : (known ?? (confirmation ? AUTH_ERRORS.INVALID_TOKEN!.message : ERRORS.GENERIC.message));
  return { error, confirmation };
}

/**
 * A notice at the top of the login card: an error of an e-mail link (with 'Invia di nuovo' when
 * it was a confirmation link), an address already confirmed, or an address still to confirm
 * after a refused sign-in.
 */
function Notice({ tone, title, children }: { tone: "error" | "info"; title: string; children: ReactNode }) {
  const Icon = tone === "error" ? CircleAlert : MailCheck;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "mb-6 grid gap-3 rounded-xl border border-red-400/40 bg-red-500/10 p-4 text-sm"
          : "mb-6 grid gap-3 rounded-xl border border-emerald-400/40 bg-emerald-500/10 p-4 text-sm"
      }
    >
      <p className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className={tone === "error" ? "size-4 text-red-300" : "size-4 text-emerald-300"} />
        {title}
      </p>
      {children}
    </div>
  );
}

/**
 * /login (spec §2 Login page, §4 Login page; issue 10): the login view ('Benvenuto') with
 * 'Password dimenticata?', the registration view ('Crea un account'), the 'Registrazione quasi
 * completata!' view and the forgot-password form. Signed-in users other than guests go to the
 * page of ?next= (same-site paths only; /generi by default): that is how a confirmation link
 * ends, since its callback is /login?conferma=1&next=…. A link that failed (?error=…) is
 * explained in Italian with a way to get a new one; a confirmation link opened again without a
 * session says the address is already confirmed; a sign-in refused as unconfirmed offers
 * 'Invia di nuovo'. ?salva=1 ('Salva le tue storie', issue 22 §1) opens the registration view; a
 * guest sees it as 'Salva le tue storie' (confirming the e-mail in this browser moves the guest's
 * stories to the new account, server/domain/auth/account-rows.ts).
 */
export function LoginPage() {
  const { me, isLoading } = useMe();
  const returnTo = useReturnPath();
  const outcome = useLinkOutcome();
  const [params] = useSearchParams();
  const [view, setView] = useState<View>(params.get("salva") === "1" ? { name: "register" } : { name: "login" });
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);

  if (me && !me.user.isAnonymous) return <Navigate to={returnTo} replace />;
  // A confirmation link usually signs the player in: no login form flashing before the redirect.
  if (isLoading && outcome.confirmation) return <CenteredSpinner />;

  const texts = view.name === "register" && me?.user.isAnonymous ? TEXTS.save : TEXTS[view.name === "registered" ? "login" : view.name];
  const notice = outcome.error ? (
    <Notice tone="error" title={outcome.confirmation ? "Link di conferma non valido" : "Accesso non riuscito"}>
      <p className="text-muted-foreground">{outcome.error}</p>
      {outcome.confirmation && (
        <>
          <p className="text-muted-foreground">Scrivi la tua email: ti mandiamo un nuovo link di conferma.</p>
          <ResendConfirmation />
        </>
      )}
    </Notice>
  ) : unconfirmed ? (
    <Notice tone="info" title="Email da confermare">
      <p className="text-muted-foreground">Apri il link che trovi nell'email di conferma, poi accedi. Non è arrivata?</p>
      <ResendConfirmation email={unconfirmed} />
    </Notice>
  ) : outcome.confirmation ? (
    <Notice tone="info" title="Email già confermata">
      <p className="text-muted-foreground">Il tuo indirizzo è già confermato: accedi per continuare.</p>
    </Notice>
  ) : null;

  return (
    <div className="relative isolate flex justify-center overflow-hidden px-4 py-12 md:py-20">
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
                <h1 className="text-3xl font-bold tracking-tight">{texts.title}</h1>
                <p className="mt-2 text-muted-foreground">{texts.subtitle}</p>
              </div>
              {notice}
              {view.name === "forgot" ? (
                <ForgotPasswordForm onBack={() => setView({ name: "login" })} />
              ) : view.name === "login" ? (
                <>
                  <LoginForm onUnconfirmed={setUnconfirmed} />
                  <p className="mt-4 text-center text-sm">
                    <Button variant="link" className="h-auto p-0 text-violet-300" onClick={() => setView({ name: "forgot" })}>
                      Password dimenticata?
                    </Button>
                  </p>
                </>
              ) : (
                <RegistrationForm onRegistered={(email) => setView({ name: "registered", email })} />
              )}
              {view.name !== "forgot" && (
                <>
                  <ProviderButtons callbackURL={returnTo} />
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
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
