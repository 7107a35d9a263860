import { useQuery } from "@tanstack/react-query";
import { Gauge } from "lucide-react";
import { Link } from "react-router";
import type { AiUsageView } from "@/lib/api-contract";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatCount } from "@/lib/format";
import { aiUsageQuery } from "../usage-api";

/** 'Budget giornaliero AI' as one line of figures: used today, of the limit, and its state. */
export function BudgetFigures({ budget }: { budget: AiUsageView["budget"] }) {
  const share = budget.limit > 0 ? Math.min(100, Math.round((budget.usedToday / budget.limit) * 100)) : 0;
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-2xl font-bold tabular-nums">{formatCount(budget.usedToday)}</span>
        <span className="text-muted-foreground">{budget.limit > 0 ? `token oggi su ${formatCount(budget.limit)}` : "token oggi (nessun limite impostato)"}</span>
        {budget.limit > 0 && (
          <Badge className={budget.exhausted ? "border-transparent bg-red-700 text-white" : "border-transparent bg-green-700 text-white"}>
            {budget.exhausted ? "Esaurito: i giocatori attendono domani" : "Disponibile"}
          </Badge>
        )}
      </p>
      {budget.limit > 0 && (
        <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label="Budget giornaliero usato" aria-valuenow={share} aria-valuemin={0} aria-valuemax={100}>
          <div className={budget.exhausted ? "h-full rounded-full bg-red-500" : "h-full rounded-full bg-violet-500"} style={{ width: `${share}%` }} />
        </div>
      )}
    </div>
  );
}

/**
 * The dashboard's card of the AI budget (issue 20 §4): today's tokens against
 * AI_DAILY_TOKEN_BUDGET and whether new turns are refused, with a link to 'Utilizzo AI'.
 */
export function AiBudgetCard() {
  const today = useQuery(aiUsageQuery({}));
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gauge aria-hidden="true" className="size-4 text-violet-300" />
          <h2>Budget giornaliero AI</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {today.isPending ? (
          <p className="text-sm text-muted-foreground">Caricamento...</p>
        ) : today.isError ? (
          <p className="text-sm text-red-300">{today.error.message}</p>
        ) : (
          <BudgetFigures budget={today.data.budget} />
        )}
        <Link to="/admin/usage" className="mt-4 inline-block text-sm text-violet-300 underline-offset-4 hover:underline">
          Apri l'utilizzo AI
        </Link>
      </CardContent>
    </Card>
  );
}
