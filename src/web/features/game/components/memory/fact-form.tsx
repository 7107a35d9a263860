/**
 * The form of a fact of 'Ricordi' (issue 11 §1): kind, name and text, validated by factSchema
 * when adding one (with 'Fissa questo ricordo') and by factPatchSchema when editing one.
 */

import { FACT_KINDS, factPatchSchema, factSchema, MAX_FACT_TEXT_LENGTH, MAX_FACT_TITLE_LENGTH } from "@shared/schemas/memory";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import type { FactView } from "@/lib/api-contract";
import { FormField, SelectField, TextAreaField } from "@/components/form-field";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { FormButtons } from "./form-buttons";
import type { FactInput, FactPatch } from "../../memory-api";

const KIND_OPTIONS = Object.entries(FACT_KINDS).map(([value, label]) => ({ value, label }));

type FactFormValues = z.input<typeof factPatchSchema>;

/**
 * Editing `fact` saves a patch; without one, a new fact. onSave resolves when stored and rejects
 * when refused (the error is already shown).
 */
type FactFormProps = ({ fact: FactView; onSave(patch: FactPatch): Promise<unknown> } | { fact?: undefined; onSave(input: FactInput): Promise<unknown> }) & {
  onDone(): void;
};

/** Input: see props. Output: the form; it closes (onDone) once saved or on 'Annulla'. */
export function FactForm(props: FactFormProps) {
  const { fact, onDone } = props;
  const id = useId();
  const form = useForm<FactFormValues, unknown, FactPatch>({
    // Both schemas read the same fields; a new fact needs them all, a patch any of them.
    resolver: (fact ? zodResolver(factPatchSchema) : zodResolver(factSchema)) as Resolver<FactFormValues, unknown, FactPatch>,
    defaultValues: { kind: fact?.kind ?? "personaggio", title: fact?.title ?? "", text: fact?.text ?? "", pinned: false },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      // Without a fact the resolver is factSchema: every field is there.
      if (props.fact) await props.onSave({ kind: values.kind, title: values.title, text: values.text });
      else await props.onSave(values as FactInput);
      onDone();
    } catch {
      // Refused: the toast says why and the form stays open.
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={fact ? `Modifica il ricordo ${fact.title}` : "Nuovo ricordo"} className="grid gap-3 rounded-lg border bg-card p-3">
      <SelectField id={`${id}-tipo`} label="Tipo" options={KIND_OPTIONS} error={errors.kind?.message} {...form.register("kind")} />
      <FormField id={`${id}-nome`} label="Nome" maxLength={MAX_FACT_TITLE_LENGTH} autoFocus error={errors.title?.message} {...form.register("title")} />
      <TextAreaField id={`${id}-testo`} label="Che cosa ricordare" rows={3} maxLength={MAX_FACT_TEXT_LENGTH} error={errors.text?.message} {...form.register("text")} />
      {!fact && (
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="pinned"
            render={({ field }) => <Checkbox id={`${id}-fissato`} checked={field.value ?? false} onCheckedChange={(checked) => field.onChange(checked === true)} />}
          />
          <Label htmlFor={`${id}-fissato`} className="font-normal">
            Fissa questo ricordo: il narratore lo riceve a ogni turno
          </Label>
        </div>
      )}
      <FormButtons submitLabel={fact ? "Salva" : "Aggiungi"} submitting={isSubmitting} onCancel={onDone} />
    </form>
  );
}
