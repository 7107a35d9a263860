import type { AuthProvider } from "@shared/site-config";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { PrivacyDialog } from "@/components/layout/privacy-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";
import { toastAuthError } from "@/lib/auth-error-toast";
import { SITE_CONFIG } from "@/lib/site-config";

/** Google's "G" in its four colours (brand guidelines: the logo on a plain button). */
function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path fill="#FFC107" d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z" />
    </svg>
  );
}

/**
 * 'Continua con Google' / 'Continua con {name}' on /login, in the login and the registration view
 * (issue 10; spec §7 identities, §5 Registration). Shows one button per provider the server
 * configures (site configuration), nothing when none is. The privacy notice sits right above the
 * buttons: pressing one accepts the policy, which the server requires before a provider may
 * create an account (`acceptPrivacy`). A press sends the browser to the provider; back on the
 * site it lands on `callbackURL` (default /generi), or on /login with `?error=…`, which the login
 * page shows in Italian (spec §8).
 */
export function ProviderButtons({ callbackURL = "/generi" }: { callbackURL?: string }) {
  const [pending, setPending] = useState<string | null>(null);
  const providers = SITE_CONFIG.authProviders;
  if (providers.length === 0) return null;

  const signIn = async (provider: AuthProvider) => {
    setPending(provider.id);
    // On success the client leaves for the provider's page; the button stays busy until then.
    const { error } = await authClient.signIn.social({
      provider: provider.id,
      callbackURL,
      newUserCallbackURL: callbackURL,
      errorCallbackURL: "/login",
      fetchOptions: { body: { acceptPrivacy: true } },
    });
    if (error) {
      setPending(null);
      toastAuthError(error);
    }
  };

  return (
    <section aria-labelledby="provider-accesso" className="mt-6 grid gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        <h2 id="provider-accesso">oppure</h2>
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      <p className="text-center text-sm text-muted-foreground">
        Continuando con un altro servizio accetti la{" "}
        <PrivacyDialog
          trigger={
            <Button type="button" variant="link" className="h-auto p-0 text-sm text-violet-300">
              Privacy Policy
            </Button>
          }
        />
        .
      </p>
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="outline"
          size="lg"
          className="w-full"
          disabled={pending !== null}
          aria-busy={pending === provider.id}
          onClick={() => void signIn(provider)}
        >
          {pending === provider.id ? <Spinner /> : provider.id === "google" ? <GoogleMark /> : <KeyRound aria-hidden="true" />}
          Continua con {provider.name}
        </Button>
      ))}
    </section>
  );
}
