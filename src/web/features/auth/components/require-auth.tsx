import { useEffect, useRef } from "react";
import { useNavigate, Outlet, useLocation } from "react-router";
import { CenteredSpinner } from "@/components/ui/spinner";
import { useLoginRedirect } from "@/lib/login-redirect";
import { takeSessionEndReason, useMe } from "@/lib/session";

/**
 * Guard for login-required routes (spec §2 Guards; issue 10 'Return where you were'): renders the
 * child route for signed-in users (guests included) and a spinner while the session is read.
 * Without a session it replaces the page with /login:
 * - a session that ended on this page (an API call or the session check answered 401): the
 *   server's toast ('Accesso richiesto' / 'Per favore effettua il login per continuare', or
 *   'Devi effettuare il login per generare immagini') and /login?next=<this page>;
 * - a visitor: /login?next=<this page> (/gioco/{genre}/new is not guarded: visitors see its game
 *   screen, which sends them to /login when they try to play, issue 22 §2);
 * - a deliberate sign-out (the session left this page without a 401): plain /login, where the
 *   sign-out itself is going (spec §2 Guards).
 */
export function RequireAuth() {
  const { me, isLoading } = useMe();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sendToLogin = useLoginRedirect();
  const wasSignedIn = useRef(false);
  if (me) wasSignedIn.current = true;
  const signedOut = !isLoading && !me;

  useEffect(() => {
    if (!signedOut) return;
    const reason = takeSessionEndReason();
    if (reason) sendToLogin(reason, { replace: true });
    else if (wasSignedIn.current) navigate("/login", { replace: true });
    else sendToLogin(null, { replace: true });
  }, [signedOut, sendToLogin, navigate, pathname]);

  if (!me) return <CenteredSpinner />;
  return <Outlet />;
}
