import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { authErrorText } from "@shared/auth-errors";
import { toast } from "@/lib/toast";

/**
 * Surfaces an error Better Auth put in the URL after a provider or e-mail link redirect (spec §8
 * "errors in the URL during sign-in are surfaced"): `?error=<code>` (e.g.
 * account_already_linked_to_different_user → 'Account già collegato', access_denied,
 * PRIVACY_NOT_ACCEPTED, an expired e-mail change link) becomes the shared catalogue's Italian
 * toast, then `error` and `error_description` leave the address so a reload does not repeat it.
 * Call it once per page. The provider's own `error_description` is never shown (not ours, nor
 * Italian).
 */
export function useUrlAuthError(): void {
  const [params, setParams] = useSearchParams();
  const code = params.get("error");
  useEffect(() => {
    if (!code) return;
    // An unknown code gets the generic 'Si è verificato un errore. Riprova più tardi.'.
    const text = authErrorText(code.slice(0, 100), 500);
    // The id makes sonner replace rather than stack when the effect runs again (StrictMode in dev).
    toast.error(text.title, { id: `url-auth-error:${code}`, description: text.message });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("error");
        next.delete("error_description");
        return next;
      },
      { replace: true },
    );
  }, [code, setParams]);
}
