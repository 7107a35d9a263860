/**
 * /decisioni/{id} (issue 23; DSA Art. 17 statement of reasons, Art. 20 complaints): the author of
 * moderated content reads the decision — what was decided, the ground (law or site rules), the
 * facts, whether automatic means were used — and can use 'Contesta la decisione' once; the
 * appeal, then its outcome, show here. Reached from the notification in the bell or the e-mail.
 * Someone else's decision is 'Decisione non trovata.'.
 */

import { zodResolver } from "@hookform/resolvers/zod";
import { appealSchema, KIND_LABELS } from "@shared/schemas/moderation";
import { useQuery } from "@tanstack/react-query";
import { Gavel } from "lucide-react";
import { useForm } from "react-hook-form";
import { useParams } from "react-router";
import type { DecisionView } from "@/lib/api-contract";
import { TextAreaField } from "@/components/form-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { italianDate } from "@/lib/format";
import { decisionQuery, useAppeal } from "../api";
import { PageNotice } from "@/components/removed-notice";

const APPEAL_STATUS: Record<NonNullable<DecisionView["appeal"]>["status"], string> = {
  open: "In esame da parte di un moderatore diverso",
  upheld: "Respinto: la decisione resta valida",
  reversed: "Accolto: la decisione è stata annullata",
};

/** One labelled line of the statement. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

export function DecisionPage() {
  const { id = "" } = useParams();
  const query = useQuery(decisionQuery(id));
  const decision = query.data;

  if (query.isPending) {
    return (
      <div role="status" aria-label="Caricamento della decisione" className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-10">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (!decision) return <PageNotice title="Decisione non trovata." message="Questa decisione non esiste o non riguarda i tuoi contenuti." back={{ to: "/notifiche", label: "Vai alle notifiche" }} />;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 md:py-12">
      <p className="flex items-center gap-2 text-sm font-medium tracking-widest text-violet-300 uppercase">
        <Gavel aria-hidden className="size-4" />
        Decisione di moderazione
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight break-words md:text-3xl">«{decision.contentTitle}»</h1>
      <p className="mt-2 text-muted-foreground">
        {KIND_LABELS[decision.contentKind]} · decisione del <time dateTime={decision.createdAt}>{italianDate(decision.createdAt)}</time>
      </p>

      <section aria-labelledby="motivazione" className="mt-8 rounded-2xl border bg-card p-5 md:p-6">
        <h2 id="motivazione" className="mb-4 text-lg font-semibold">
          Motivazione
        </h2>
        <dl className="grid gap-4">
          <Fact label="Decisione">
            <Badge variant={decision.action === "keep" ? "secondary" : "destructive"}>{decision.actionLabel}</Badge>
            {decision.suspendAuthor && <p className="mt-2">La possibilità di pubblicare nuovi contenuti è sospesa per il tuo account.</p>}
          </Fact>
          {decision.ground && (
            <Fact label="Motivo">
              {decision.groundType === "legge" ? "Contenuto illegale" : "Contrario alle regole del sito"}: {decision.ground}
            </Fact>
          )}
          {decision.facts && <Fact label="Fatti e circostanze">{decision.facts}</Fact>}
          <Fact label="Strumenti automatici">
            {decision.automatedDetection ? "Il contenuto è stato individuato dal controllo automatico." : "Il contenuto è stato segnalato da una persona."}{" "}
            {decision.automatedDecision ? "La decisione è stata presa con strumenti automatici." : "La decisione è stata presa da un moderatore."}
          </Fact>
        </dl>
      </section>

      {decision.appeal ? (
        <section aria-labelledby="ricorso" className="mt-6 rounded-2xl border bg-card p-5 md:p-6">
          <h2 id="ricorso" className="mb-4 text-lg font-semibold">
            Il tuo ricorso
          </h2>
          <dl className="grid gap-4">
            <Fact label="Inviato il">{italianDate(decision.appeal.createdAt)}</Fact>
            <Fact label="Testo">{decision.appeal.text}</Fact>
            <Fact label="Stato">{APPEAL_STATUS[decision.appeal.status]}</Fact>
            {decision.appeal.outcomeReasons && <Fact label="Motivazione dell'esito">{decision.appeal.outcomeReasons}</Fact>}
          </dl>
        </section>
      ) : decision.canAppeal ? (
        <AppealForm id={decision.id} />
      ) : null}
      <p className="mt-6 text-sm text-muted-foreground">
        Puoi anche rivolgerti a un organismo di risoluzione extragiudiziale delle controversie certificato o all'autorità giudiziaria.
      </p>
    </div>
  );
}

/** 'Contesta la decisione': the author's text (appealSchema, shared with the server). */
function AppealForm({ id }: { id: string }) {
  const appeal = useAppeal(id);
  const form = useForm({ resolver: zodResolver(appealSchema), defaultValues: { text: "" } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ text }) => {
    await appeal.mutateAsync(text).catch(() => undefined);
  });
  return (
    <section aria-labelledby="contesta" className="mt-6 rounded-2xl border border-violet-400/40 bg-card p-5 md:p-6">
      <h2 id="contesta" className="text-lg font-semibold">
        Contesta la decisione
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">Se pensi che sia sbagliata, spiega perché: la esaminerà un moderatore diverso da chi ha deciso. Puoi contestarla una sola volta.</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4">
        <TextAreaField id="ricorso-testo" label="Perché non sei d'accordo" rows={5} maxLength={2000} error={errors.text?.message} {...form.register("text")} />
        <Button type="submit" className="w-full rounded-full sm:w-fit" disabled={appeal.isPending} aria-busy={appeal.isPending}>
          {appeal.isPending && <Spinner />}
          Contesta la decisione
        </Button>
      </form>
    </section>
  );
}
