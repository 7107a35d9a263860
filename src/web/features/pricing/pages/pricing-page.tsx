import { useQuery } from "@tanstack/react-query";
import { Check, Sparkles, X } from "lucide-react";
import { Link } from "react-router";
import type { PlanView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useMe } from "@/lib/session";
import { formatEuroCents } from "@/lib/format";
import { cn } from "@/lib/utils";
import { plansQuery } from "../api";

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
 * popolare'. Paid plans show 'Presto Disponibile' and their button gives the info toast
 * 'Questa funzionalità sarà disponibile a breve!'. Prices in Italian format (9,99 €).
 */
export function PricingPage() {
  const plans = useQuery(plansQuery);
  const { me } = useMe();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-6 md:py-16">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">Scegli il tuo piano</h1>
        <p className="mt-4 text-lg text-muted-foreground">Inizia gratis e passa a un piano superiore quando vuoi più storie e più scene illustrate.</p>
      </header>

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
                      {free ? "Per iniziare a giocare" : <span className="font-medium text-fuchsia-300">Presto Disponibile</span>}
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
                      <Button
                        type="button"
                        className="w-full"
                        variant={popular ? "default" : "secondary"}
                        onClick={() => toast.info("Questa funzionalità sarà disponibile a breve!")}
                      >
                        Scegli {plan.name}
                      </Button>
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
