/**
 * /admin/reports, 'Segnalazioni' (issue 23): the moderation queue for moderators and admins.
 * - the figures (open reports, open appeals, median time to a decision) and the monthly summary
 *   as CSV for the transparency report;
 * - the open reports grouped by item, oldest first: the content in place, its author (nickname;
 *   admins also get the account), earlier decisions on the same author, the reports (reason,
 *   explanation, repeats; never who sent them) and the decision form;
 * - the open appeals ('Contesta la decisione'), each decided by a moderator other than the one
 *   who decided;
 * - nobody decides on what they wrote (issue 36 finding 5): such an item or appeal shows why
 *   instead of its form (the server refuses it too).
 */

import { zodResolver } from "@hookform/resolvers/zod";
import { appealDecisionSchema, DECISION_LABELS, EXPLANATION_MAX, KIND_LABELS } from "@shared/schemas/moderation";
import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { AppealQueueItemView, DecisionConflict, QueueItemView } from "@/lib/api-contract";
import { FieldError, TextAreaField } from "@/components/form-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { CenteredSpinner, Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format-date";
import { AdminPageHeader } from "@/features/admin";
import { appealsQuery, queueQuery, summaryCsvUrl, useDecideAppeal } from "../api";
import { ContentPreview } from "../components/content-preview";
import { DecisionForm } from "../components/decision-form";
import { ModerationFigures } from "../components/moderation-figures";

const STATE_LABELS: Record<QueueItemView["state"], string> = {
  visible: "Pubblico",
  held: "Trattenuto dal controllo automatico",
  restricted: "Visibilità limitata",
  removed: "Rimosso",
};

/** Why the viewer does not decide a reported item (they wrote it) or an appeal. */
const ITEM_CONFLICT_NOTE = "Hai scritto tu questo contenuto: le segnalazioni deve deciderle un altro moderatore.";
const APPEAL_CONFLICT_NOTES: Record<DecisionConflict, string> = {
  author: "Hai scritto tu questo contenuto: il ricorso deve deciderlo un altro moderatore.",
  decided: "Hai preso tu questa decisione: il ricorso deve deciderlo un altro moderatore.",
};

/** In place of a form: why another moderator decides. */
function NotYours({ note }: { note: string }) {
  return <p className="rounded-xl border p-4 text-sm text-muted-foreground">{note}</p>;
}

/** This month in Rome as YYYY-MM (the CSV's default). */
function thisMonth(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome", year: "numeric", month: "2-digit" }).format(new Date()).slice(0, 7);
}

export function ReportsQueuePage() {
  const queue = useQuery(queueQuery);
  const appeals = useQuery(appealsQuery);
  const [month, setMonth] = useState(thisMonth);

  return (
    <div>
      <AdminPageHeader title="Segnalazioni" description="Le segnalazioni aperte, dalla più vecchia, e i ricorsi contro le decisioni." />
      <div className="grid gap-8">
        <ModerationFigures />
        <section aria-labelledby="riepilogo" className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-end">
          <div className="grid gap-2">
            <h2 id="riepilogo" className="text-sm font-semibold">
              Riepilogo mensile per il rapporto di trasparenza
            </h2>
            <Label htmlFor="riepilogo-mese" className="text-xs text-muted-foreground">
              Mese
            </Label>
            <Input id="riepilogo-mese" type="month" value={month} onChange={(e) => setMonth(e.target.value)} className="w-48" />
          </div>
          <Button asChild variant="outline" className="rounded-full sm:w-fit">
            <a href={summaryCsvUrl(month)} download>
              <Download aria-hidden />
              Scarica CSV
            </a>
          </Button>
        </section>

        <section aria-labelledby="aperte" className="grid gap-4">
          <h2 id="aperte" className="text-xl font-semibold">
            Segnalazioni aperte
          </h2>
          {queue.isPending ? (
            <CenteredSpinner className="min-h-[20vh]" />
          ) : queue.isError ? (
            <p role="alert" className="rounded-lg border border-red-400/40 bg-red-950/40 p-4 text-red-100">
              Impossibile caricare le segnalazioni. Riprova più tardi.
            </p>
          ) : queue.data.items.length === 0 ? (
            <p className="rounded-lg border p-8 text-center text-muted-foreground">Nessuna segnalazione aperta.</p>
          ) : (
            <>
              <ul className="grid gap-6">
                {queue.data.items.map((item) => (
                  <li key={`${item.kind}:${item.id}`}>
                    <QueueItem item={item} />
                  </li>
                ))}
              </ul>
              {queue.data.more > 0 && <p className="text-sm text-muted-foreground">Altri {queue.data.more} contenuti aspettano: compariranno qui man mano che decidi.</p>}
            </>
          )}
        </section>

        <section aria-labelledby="ricorsi" className="grid gap-4">
          <h2 id="ricorsi" className="text-xl font-semibold">
            Ricorsi
          </h2>
          {appeals.isPending ? (
            <CenteredSpinner className="min-h-[10vh]" />
          ) : appeals.isError ? (
            <p role="alert" className="rounded-lg border border-red-400/40 bg-red-950/40 p-4 text-red-100">
              Impossibile caricare i ricorsi.
            </p>
          ) : appeals.data.length === 0 ? (
            <p className="rounded-lg border p-6 text-center text-muted-foreground">Nessun ricorso aperto.</p>
          ) : (
            <ul className="grid gap-6">
              {appeals.data.map((appeal) => (
                <li key={appeal.id}>
                  <AppealItem appeal={appeal} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** One reported item: content, author, history, reports and the decision form. */
function QueueItem({ item }: { item: QueueItemView }) {
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-row flex-wrap items-center gap-2">
        <CardTitle className="text-sm text-muted-foreground">{KIND_LABELS[item.kind]}</CardTitle>
        <Badge variant={item.state === "held" ? "destructive" : "secondary"}>{STATE_LABELS[item.state]}</Badge>
        <span className="text-xs text-muted-foreground">prima segnalazione {formatDateTime(item.firstReportAt)}</span>
      </CardHeader>
      <CardContent className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-4">
          <ContentPreview content={item.content} />
          <div className="grid gap-1 text-sm">
            <h4 className="font-semibold">Autore</h4>
            {item.author ? (
              <p>
                {item.author.nickname ?? "Utente senza nickname"}
                {item.author.accountPath && (
                  <>
                    {" · "}
                    <Link to={item.author.accountPath} className="text-violet-300 underline-offset-4 hover:underline">
                      {item.author.email}
                    </Link>
                  </>
                )}
                {item.author.suspended && <Badge className="ml-2" variant="destructive">Pubblicazione sospesa</Badge>}
              </p>
            ) : (
              <p className="text-muted-foreground">{item.kind === "template" ? "Template del sito" : "Account non più esistente"}</p>
            )}
            {item.earlierDecisions.length > 0 && (
              <>
                <h4 className="mt-2 font-semibold">Decisioni precedenti sullo stesso autore</h4>
                <ul className="grid gap-1 text-muted-foreground">
                  {item.earlierDecisions.map((d) => (
                    <li key={d.id}>
                      {formatDateTime(d.createdAt)} · {KIND_LABELS[d.contentKind]} «{d.contentTitle}»: {DECISION_LABELS[d.action]}
                      {d.suspendAuthor && ", pubblicazione sospesa"}
                      {d.ground && ` (${d.ground})`}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
        <div className="grid content-start gap-4">
          <div className="grid gap-2">
            <h4 className="text-sm font-semibold">
              {item.reports.length === 1 ? "1 segnalazione" : `${item.reports.length} segnalazioni`}
            </h4>
            <ul className="grid gap-2">
              {item.reports.map((r) => (
                <li key={r.id} className="rounded-lg border bg-background/60 p-3 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {r.reasonLabel}
                    {r.source === "screening" && <Badge variant="outline">Controllo automatico</Badge>}
                    {r.repeats > 0 && <Badge variant="outline">ripetuta {r.repeats + 1} volte</Badge>}
                  </p>
                  {r.explanation && <p className="mt-1 break-words whitespace-pre-line text-muted-foreground">{r.explanation}</p>}
                  <p className="mt-1 text-xs text-muted-foreground">{formatDateTime(r.createdAt)}</p>
                </li>
              ))}
            </ul>
          </div>
          {item.conflict ? <NotYours note={ITEM_CONFLICT_NOTE} /> : <DecisionForm kind={item.kind} id={item.id} hasAuthor={Boolean(item.author)} />}
        </div>
      </CardContent>
    </Card>
  );
}

/** One open appeal: the decision, the author's text and the outcome form (another moderator only). */
function AppealItem({ appeal }: { appeal: AppealQueueItemView }) {
  const decide = useDecideAppeal();
  const uid = useId();
  const form = useForm({ resolver: zodResolver(appealDecisionSchema), defaultValues: { outcome: undefined, reasons: "" } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    await decide.mutateAsync({ id: appeal.id, input }).catch(() => undefined);
  });
  const d = appeal.decision;
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-row flex-wrap items-center gap-2">
        <CardTitle className="text-sm text-muted-foreground">Ricorso · {KIND_LABELS[d.contentKind]}</CardTitle>
        <span className="text-xs text-muted-foreground">inviato {formatDateTime(appeal.createdAt)}</span>
      </CardHeader>
      <CardContent className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-4">
          <ContentPreview content={appeal.content} />
          <dl className="grid gap-1 text-sm">
            <dt className="font-semibold">Decisione contestata</dt>
            <dd>
              {DECISION_LABELS[d.action]}
              {d.suspendAuthor && ", pubblicazione sospesa"} — {formatDateTime(d.createdAt)}
              {d.moderatorNickname && ` da ${d.moderatorNickname}`}
            </dd>
            {d.ground && (
              <>
                <dt className="font-semibold">Motivo</dt>
                <dd>{d.ground}</dd>
              </>
            )}
            {d.facts && (
              <>
                <dt className="font-semibold">Fatti</dt>
                <dd className="whitespace-pre-line">{d.facts}</dd>
              </>
            )}
            <dt className="font-semibold">Cosa dice l'autore</dt>
            <dd className="break-words whitespace-pre-line">{appeal.text}</dd>
          </dl>
        </div>
        {appeal.conflict ? (
          <NotYours note={APPEAL_CONFLICT_NOTES[appeal.conflict]} />
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid content-start gap-4 rounded-xl border border-violet-400/30 bg-violet-950/20 p-4">
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-semibold">Esito</legend>
              <label className="flex cursor-pointer items-center gap-3 text-sm">
                <input type="radio" value="upheld" className="size-4 accent-violet-500" {...form.register("outcome")} />
                Respingi: la decisione resta
              </label>
              <label className="flex cursor-pointer items-center gap-3 text-sm">
                <input type="radio" value="reversed" className="size-4 accent-violet-500" {...form.register("outcome")} />
                Accogli: annulla la decisione e ripubblica il contenuto
              </label>
              {errors.outcome?.message && <FieldError id={`${uid}-esito-errore`} message={errors.outcome.message} />}
            </fieldset>
            <TextAreaField id={`${uid}-motivazione`} label="Motivazione (la leggerà l'autore)" rows={3} maxLength={EXPLANATION_MAX} error={errors.reasons?.message} {...form.register("reasons")} />
            <Button type="submit" className="w-full rounded-full sm:w-fit" disabled={isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting && <Spinner />}
              Decidi il ricorso
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
