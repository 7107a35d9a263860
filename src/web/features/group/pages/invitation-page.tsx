/**
 * /invito/:token (issue 24 "Invite", ADR 0019): a friend's invitation to play a story together.
 * Shows the story's title and genre, the host and how many players it has; a visitor signs in or
 * registers (and comes back here) or enters as a guest; a player chooses a character's name and one
 * line about them (characterSchema, shared with the server) and joins, then plays on the game page.
 * A guest is reminded to register to keep the story. An invitation revoked or expired says so.
 */

import { resolveGenre } from "@shared/genres";
import type { CharacterInput } from "@shared/schemas/group";
import { useMutation, useQuery } from "@tanstack/react-query";
import { LogIn, UserRound, Users } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { SaveStoriesLink } from "@/components/guest-account";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { useGuestSignIn } from "@/lib/guest-sign-in";
import { loginPath } from "@/lib/login-redirect";
import { useMe } from "@/lib/session";
import { showError } from "@/features/game";
import { gamePagePath } from "@/lib/game-path";
import { invitationPreviewQuery, joinStory } from "../api";
import { CharacterForm } from "../components/character-form";

/** The character form; joining opens the story. */
function JoinForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const join = useMutation({
    mutationFn: (input: CharacterInput) => joinStory(token, input),
    onSuccess: (joined) => navigate(gamePagePath(joined.genre, joined.gameId)),
    onError: showError,
  });
  return <CharacterForm onSubmit={(character) => join.mutate(character)} busy={join.isPending} submitIcon={<Users aria-hidden />} submitLabel="Entra nella storia" />;
}

/** A visitor: 'Accedi o registrati' (back here afterwards) or 'Entra come ospite'. */
function VisitorChoice({ token }: { token: string }) {
  const guest = useGuestSignIn(() => undefined);
  return (
    <div className="grid gap-3">
      <p className="text-sm">Per giocare serve un account: accedi o registrati, poi torni qui. Puoi anche entrare subito come ospite.</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={loginPath(`/invito/${encodeURIComponent(token)}`)}>
            <LogIn aria-hidden />
            Accedi o registrati
          </Link>
        </Button>
        <Button type="button" variant="outline" disabled={guest.isPending} onClick={() => guest.mutate()}>
          {guest.isPending ? <Spinner /> : <UserRound aria-hidden />}
          Entra come ospite
        </Button>
      </div>
    </div>
  );
}

/** Input: the token of the URL. Output: the invitation's card (loading, not valid, full, or the way in). */
export function InvitationPage() {
  const { token = "" } = useParams();
  const { me, isLoading } = useMe();
  const query = useQuery(invitationPreviewQuery(token));
  const invitation = query.data;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10">
      <Card>
        {query.isPending ? (
          <CardContent role="status" aria-label="Caricamento dell'invito" className="grid gap-3 pt-6">
            <Skeleton className="h-7 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
          </CardContent>
        ) : !invitation ? (
          <>
            <CardHeader>
              <CardTitle>
                <h1>Invito non valido</h1>
              </CardTitle>
              <CardDescription>
                {query.error instanceof ApiError && query.error.status === 404 ? query.error.message : "Non è stato possibile leggere l'invito. Riprova tra poco."}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline">
                <Link to="/generi">Scegli un'altra avventura</Link>
              </Button>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <p className="text-sm text-muted-foreground">
                <span className="font-semibold text-foreground">{invitation.hostNickname}</span> ti invita a giocare insieme
              </p>
              <CardTitle>
                <h1 className="text-2xl">{invitation.title}</h1>
              </CardTitle>
              <CardDescription className="flex flex-wrap items-center gap-2">
                <Badge variant="outline">{resolveGenre(invitation.genre)}</Badge>
                <span>
                  {invitation.players} {invitation.players === 1 ? "giocatore" : "giocatori"} su 4
                </span>
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              {invitation.full ? (
                <p role="alert" className="text-sm">
                  La storia ha già 4 giocatori: chiedi all'host di liberare un posto.
                </p>
              ) : isLoading ? (
                <Skeleton className="h-24 w-full" />
              ) : me ? (
                <>
                  {me.user.isAnonymous && (
                    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-violet-400/40 bg-violet-600/10 px-3 py-2 text-sm">
                      <p>Stai giocando come ospite: registrati per non perdere questa storia.</p>
                      <SaveStoriesLink />
                    </div>
                  )}
                  <JoinForm token={token} />
                </>
              ) : (
                <VisitorChoice token={token} />
              )}
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
