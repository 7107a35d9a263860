import { useMutation, useQuery } from "@tanstack/react-query";
import { CreditCard } from "lucide-react";
import { Link } from "react-router";
import type { SubscriptionView } from "@/lib/api-contract";
import { api, ApiError } from "@/lib/api";
import { formatDate } from "@/lib/format-date";
import { formatEuroCents } from "@/lib/format";
import { SITE_CONFIG } from "@/lib/site-config";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { ProfileCardTitle } from "./profile-card-title";

const PLAN_NAMES: Record<string, string> = { base: "Base", premium: "Premium", pro: "Pro", admin: "Admin" };

/** The sentence about the subscription's period: renewal, end, or a payment to fix. */
function periodLine(view: SubscriptionView): string | null {
  if (view.status === "past_due" || view.status === "unpaid") return "L'ultimo pagamento non è riuscito: aggiorna il metodo di pagamento.";
  if (!view.periodEnd || (view.status !== "active" && view.status !== "trialing")) return null;
  return view.cancelAtPeriodEnd ? `Termina il ${formatDate(view.periodEnd)}, poi torni al piano Base.` : `Prossimo rinnovo il ${formatDate(view.periodEnd)}.`;
}

/**
 * Profilo → 'Abbonamento' (issue 41), shown when Stripe is configured: the plan, its monthly
 * price, the next renewal or the end date, and 'Gestisci abbonamento' → POST /api/billing/portal →
 * Stripe's Customer Portal (cancel, change plan, payment method, invoices). Without a Stripe
 * customer yet, a link to /prezzi.
 */
export function SubscriptionCard() {
  const subscription = useQuery({ queryKey: ["billing", "subscription"], queryFn: () => api<SubscriptionView>("/billing/subscription") });
  const portal = useMutation({
    mutationFn: () => api<{ url: string }>("/billing/portal", { method: "POST" }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast.error("Errore", { description: error instanceof ApiError ? error.message : "Impossibile aprire la gestione dell'abbonamento." }),
  });
  if (!SITE_CONFIG.payments || !subscription.data) return null;
  const view = subscription.data;
  const line = periodLine(view);
  return (
    <Card>
      <CardHeader>
        <ProfileCardTitle icon={CreditCard}>
          Abbonamento
        </ProfileCardTitle>
        <CardDescription>
          Piano {PLAN_NAMES[view.plan] ?? view.plan}
          {view.priceCents > 0 ? ` · ${formatEuroCents(view.priceCents)}/mese` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">{line ?? (view.plan === "base" ? "Passa a Premium o Pro per più messaggi e le scene illustrate." : "")}</p>
        {view.canManage ? (
          <Button type="button" variant="outline" disabled={portal.isPending} onClick={() => portal.mutate()}>
            Gestisci abbonamento
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to="/prezzi">Vedi i piani</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
