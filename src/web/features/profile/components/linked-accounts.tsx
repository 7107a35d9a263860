import type { AuthProvider } from "@shared/site-config";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Link2, Unlink } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { type AuthClientError, toastAuthError } from "@/lib/auth-error-toast";
import { formatDate } from "@/lib/format-date";
import { loadAuthClient } from "@/lib/load-auth-client";
import { useSeenOnce } from "@/lib/use-once-in-view";
import { SITE_CONFIG } from "@/lib/site-config";
import { useMe } from "@/lib/session";
import { ProfileCardTitle } from "./profile-card-title";

/** One way to sign in of the account (Better Auth account row): 'credential' = e-mail and password. */
interface LinkedAccount {
  id: string;
  providerId: string;
  createdAt: Date | string;
}

class AuthCallError extends Error {
  constructor(readonly detail: AuthClientError) {
    super(detail.message ?? "auth error");
  }
}

/** GET /api/auth/list-accounts → the signed-in user's ways to sign in. */
const accountsQuery = queryOptions({
  queryKey: ["auth", "accounts"],
  queryFn: async (): Promise<LinkedAccount[]> => {
    const { data, error } = await (await loadAuthClient()).listAccounts();
    if (error) throw new AuthCallError(error);
    return data;
  },
  staleTime: 0,
});

/** Query parameter set on the return from a successful link: its value is the provider id. */
const LINKED_PARAM = "collegato";

/**
 * 'Account collegati' on /profilo (issue 10; spec §7 identities, /user/identities/authorize,
 * DELETE /user/identities/{id}; §8): each configured provider (site configuration) with its
 * state. 'Collega' sends the player to the provider and back here ('Account collegato' toast;
 * an identity already linked to another account comes back as ?error=…, shown by the page);
 * 'Scollega' asks for confirmation, then the server refuses to remove the last way to sign in
 * (single_identity_not_deletable, toast). A row also tells whether a password is set, since that
 * is what makes an identity removable. Hidden for guests and when no provider is configured. The
 * identities are asked for once the card is in view (placeholders until then); back from linking,
 * the page scrolls to the card.
 */
export function LinkedAccounts() {
  const { me } = useMe();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [confirming, setConfirming] = useState<{ account: LinkedAccount; provider: AuthProvider } | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  const providers = SITE_CONFIG.authProviders;
  const enabled = providers.length > 0 && me != null && !me.user.isAnonymous;
  // Asked for once the card is in view, as 'Sicurezza' (issue 21: the sign-in client off a phone's load).
  const { ref: cardRef, element: card, seen } = useSeenOnce<HTMLDivElement>("0px");
  const accounts = useQuery({ ...accountsQuery, enabled: enabled && seen });

  const linkedProvider = providers.find((p) => p.id === params.get(LINKED_PARAM));
  useEffect(() => {
    if (!linkedProvider) return;
    // Back from the provider: the card, with the new link, is what the player came back to see.
    card.current?.scrollIntoView({ block: "start" });
    toast.success("Account collegato", {
      id: `linked:${linkedProvider.id}`,
      description: `Ora puoi accedere anche con ${linkedProvider.name}.` });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LINKED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [linkedProvider, setParams, card]);

  const unlink = useMutation({
    mutationFn: async (account: LinkedAccount) => {
      const { error } = await (await loadAuthClient()).unlinkAccount({ accountId: account.id });
      if (error) throw new AuthCallError(error);
    },
    onSuccess: () => toast.success("Account scollegato"),
    onError: (error) => toastAuthError(error instanceof AuthCallError ? error.detail : {}),
    onSettled: () => {
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey });
    },
  });

  if (!enabled) return null;

  const link = async (provider: AuthProvider) => {
    setLinking(provider.id);
    const { error } = await (await loadAuthClient()).linkSocial({
      provider: provider.id,
      callbackURL: `/profilo?${LINKED_PARAM}=${encodeURIComponent(provider.id)}`,
      errorCallbackURL: "/profilo",
    });
    if (error) {
      setLinking(null);
      toastAuthError(error);
    }
  };

  const hasPassword = accounts.data?.some((a) => a.providerId === "credential");

  return (
    <Card ref={cardRef} className="scroll-mt-24">
      <CardHeader>
        <ProfileCardTitle icon={Link2}>Account collegati</ProfileCardTitle>
        <CardDescription>Accedi anche con un altro servizio. Deve restare almeno un modo per accedere al tuo account.</CardDescription>
      </CardHeader>
      <CardContent>
        {accounts.isPending ? (
          <Skeleton role="status" aria-label="Caricamento degli account collegati" className="h-24 w-full" />
        ) : accounts.isError ? (
          <p className="text-sm text-muted-foreground">Impossibile caricare gli account collegati.</p>
        ) : (
          <ul className="grid gap-3">
            <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4">
              <div className="flex items-center gap-3">
                <KeyRound aria-hidden="true" className="size-5 text-muted-foreground" />
                <div>
                  <p className="font-medium">Email e password</p>
                  <p className="text-sm text-muted-foreground">{hasPassword ? "Password impostata" : "Nessuna password impostata"}</p>
                </div>
              </div>
            </li>
            {providers.map((provider) => {
              const account = accounts.data?.find((a) => a.providerId === provider.id);
              return (
                <li key={provider.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4">
                  <div>
                    <p className="flex items-center gap-2 font-medium">
                      {provider.name}
                      {account && <Badge variant="secondary">Collegato</Badge>}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {account ? `Collegato il ${formatDate(new Date(account.createdAt).toISOString())}` : "Non collegato"}
                    </p>
                  </div>
                  {account ? (
                    <Button
                      type="button"
                      variant="outline"
                      aria-label={`Scollega ${provider.name}`}
                      onClick={() => setConfirming({ account, provider })}
                    >
                      <Unlink aria-hidden="true" />
                      Scollega
                    </Button>
                  ) : (
                    <Button
                      type="button"
                      variant="outline"
                      aria-label={`Collega ${provider.name}`}
                      disabled={linking !== null}
                      aria-busy={linking === provider.id}
                      onClick={() => void link(provider)}
                    >
                      {linking === provider.id ? <Spinner /> : <Link2 aria-hidden="true" />}
                      Collega
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !unlink.isPending && setConfirming(null)}
        title={`Scollegare ${confirming?.provider.name ?? ""}?`}
        description="Non potrai più accedere con questo servizio finché non lo colleghi di nuovo."
        confirmLabel={unlink.isPending ? "Scollegamento..." : "Scollega"}
        busy={unlink.isPending}
        onConfirm={() => confirming && unlink.mutate(confirming.account)}
      />
    </Card>
  );
}
