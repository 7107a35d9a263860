import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Sparkles, X } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import type { PlanView } from "@/lib/api-contract";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { meQuery, useMe } from "@/lib/session";
import { SITE_CONFIG } from "@/lib/site-config";
import { formatEuroCents } from "@/lib/format";
import { cn } from "@/lib/utils";
import { plansQuery } from "../api";
import { PlanButton } from "../components/plan-button";

interface Feature {
  text: string;
  included: boolean;
}

/**
 * The features of spec §9 for a plan, with the limits read from the plans table: tokens
 * (messages) a day, /visualizza a month; the base plan lists /visualizza as missing.
 */
function featuresOf(plan: PlanView): Feature[] {
  const tokens = { text: `${plan.messageLimit} token al giorno`, included: true };
  const genres = { text: "Tutti i generi", included: true };
  const saving = { text: "Salvataggio delle partite", included: true };
  if (plan.visualizeLimit === 0) {
    return [tokens, genres, saving, { text: "/visualizza: creazione e salvataggio in alta definizione della scena attuale", included: false }];
  }
  return [tokens, genres, saving, { text: `${plan.visualizeLimit} /visualizza al mese (scene in alta definizione)`, included: true }];
}

/**
 * /prezzi (spec §2 Pricing, §8 Pricing, §9 pricing plans): three plan cards from GET /api/plans.
 * Base is free; its button goes to /login, or to /generi for signed-in users. Premium is 'Più
 * popolare'. Without Stripe, paid plans show 'Presto Disponibile' and their button gives the info
 * toast 'Questa funzionalità sarà disponibile a breve!'; with Stripe (issue 41) their button is
 * 'Passa a …' (PlanButton), and back from Checkout the page says 'Abbonamento attivato'
 * (?pagamento=ok) or 'Pagamento annullato' (?pagamento=annullato). Prices in Italian format (9,99 €).
 */
export function PricingPage() {
  const plans = useQuery(plansQuery);
  const { me } = useMe();
  const [params] = useSearchParams();
  const outcome = params.get("pagamento");
  const queryClient = useQueryClient();
  // Back from Checkout: the plan may have changed meanwhile (the webhook), so the session is read again.
  useEffect(() => {
    if (outcome === "ok") void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
  }, [outcome, queryClient]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-6 md:py-16">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">Scegli il tuo piano</h1>
        <p className="mt-4 text-lg text-muted-foreground">Inizia gratis e passa a un piano superiore quando vuoi più storie e più scene illustrate.</p>
      </header>
      {outcome === "ok" && (
        <div role="status" className="mx-auto mt-8 max-w-2xl rounded-lg border border-emerald-500/60 bg-emerald-950/40 p-4 text-center">
          <p className="font-semibold">Abbonamento attivato</p>
          <p className="text-sm text-muted-foreground">Grazie! Il nuovo piano vale da subito: i limiti sono già aggiornati.</p>
        </div>
      )}
      {outcome === "annullato" && (
        <div role="status" className="mx-auto mt-8 max-w-2xl rounded-lg border p-4 text-center">
          <p className="font-semibold">Pagamento annullato</p>
          <p className="text-sm text-muted-foreground">Non è stato addebitato nulla. Puoi scegliere un piano quando vuoi.</p>
        </div>
      )}

      {plans.isLoading ? (
        <div role="status" aria-label="Caricamento dei piani" className="mt-12 grid gap-6 md:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-96 w-full rounded-xl" />
          ))}
        </div>
      ) : plans.isError || !plans.data ? (
        <p className="mt-12 rounded-lg border p-6 text-center text-muted-foreground">Impossibile caricare i piani. Riprova più tardi.</p>
      ) : (
        <ul className="mt-12 grid gap-6 md:grid-cols-3" aria-label="Piani">
          {plans.data.map((plan) => {
            const free = plan.priceCents === 0;
            const popular = plan.id === "premium";
            return (
              <li key={plan.id} className="flex">
                <Card className={cn("relative w-full", popular && "border-violet-500 shadow-lg shadow-violet-900/40 md:-translate-y-2")}>
                  {popular && (
                    <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">
                      <Sparkles aria-hidden="true" />
                      Più popolare
                    </Badge>
                  )}
                  <CardHeader>
                    <CardTitle>
                      <h2 className="text-2xl">{plan.name}</h2>
                    </CardTitle>
                    <CardDescription>
                      {free ? "Per iniziare a giocare" : SITE_CONFIG.payments ? "Abbonamento mensile, disdici quando vuoi" : <span className="font-medium text-fuchsia-300">Presto Disponibile</span>}
                    </CardDescription>
                  </CardHeader>
                  <CardContent className="flex flex-1 flex-col gap-6">
                    <p>
                      <span className="text-4xl font-bold">{free ? "Gratis" : formatEuroCents(plan.priceCents)}</span>
                      {!free && <span className="text-muted-foreground">/mese</span>}
                    </p>
                    <ul className="flex flex-col gap-3" aria-label={`Caratteristiche del piano ${plan.name}`}>
                      {featuresOf(plan).map((f) => (
                        <li key={f.text} className={cn("flex items-start gap-2 text-sm", !f.included && "text-muted-foreground")}>
                          {f.included ? (
                            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-400" />
                          ) : (
                            <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-300" />
                          )}
                          <span>
                            {!f.included && <span className="sr-only">Non incluso: </span>}
                            {f.text}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </CardContent>
                  <CardFooter>
                    {free ? (
                      <Button asChild className="w-full" variant="outline">
                        <Link to={me ? "/generi" : "/login"}>{me ? "Gioca gratis" : "Inizia gratis"}</Link>
                      </Button>
                    ) : (
                      <PlanButton plan={plan} me={me} popular={popular} />
                    )}
                  </CardFooter>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mx-auto mt-10 max-w-2xl text-center text-sm text-muted-foreground">
        I token sono i messaggi che puoi inviare al narratore ogni giorno; il conteggio riparte a mezzanotte (ora italiana). Ogni /visualizza usa 2
        token.
      </p>
    </div>
  );
}
