/**
 * A 'Tutorial' guest's way forward (issue 22 §1): the 'Salva le tue storie' link to the
 * registration form (header, profile, the game after a few turns) and an 'Esci' that warns a
 * guest first, since a guest who signs out cannot come back to its stories.
 */

import { BookmarkPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { saveStoriesPath } from "@/lib/login-redirect";
import { useMe } from "@/lib/session";
import { useSignOut } from "@/lib/use-sign-out";
import { cn } from "@/lib/utils";

/** The guest's warning dialog: its code (Radix's dialog) loads the first time a guest presses 'Esci' (issue 21: not on every page's first load). */
const ConfirmDialog = lazy(() => import("@/components/confirm-dialog").then((m) => ({ default: m.ConfirmDialog })));

/** 'Salva le tue storie' as a button-styled link. Input: extra classes, the button size. */
export function SaveStoriesLink({ className, size = "sm" }: { className?: string; size?: "sm" | "default" }) {
  return (
    <Button asChild size={size} variant="outline" className={cn("border-violet-400/50 text-violet-100", className)}>
      <Link to={saveStoriesPath()}>
        <BookmarkPlus aria-hidden="true" />
        Salva le tue storie
      </Link>
    </Button>
  );
}

/**
 * Sign-out for the site's 'Esci' buttons. A registered player is signed out at once (useSignOut);
 * a guest first sees 'Uscire dall'account ospite?' with 'Esci comunque' and the way to register.
 * Output: {signOut() (asks a guest first), signingOut, dialog (render it once; null unless a guest is being asked)}.
 */
export function useGuestAwareSignOut() {
  const { me } = useMe();
  const { signOut, isPending } = useSignOut();
  const [open, setOpen] = useState(false);
  const guest = me?.user.isAnonymous ?? false;
  const dialog = guest && open ? (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Uscire dall'account ospite?"
        description={
          <>
            Stai giocando come ospite: se esci non potrai più riaprire le tue storie e le tue immagini, che verranno cancellate dopo 30 giorni.
            Per tenerle,{" "}
            <Link to={saveStoriesPath()} className="font-semibold text-violet-300 underline" onClick={() => setOpen(false)}>
              registrati e salva le tue storie
            </Link>
            .
          </>
        }
        confirmLabel="Esci comunque"
        busy={isPending}
        onConfirm={signOut}
      />
    </Suspense>
  ) : null;
  return { signOut: guest ? () => setOpen(true) : signOut, signingOut: isPending, dialog };
}
