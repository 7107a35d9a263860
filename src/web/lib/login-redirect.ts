/**
 * 'Return where you were' (issue 10; spec §5 'Accesso richiesto', §8): the way to /login from a
 * page that needs a session, and the way back. The page travels in /login?next=…, checked with
 * the shared same-site rule (src/shared/return-path.ts) when it is read and when it is sent.
 */

import type { ErrorText } from "@shared/auth-errors";
import { DEFAULT_RETURN_PATH, safeReturnPath } from "@shared/return-path";
import { useCallback } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "@/lib/toast";

const NEXT_PARAM = "next";

/** /login, carrying `returnTo` when it is a same-site path other than the default. */
export function loginPath(returnTo?: string): string {
  const path = safeReturnPath(returnTo);
  return path && path !== DEFAULT_RETURN_PATH ? `/login?${new URLSearchParams({ [NEXT_PARAM]: path })}` : "/login";
}

/**
 * 'Salva le tue storie' (issue 22 §1): /login opened on the registration form for a guest, back
 * to the profile (where the guest's games are) once the e-mail is confirmed.
 */
export function saveStoriesPath(): string {
  return `/login?${new URLSearchParams({ salva: "1", [NEXT_PARAM]: "/profilo" })}`;
}

/**
 * The callbackURL of a confirmation e-mail (sign-up, sign-in while unconfirmed, 'Invia di nuovo'):
 * /login?conferma=1[&next=…]. Better Auth sends the player there signed in (and /login forwards
 * to `returnTo`), or with ?error=… when the link is expired, used or invalid (spec §8).
 */
export function confirmationCallback(returnTo: string): string {
  const params = new URLSearchParams({ conferma: "1" });
  if (returnTo !== DEFAULT_RETURN_PATH) params.set(NEXT_PARAM, returnTo);
  return `/login?${params}`;
}

/** The page to return to, read from ?next= (same-site paths only); /generi when absent or refused. */
export function useReturnPath(): string {
  const [params] = useSearchParams();
  return safeReturnPath(params.get(NEXT_PARAM)) ?? DEFAULT_RETURN_PATH;
}

/**
 * Sends a visitor to /login with the spec's toast (e.g. 'Accesso richiesto' / 'Devi effettuare il
 * login per iniziare una nuova partita'; none when `reason` is null) and the current page as the
 * way back. Output: `(reason, options?) => void`; options.replace replaces the history entry (guards).
 */
export function useLoginRedirect(): (reason: ErrorText | null, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (reason, options) => {
      // One toast even if a guard runs twice (React StrictMode) or several calls fail together.
      if (reason) toast.error(reason.title, { id: "accesso-richiesto", description: reason.message });
      navigate(loginPath(location.pathname + location.search), { replace: options?.replace ?? false });
    },
    [navigate, location.pathname, location.search],
  );
}
