import { AI_PURPOSE_LABELS, type AiUsageQuery } from "@shared/ai-usage";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { AiUsageView, UsageTotals } from "@/lib/api-contract";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatCount } from "@/lib/format";
import { AdminListState } from "../components/admin-list-state";
import { AdminPageHeader } from "../components/admin-page-header";
import { BudgetFigures } from "../components/ai-budget-card";
import { aiUsageQuery } from "../usage-api";

const euro = new Intl.NumberFormat("it-IT", { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** '€ 0,0042', or '—' when no price is set (AI_PRICE_INPUT / AI_PRICE_OUTPUT). */
function cost(value: number | null): string {
  return value === null ? "—" : `€ ${euro.format(value)}`;
}

/** '2026-05-01' → '01/05/2026'. */
function day(value: string): string {
  return value.split("-").reverse().join("/");
}

/** The columns every table shares: calls, input and output tokens, estimated cost. */
function TotalsCells({ totals }: { totals: UsageTotals }) {
  return (
    <>
      <TableCell className="text-right tabular-nums">{formatCount(totals.calls)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatCount(totals.inputTokens)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatCount(totals.outputTokens)}</TableCell>
      <TableCell className="text-right tabular-nums">{cost(totals.cost)}</TableCell>
    </>
  );
}

function TotalsHeads() {
  return (
    <>
      <TableHead className="text-right">Chiamate</TableHead>
      <TableHead className="text-right">Token in ingresso</TableHead>
      <TableHead className="text-right">Token in uscita</TableHead>
      <TableHead className="text-right">Costo stimato</TableHead>
    </>
  );
}

/** One titled card. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A table that scrolls sideways on narrow screens, reachable with the keyboard (a named, focusable region). */
function Table({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
      <table className="w-full caption-bottom text-sm">{children}</table>
    </div>
  );
}

/** The report's cards: totals and budget, tokens per day and model, per purpose, and the players who used most. */
function UsageReport({ report }: { report: AiUsageView }) {
  const priced = report.prices.input !== null || report.prices.output !== null;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Totale del periodo">
          <p className="text-2xl font-bold tabular-nums">{formatCount(report.total.inputTokens + report.total.outputTokens)} token</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {formatCount(report.total.calls)} chiamate · costo stimato {cost(report.total.cost)}
          </p>
          {!priced && <p className="mt-2 text-sm text-muted-foreground">Imposta AI_PRICE_INPUT e AI_PRICE_OUTPUT (euro per milione di token) per stimare il costo.</p>}
        </Section>
        <Section title="Budget giornaliero">
          <BudgetFigures budget={report.budget} />
        </Section>
      </div>
      <Section title="Token per giorno e modello">
        {report.days.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nessun utilizzo in questo periodo.</p>
        ) : (
          <Table label="Token per giorno e modello">
            <TableHeader>
              <TableRow>
                <TableHead>Giorno</TableHead>
                <TableHead>Modello</TableHead>
                <TotalsHeads />
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.days.map((row) => (
                <TableRow key={`${row.day}-${row.model}`}>
                  <TableCell className="whitespace-nowrap">{day(row.day)}</TableCell>
                  <TableCell className="font-mono text-xs break-all">{row.model}</TableCell>
                  <TotalsCells totals={row} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      <div className="grid gap-6">
        <Section title="Per uso">
          <Table label="Token per uso">
            <TableHeader>
              <TableRow>
                <TableHead>Uso</TableHead>
                <TotalsHeads />
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.purposes.map((row) => (
                <TableRow key={row.purpose}>
                  <TableCell>{AI_PURPOSE_LABELS[row.purpose] ?? row.purpose}</TableCell>
                  <TotalsCells totals={row} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
        <Section title="Chi ha usato di più">
          <Table label="Token per giocatore">
            <TableHeader>
              <TableRow>
                <TableHead>Giocatore</TableHead>
                <TotalsHeads />
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.players.map((row) => (
                <TableRow key={row.userId ?? "nessuno"}>
                  <TableCell className="max-w-56 pr-4 break-all">{row.userId === null ? "Account cancellati" : (row.nickname ?? row.email ?? row.userId)}</TableCell>
                  <TotalsCells totals={row} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      </div>
    </div>
  );
}

/**
 * /admin/usage 'Utilizzo AI' (issue 20 §4): the provider's tokens per day and model, per use and
 * per player over a range of days (default: the last 30), with the estimated cost and the daily
 * budget. A bad range shows the server's Italian message.
 */
export function UsagePage() {
  const [range, setRange] = useState<AiUsageQuery>({});
  const report = useQuery(aiUsageQuery(range));
  return (
    <div>
      <AdminPageHeader
        title="Utilizzo AI"
        description="Token usati dal fornitore AI per giorno, modello, uso e giocatore, con il costo stimato."
        action={
          <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => event.preventDefault()}>
            <div className="grid gap-1.5">
              <Label htmlFor="usage-from">Dal</Label>
              <Input id="usage-from" type="date" className="w-40" value={range.from ?? report.data?.from ?? ""} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value || undefined }))} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="usage-to">Al</Label>
              <Input id="usage-to" type="date" className="w-40" value={range.to ?? report.data?.to ?? ""} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value || undefined }))} />
            </div>
          </form>
        }
      />
      <AdminListState query={report} errorText="Impossibile recuperare l'utilizzo AI" isEmpty={() => false} emptyText="">
        {(data) => <UsageReport report={data} />}
      </AdminListState>
    </div>
  );
}
