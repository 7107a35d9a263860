/**
 * /segnala/{immagine|storia|template}/{id} (issue 23 'Segnala'; DSA Art. 16): the report form of a
 * public item, for visitors and players alike — the reason from the Italian list, the explanation
 * (required for 'Altro' and for copyright or privacy), an optional e-mail for visitors (signed-in
 * players hear back at their own address), the declaration of good faith — then the
 * acknowledgement with its reference. Reached from 'Segnala' on the image page, the template page
 * and the shared story's reading page.
 */

import { zodResolver } from "@hookform/resolvers/zod";
import { EXPLAINED_REASONS, EXPLANATION_MAX, KIND_LABELS, KIND_SEGMENTS, REPORT_REASONS, reportSchema, type ContentKindName } from "@shared/schemas/moderation";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Flag } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useParams } from "react-router";
import type { ReportReceiptView } from "@/lib/api-contract";
import { EmailField, FieldError, TextAreaField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { useMe } from "@/lib/session";
import { reportTargetQuery, useSendReport } from "../api";
import { PageNotice, RemovedNotice } from "@/components/removed-notice";

const KIND_OF_SEGMENT = Object.fromEntries(Object.entries(KIND_SEGMENTS).map(([kind, segment]) => [segment, kind])) as Record<string, ContentKindName>;

/** The page: the item's title, then the form or the acknowledgement. */
export function ReportPage() {
  const { kind: segment = "", id = "" } = useParams();
  const kind = KIND_OF_SEGMENT[segment];
  const target = useQuery({ ...reportTargetQuery(kind ?? "image", id), enabled: Boolean(kind) });
  const [receipt, setReceipt] = useState<ReportReceiptView | null>(null);

  if (!kind || target.isError) {
    const error = target.error;
    if (error instanceof ApiError && error.status === 410) return <RemovedNotice />;
    return (
      <PageNotice
        title="Contenuto non trovato"
        message="Non c'è niente da segnalare a questo indirizzo: il contenuto potrebbe essere stato eliminato."
        back={{ to: "/galleria", label: "Vai alla galleria" }}
      />
    );
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 md:py-12">
      <p className="flex items-center gap-2 text-sm font-medium tracking-widest text-violet-300 uppercase">
        <Flag aria-hidden className="size-4" />
        Segnala
      </p>
      {target.isPending ? (
        <div role="status" aria-label="Caricamento del contenuto" className="mt-3 grid gap-3">
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-5 w-1/3" />
        </div>
      ) : receipt ? (
        <Acknowledgement receipt={receipt} title={target.data.title} path={target.data.path} />
      ) : (
        <>
          <h1 className="mt-2 text-2xl font-bold tracking-tight break-words md:text-3xl">Segnala «{target.data.title}»</h1>
          <p className="mt-2 text-muted-foreground">
            {KIND_LABELS[kind]} ·{" "}
            {/* A plain link: a shared story's page is the server's, not the app's. */}
            <a href={target.data.path} className="underline underline-offset-4 hover:text-foreground">
              torna al contenuto
            </a>
          </p>
          <ReportForm kind={kind} contentId={target.data.id} onSent={setReceipt} />
        </>
      )}
    </div>
  );
}

/** The form (reportSchema, shared with the server). */
function ReportForm({ kind, contentId, onSent }: { kind: ContentKindName; contentId: string; onSent: (receipt: ReportReceiptView) => void }) {
  const { me } = useMe();
  const send = useSendReport();
  const form = useForm({
    resolver: zodResolver(reportSchema),
    defaultValues: { kind, contentId, reason: undefined, explanation: "", email: "", goodFaith: undefined },
  });
  const { errors, isSubmitting } = form.formState;
  const reason = form.watch("reason");
  const explanationNeeded = reason !== undefined && EXPLAINED_REASONS.includes(reason);
  const accountEmail = me && !me.user.isAnonymous ? me.user.email : null;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onSent(await send.mutateAsync(values));
    } catch (error) {
      form.setError("root", { message: error instanceof ApiError ? error.message : "Impossibile inviare la segnalazione. Riprova più tardi." });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-8 grid gap-6">
      <fieldset className="grid gap-3" aria-describedby={errors.reason ? "segnalazione-motivo-errore" : undefined}>
        <legend className="mb-1 text-sm font-medium">Perché segnali questo contenuto?</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r.id} className="flex cursor-pointer items-center gap-3 rounded-lg border border-border/70 bg-card/60 px-4 py-3 text-sm has-[:checked]:border-violet-400 has-[:checked]:bg-violet-500/10">
            <input type="radio" value={r.id} className="size-4 accent-violet-500" {...form.register("reason")} />
            {r.label}
          </label>
        ))}
        {errors.reason?.message && <FieldError id="segnalazione-motivo-errore" message={errors.reason.message} />}
      </fieldset>
      <TextAreaField
        id="segnalazione-spiegazione"
        label={explanationNeeded ? "Spiega il problema (obbligatorio)" : "Spiega il problema (facoltativo)"}
        hint={`Dove si trova il problema e perché secondo te viola la legge o le regole. Obbligatorio per «Altro» e per il diritto d'autore o la privacy. Al massimo ${EXPLANATION_MAX} caratteri.`}
        rows={5}
        maxLength={EXPLANATION_MAX}
        error={errors.explanation?.message}
        {...form.register("explanation")}
      />
      {accountEmail ? (
        <p className="text-sm text-muted-foreground">Ti scriveremo a {accountEmail} quando avremo deciso.</p>
      ) : (
        <div className="grid gap-1">
          <EmailField id="segnalazione-email" error={errors.email?.message} {...form.register("email")} />
          <p className="text-xs text-muted-foreground">Facoltativa: serve solo per ricevere la conferma e l'esito della segnalazione.</p>
        </div>
      )}
      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <Controller
            control={form.control}
            name="goodFaith"
            render={({ field }) => (
              <Checkbox
                id="segnalazione-buona-fede"
                ref={field.ref}
                name={field.name}
                className="mt-0.5"
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true ? true : undefined)}
                onBlur={field.onBlur}
                aria-invalid={errors.goodFaith ? true : undefined}
                aria-describedby={errors.goodFaith ? "segnalazione-buona-fede-errore" : undefined}
              />
            )}
          />
          <Label htmlFor="segnalazione-buona-fede" className="leading-snug font-normal">
            Dichiaro in buona fede che le informazioni e le accuse contenute in questa segnalazione sono precise e complete.
          </Label>
        </div>
        {errors.goodFaith?.message && <FieldError id="segnalazione-buona-fede-errore" message={errors.goodFaith.message} />}
      </div>
      {errors.root?.message && (
        <p role="alert" className="rounded-lg border border-red-400/40 bg-red-950/40 p-3 text-sm text-red-100">
          {errors.root.message}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        Chi ha pubblicato il contenuto non saprà chi l'ha segnalato. Un moderatore esaminerà la segnalazione e deciderà motivando la decisione.
      </p>
      <Button type="submit" size="lg" className="w-full rounded-full sm:w-fit" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? <Spinner /> : <Flag aria-hidden />}
        {isSubmitting ? "Invio in corso..." : "Invia la segnalazione"}
      </Button>
    </form>
  );
}

/** What the reporter sees once the report is in. */
function Acknowledgement({ receipt, title, path }: { receipt: ReportReceiptView; title: string; path: string }) {
  return (
    <section aria-labelledby="segnalazione-ricevuta" className="mt-4 rounded-2xl border border-violet-400/40 bg-card p-6 md:p-8">
      <CheckCircle2 aria-hidden className="mb-3 size-10 text-emerald-300" />
      <h1 id="segnalazione-ricevuta" className="text-2xl font-bold tracking-tight">
        Segnalazione ricevuta
      </h1>
      <p className="mt-3 text-muted-foreground">
        {receipt.merged
          ? `Avevi già segnalato «${title}»: abbiamo aggiornato la tua segnalazione n. ${receipt.reference} invece di crearne un'altra.`
          : `Grazie: la tua segnalazione su «${title}» ha il numero ${receipt.reference}.`}
      </p>
      <p className="mt-3 text-muted-foreground">
        Un moderatore la esaminerà il prima possibile.{" "}
        {receipt.mailed
          ? "Ti abbiamo inviato una conferma per email e ti scriveremo quando avremo deciso."
          : receipt.outcomeByEmail
            ? "Ti scriveremo per email quando avremo deciso."
            : "Non hai lasciato un'email, quindi non riceverai l'esito."}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild className="rounded-full">
          <a href={path}>Torna al contenuto</a>
        </Button>
        <Button asChild variant="outline" className="rounded-full">
          <Link to="/galleria">Vai alla galleria</Link>
        </Button>
      </div>
    </section>
  );
}
