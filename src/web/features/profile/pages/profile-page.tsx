import { ROLE_LABELS } from "@shared/roles";
import { useQuery } from "@tanstack/react-query";
import { BookOpen, Coins, LogOut, Shield } from "lucide-react";
import { lazy, memo, type ReactNode, Suspense } from "react";
import { Link } from "react-router";
import type { ProfileView } from "@/lib/api-contract";
import { BRAND_NAME } from "@/components/layout/brand";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { SaveStoriesLink, useGuestAwareSignOut } from "@/components/guest-account";
import { useMe } from "@/lib/session";
import { useUrlAuthError } from "@/lib/use-url-auth-error";
import { profileQuery } from "../api";

/** The cards below the stats, in a chunk of their own (their forms, dialogs and the sign-in client). */
const ProfileSectionsCode = lazy(() => import("../components/profile-sections"));

/**
 * Input: the profile. Output: the cards below the stats (profile-sections.tsx). On a page the
 * server rendered they paint from its HTML and React hydrates them once their code has loaded,
 * after the rest of the page runs (issue 21: selective hydration). Memoised, so that the page's
 * own renders (the sign-out dialog, the session) do not reach the boundary while it waits: a
 * boundary updated before it hydrates would be rendered again in the browser.
 */
const LaterSections = memo(function LaterSections({ profile }: { profile: ProfileView }) {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <ProfileSectionsCode profile={profile} />
    </Suspense>
  );
});

function StatCard({ icon, label, value, hint }: { icon: ReactNode; label: string; value: string; hint?: string }) {
  return (
    <Card className="gap-2 py-5">
      <CardContent className="flex items-center gap-4">
        <span className="flex size-11 items-center justify-center rounded-full bg-violet-600/20 text-violet-200">{icon}</span>
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold" aria-label={hint ? `${label}: ${hint}` : undefined}>
            {value}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * /profilo (spec §2 Profile; §6 roles; §8 Profile): the header with 'Admin' (admins only) and
 * 'Logout', the personal info card, the '{product} Totali' and 'Token Disponibili' stats (∞ for
 * unlimited plans), role badges, the 'Sicurezza' card (registered players only, issue 10), the
 * user's games and the data management card. A 'Tutorial' guest is invited to register and keep
 * everything ('Salva le tue storie', issue 22 §1), and 'Logout' asks a guest first. An error a link or a provider put in the address
 * (?error=: an e-mail change link expired or used, an identity linked elsewhere; spec §8) is shown
 * once, in Italian.
 */
export function ProfilePage() {
  useUrlAuthError();
  const profile = useQuery(profileQuery);
  const { signOut, signingOut, dialog: signOutDialog } = useGuestAwareSignOut();
  const { me } = useMe();
  const data = profile.data;
  const remaining = data?.tokens ? (data.tokens.remaining === null ? "∞" : String(data.tokens.remaining)) : "–";

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 md:px-6 md:py-12">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Il mio profilo</h1>
          {data && (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Ruoli">
              {data.roles.map((role) => (
                <li key={role}>
                  <Badge variant={role === "admin" ? "default" : "secondary"}>{ROLE_LABELS[role]}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex gap-2">
          {data?.isAdmin && (
            <Button asChild variant="outline">
              <Link to="/admin">
                <Shield aria-hidden="true" />
                Admin
              </Link>
            </Button>
          )}
          <Button type="button" variant="secondary" disabled={signingOut} onClick={signOut}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
          {signOutDialog}
        </div>
      </header>

      {profile.isLoading ? (
        <div role="status" aria-label="Caricamento del profilo" className="grid gap-4">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : !data ? (
        <p className="rounded-lg border p-6 text-center text-muted-foreground">Impossibile caricare i dati del profilo</p>
      ) : (
        <>
          {me?.user.isAnonymous && (
            <section aria-labelledby="salva-storie" className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-violet-400/40 bg-violet-600/10 p-5">
              <div className="max-w-prose">
                <h2 id="salva-storie" className="text-lg font-semibold">
                  Stai giocando come ospite
                </h2>
                <p className="text-sm text-muted-foreground">
                  Registrati per non perdere nulla: partite, immagini, mi piace, preferiti e contatori passano al tuo nuovo account.
                </p>
              </div>
              <SaveStoriesLink size="default" />
            </section>
          )}
          <section aria-label="Statistiche" className="grid gap-4 sm:grid-cols-2">
            <StatCard icon={<BookOpen aria-hidden="true" className="size-5" />} label={`${BRAND_NAME} Totali`} value={String(data.gamesCount)} />
            <StatCard
              icon={<Coins aria-hidden="true" className="size-5" />}
              label="Token Disponibili"
              value={remaining}
              hint={remaining === "∞" ? "illimitati" : undefined}
            />
          </section>
          <LaterSections profile={data} />
        </>
      )}
    </div>
  );
}
