import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Bowser from "bowser";
import { LogOut, Monitor, Smartphone, Tablet } from "lucide-react";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { type AuthClientError, toastAuthError } from "@/lib/auth-error-toast";
import { TimeAgo } from "@/components/time-ago";
import { meQuery } from "@/lib/session";
import { useSignOut } from "@/lib/use-sign-out";
import { type ActiveSession, authCall, currentSessionQuery, securityKey, sessionsQuery } from "../../security-api";

/** "Chrome su Windows" and the platform ("mobile", "tablet", "desktop"…) of a User-Agent; unknown parts named as such. */
function deviceOf(userAgent: string | null | undefined): { name: string; platform: string } {
  const parser = Bowser.getParser(userAgent || "sconosciuto");
  const browser = parser.getBrowserName() || "Browser sconosciuto";
  const os = parser.getOSName();
  return { name: os ? `${browser} su ${os}` : browser, platform: parser.getPlatformType() };
}

function DeviceIcon({ platform }: { platform: string }) {
  const Icon = platform === "mobile" ? Smartphone : platform === "tablet" ? Tablet : Monitor;
  return <Icon aria-hidden="true" className="size-5 shrink-0 text-violet-300" />;
}

/**
 * 'Dispositivi connessi' (issue 10; spec §7 POST /logout with a scope): every active session with
 * its device (browser and system, read with bowser from the User-Agent), place (the client
 * address the server recorded) and last activity ('3 minuti fa'); this browser is marked. Sign
 * out one other device, 'Esci da questo dispositivo' (local), 'Esci da tutti gli altri'
 * (others) or 'Esci ovunque' (global, after a confirmation; then /login). Input: `enabled`,
 * whether to ask for the sessions yet (SecurityCard: once it is in view); placeholders until they arrive.
 */
export function SessionsList({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery({ ...sessionsQuery, enabled });
  const current = useQuery({ ...currentSessionQuery, enabled });
  const { signOut, isPending: signingOut } = useSignOut();
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKey });

  const revokeOne = useMutation({
    mutationFn: (id: string) => authCall((client) => client.$fetch("/revoke-session", { method: "POST", body: { id } })),
    onSuccess: async () => {
      toast.success("Dispositivo disconnesso");
      await refresh();
    },
    onError: (error: AuthClientError) => toastAuthError(error),
  });
  const revokeOthers = useMutation({
    mutationFn: () => authCall((client) => client.revokeOtherSessions()),
    onSuccess: async () => {
      toast.success("Disconnesso dagli altri dispositivi");
      await refresh();
    },
    onError: (error: AuthClientError) => toastAuthError(error),
  });
  const revokeAll = useMutation({
    mutationFn: () => authCall((client) => client.revokeSessions()),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(meQuery.queryKey, null);
      toast.success("Disconnesso da tutti i dispositivi");
      navigate("/login");
    },
    onError: (error: AuthClientError) => toastAuthError(error),
  });

  const currentId = current.data?.session.id;
  // This browser first, then the others as listed (most recently active first).
  const list: ActiveSession[] = [...(sessions.data ?? [])].sort((a, b) => Number(b.id === currentId) - Number(a.id === currentId));
  const others = list.filter((s) => s.id !== currentId).length;

  return (
    <section className="grid gap-4" aria-labelledby="sicurezza-sessioni">
      <h3 id="sicurezza-sessioni" className="font-medium">
        Dispositivi connessi
      </h3>
      {sessions.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : sessions.isError ? (
        <p className="text-sm text-muted-foreground">Impossibile caricare i dispositivi connessi.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Sessioni attive">
          {list.map((session) => {
            const device = deviceOf(session.userAgent);
            const isCurrent = session.id === currentId;
            return (
              <li key={session.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
                <DeviceIcon platform={device.platform} />
                <div className="min-w-0 flex-1 basis-48">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {device.name}
                    {isCurrent && <Badge variant="secondary">Questo dispositivo</Badge>}
                  </p>
                  <p className="text-sm break-words text-muted-foreground">
                    {session.ipAddress ? `Indirizzo ${session.ipAddress}` : "Indirizzo sconosciuto"} · Ultima attività{" "}
                    <TimeAgo iso={new Date(session.updatedAt).toISOString()} />
                  </p>
                </div>
                {!isCurrent && (
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    className="ml-auto"
                    disabled={revokeOne.isPending}
                    aria-label={`Disconnetti ${device.name} (${session.ipAddress ?? "indirizzo sconosciuto"})`}
                    onClick={() => revokeOne.mutate(session.id)}
                  >
                    <LogOut aria-hidden="true" />
                    Disconnetti
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="button" variant="outline" disabled={signingOut} onClick={signOut}>
          Esci da questo dispositivo
        </Button>
        <Button type="button" variant="outline" disabled={revokeOthers.isPending || others === 0} onClick={() => revokeOthers.mutate()}>
          {revokeOthers.isPending && <Spinner />}
          Esci da tutti gli altri
        </Button>
        <ConfirmDialog
          trigger={
            <Button type="button" variant="destructive">
              Esci ovunque
            </Button>
          }
          title="Uscire da tutti i dispositivi?"
          description="Verrai disconnesso ovunque, anche qui: per continuare dovrai accedere di nuovo."
          confirmLabel="Esci ovunque"
          busy={revokeAll.isPending}
          onConfirm={() => revokeAll.mutate()}
        />
      </div>
    </section>
  );
}
