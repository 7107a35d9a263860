import { useState } from "react";
import { Link } from "react-router";
import type { MeView, PlanView } from "@/lib/api-contract";
import { api, ApiError } from "@/lib/api";
import { loginPath } from "@/lib/login-redirect";
import { SITE_CONFIG } from "@/lib/site-config";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";

/**
 * The button of a paid plan on /prezzi (issue 41). Without Stripe (SITE_CONFIG.payments false):
 * 'Scegli …' and the toast 'Questa funzionalità sarà disponibile a breve!' (spec §2 Pricing).
 * With Stripe: 'Passa a Premium' / 'Passa a Pro' → POST /api/billing/checkout → Stripe Checkout;
 * visitors and guests go to /login first and come back to /prezzi; the plan the player has (or an
 * admin's) is shown as theirs, disabled. A refused or failed checkout shows the server's Italian message.
 */
export function PlanButton({ plan, me, popular }: { plan: PlanView; me: MeView | null | undefined; popular: boolean }) {
  const [busy, setBusy] = useState(false);
  const variant = popular ? "default" : "secondary";
  if (!SITE_CONFIG.payments) {
    return (
      <Button type="button" className="w-full" variant={variant} onClick={() => toast.info("Questa funzionalità sarà disponibile a breve!")}>
        Scegli {plan.name}
      </Button>
    );
  }
  const label = `Passa a ${plan.name}`;
  if (!me || me.user.isAnonymous) {
    return (
      <Button asChild className="w-full" variant={variant}>
        <Link to={loginPath("/prezzi")}>{label}</Link>
      </Button>
    );
  }
  if (me.isAdmin || me.tokens?.plan === plan.id) {
    return (
      <Button type="button" className="w-full" variant="outline" disabled>
        {me.isAdmin ? "Incluso nel piano Admin" : "Il tuo piano"}
      </Button>
    );
  }
  const checkout = async () => {
    setBusy(true);
    try {
      const { url } = await api<{ url: string }>("/billing/checkout", { body: { plan: plan.id } });
      window.location.assign(url);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError) toast.error(error.title, { description: error.message });
      else toast.error("Errore", { description: "Il pagamento non è disponibile in questo momento. Riprova tra poco." });
    }
  };
  return (
    <Button type="button" className="w-full" variant={variant} disabled={busy} onClick={() => void checkout()}>
      {busy ? "Apertura del pagamento…" : label}
    </Button>
  );
}
