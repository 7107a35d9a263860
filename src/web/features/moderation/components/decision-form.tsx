import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ContentKindName,
  DECISION_ACTIONS,
  DECISION_LABELS,
  decisionSchema,
  EXPLANATION_MAX,
  GROUND_LABELS,
  GROUND_SUGGESTIONS,
  GROUND_TYPES,
} from "@shared/schemas/moderation";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { FieldError, FormField, SelectField, TextAreaField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useDecideItem } from "../api";

/**
 * The decision on one reported item (issue 23; DSA Art. 17): keep, restrict or remove; for
 * restrict and remove the statement of reasons the author will read (ground type, the norm or
 * rule, the facts) and, for repeated abuse, the suspension of the author's publishing.
 * Validated with decisionSchema, shared with the server.
 */
export function DecisionForm({ kind, id, hasAuthor }: { kind: ContentKindName; id: string; hasAuthor: boolean }) {
  const decide = useDecideItem();
  const uid = useId();
  const form = useForm({
    resolver: zodResolver(decisionSchema),
    // Fields hidden for "keep" drop out of the values (the schema then uses its defaults).
    shouldUnregister: true,
    defaultValues: { action: undefined, suspendAuthor: false, groundType: undefined, ground: "", facts: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const action = form.watch("action");
  const explained = action === "restrict" || action === "remove";
  const onSubmit = form.handleSubmit(async (input) => {
    await decide.mutateAsync({ kind, id, input }).catch(() => undefined);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-xl border border-violet-400/30 bg-violet-950/20 p-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">Decisione</legend>
        {DECISION_ACTIONS.map((value) => (
          <label key={value} className="flex cursor-pointer items-center gap-3 text-sm">
            <input type="radio" value={value} className="size-4 accent-violet-500" {...form.register("action")} />
            {DECISION_LABELS[value]}
          </label>
        ))}
        {errors.action?.message && <FieldError id={`${uid}-azione-errore`} message={errors.action.message} />}
      </fieldset>
      {explained && (
        <>
          <SelectField
            id={`${uid}-tipo`}
            label="Base della decisione"
            emptyOption="Scegli…"
            options={GROUND_TYPES.map((value) => ({ value, label: GROUND_LABELS[value] }))}
            error={errors.groundType?.message}
            {...form.register("groundType", { setValueAs: (v: string) => v || undefined })}
          />
          <FormField id={`${uid}-motivo`} label="Norma o regola violata" list={`${uid}-suggerimenti`} maxLength={300} error={errors.ground?.message} {...form.register("ground")} />
          <datalist id={`${uid}-suggerimenti`}>
            {GROUND_SUGGESTIONS.map((g) => (
              <option key={g} value={g} />
            ))}
          </datalist>
        </>
      )}
      <TextAreaField
        id={`${uid}-fatti`}
        label={explained ? "Fatti e circostanze (li leggerà l'autore)" : "Nota per chi ha segnalato (facoltativa)"}
        rows={3}
        maxLength={EXPLANATION_MAX}
        error={errors.facts?.message}
        {...form.register("facts")}
      />
      {explained && hasAuthor && (
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-violet-500" {...form.register("suspendAuthor")} />
          Sospendi la pubblicazione all'autore (abusi ripetuti)
        </label>
      )}
      <Button type="submit" className="w-full rounded-full sm:w-fit" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting && <Spinner />}
        Registra la decisione
      </Button>
    </form>
  );
}
