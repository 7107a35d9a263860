import { useQuery } from "@tanstack/react-query";
import { LockKeyhole, ShieldAlert } from "lucide-react";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import { ADMIN_2FA_REASON } from "@/lib/admin-two-factor";
import { useSeenOnce } from "@/lib/use-once-in-view";
import { currentSessionQuery } from "../../security-api";
import { ChangeEmailForm } from "./change-email-form";
import { ChangePasswordForm } from "./change-password-form";
import { SessionsList } from "./sessions-list";
import { TwoFactorSettings } from "./two-factor-settings";
import { ProfileCardTitle } from "../profile-card-title";

/**
 * Profilo → 'Sicurezza' (issue 10): two-step verification, password, e-mail and the connected
 * devices of a registered player (guests have none of these). Anchored at #sicurezza; with
 * ?motivo=admin-2fa it explains why an admin was sent here and scrolls into view. What it reads
 * through the sign-in client (the session's two-step state, the devices) is asked for when the
 * card comes into view (issue 21: the client, its requests and the list stay off the page's load
 * on a phone, where the card is below the first screen); until then, as on the server's page,
 * placeholders.
 */
export function SecurityCard({ email }: { email: string }) {
  const { ref: cardRef, element: card, seen } = useSeenOnce<HTMLDivElement>("0px");
  const current = useQuery({ ...currentSessionQuery, enabled: seen });
  const [params] = useSearchParams();
  const adminReason = params.get("motivo") === ADMIN_2FA_REASON;

  useEffect(() => {
    if (adminReason || window.location.hash === "#sicurezza") card.current?.scrollIntoView({ block: "start" });
  }, [adminReason, card]);

  return (
    <Card ref={cardRef} id="sicurezza" aria-labelledby="sicurezza-titolo" className="scroll-mt-24">
      <CardHeader>
        <ProfileCardTitle icon={LockKeyhole} id="sicurezza-titolo">Sicurezza</ProfileCardTitle>
        <CardDescription>Accesso, verifica in due passaggi e dispositivi connessi al tuo account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {adminReason && (
          <p role="alert" className="flex gap-3 rounded-lg border border-amber-400/50 bg-amber-400/10 p-4 text-sm">
            <ShieldAlert aria-hidden="true" className="size-5 shrink-0 text-amber-300" />
            Per usare il pannello di amministrazione attiva prima la verifica in due passaggi: poi potrai tornare all'area Admin.
          </p>
        )}
        {current.isPending ? <Skeleton className="h-16 w-full" /> : <TwoFactorSettings enabled={Boolean(current.data?.user.twoFactorEnabled)} />}
        <Separator />
        <SessionsList enabled={seen} />
        <Separator />
        <ChangePasswordForm />
        <Separator />
        <ChangeEmailForm currentEmail={email} />
      </CardContent>
    </Card>
  );
}
