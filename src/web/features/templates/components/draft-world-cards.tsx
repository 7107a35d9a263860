/**
 * 'Schede del mondo' of 'Modifica bozza' (issue 40 §1 and §2): each card's title, keywords
 * (typed comma-separated, held as a list), text, 'Sempre attiva' (constant), 'Attiva' (enabled)
 * and order, added and removed here (at most SCENARIO_LIMITS.cards), validated with
 * storyCardSchema through the scenario form. Loaded with the editor's form, never on first load.
 */

import { MAX_CARD_TEXT_LENGTH, MAX_FACT_TITLE_LENGTH } from "@shared/schemas/memory";
import { SCENARIO_LIMITS, type ScenarioInput, type scenarioSchema } from "@shared/schemas/scenario";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { type Control, Controller, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { FieldError, FormField, TextAreaField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { z } from "zod";

/** The values the draft's form holds (the schema's input: world card fields with defaults may be missing). */
export type DraftFormValues = z.input<typeof scenarioSchema>;

interface WorldCardsFieldProps {
  control: Control<DraftFormValues, unknown, ScenarioInput>;
  register: UseFormRegister<DraftFormValues>;
  errors: FieldErrors<DraftFormValues>;
  disabled: boolean;
}

/** Splits typed keywords at commas: trimmed, blanks dropped. */
const keywordsOf = (typed: string) =>
  typed
    .split(",")
    .map((keyword) => keyword.trim())
    .filter(Boolean);

/** A card's keywords as one text box; what is typed stays as typed (a trailing comma too) while the form gets the list. */
function KeywordsBox({ id, keywords, onKeywords, onBlur, error }: { id: string; keywords: string[]; onKeywords(list: string[]): void; onBlur(): void; error: string | undefined }) {
  const [typed, setTyped] = useState(() => keywords.join(", "));
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>Parole chiave</Label>
      <Input
        id={id}
        value={typed}
        placeholder="torre, custode"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-errore` : `${id}-aiuto`}
        onBlur={onBlur}
        onChange={(event) => {
          setTyped(event.target.value);
          onKeywords(keywordsOf(event.target.value));
        }}
      />
      <p id={`${id}-aiuto`} className="text-xs text-muted-foreground">
        Separate da virgole: la scheda entra nel racconto quando una compare.
      </p>
      {error && <FieldError id={`${id}-errore`} message={error} />}
    </div>
  );
}

/** A labelled checkbox bound to a boolean field of card `index`. */
function CardSwitch({ control, index, name, label, disabled }: { control: WorldCardsFieldProps["control"]; index: number; name: "constant" | "enabled"; label: string; disabled: boolean }) {
  const id = `bozza-scheda-${index}-${name}`;
  return (
    <Controller
      control={control}
      name={`story_cards.${index}.${name}`}
      render={({ field }) => (
        <div className="flex items-center gap-2">
          <Checkbox id={id} checked={Boolean(field.value)} disabled={disabled} onCheckedChange={(checked) => field.onChange(checked === true)} onBlur={field.onBlur} />
          <Label htmlFor={id} className="font-normal">
            {label}
          </Label>
        </div>
      )}
    />
  );
}

/** Input: the scenario form's control, register and errors. Output: the section with its cards. */
export function WorldCardsField({ control, register, errors, disabled }: WorldCardsFieldProps) {
  const cards = useFieldArray({ control, name: "story_cards" });
  const listError = errors.story_cards?.message ?? errors.story_cards?.root?.message;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border/70 p-4">
      <legend className="px-1 font-medium">Schede del mondo</legend>
      <p className="text-xs text-muted-foreground">Personaggi, luoghi e regole del mondo: il narratore legge una scheda quando una delle sue parole chiave compare nel racconto, o sempre se è «Sempre attiva».</p>
      {cards.fields.map((card, index) => {
        const cardErrors = errors.story_cards?.[index];
        const id = `bozza-scheda-${index}`;
        const keywordsError = cardErrors?.keywords?.message ?? cardErrors?.keywords?.find?.((e) => e?.message)?.message;
        return (
          <div key={card.id} role="group" aria-label={`Scheda ${index + 1}`} className="grid gap-3 rounded-md border border-border/70 bg-muted/20 p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-medium text-muted-foreground">Scheda {index + 1}</span>
              <Button type="button" variant="ghost" size="sm" className="text-red-300 hover:text-red-200" disabled={disabled} aria-label={`Rimuovi la scheda ${index + 1}`} onClick={() => cards.remove(index)}>
                <Trash2 aria-hidden="true" />
                Rimuovi
              </Button>
            </div>
            <FormField id={`${id}-titolo`} label="Titolo della scheda" maxLength={MAX_FACT_TITLE_LENGTH} error={cardErrors?.title?.message} {...register(`story_cards.${index}.title`)} />
            <Controller
              control={control}
              name={`story_cards.${index}.keywords`}
              render={({ field }) => <KeywordsBox id={`${id}-parole`} keywords={field.value ?? []} onKeywords={field.onChange} onBlur={field.onBlur} error={keywordsError} />}
            />
            <TextAreaField id={`${id}-testo`} label="Testo della scheda" rows={3} maxLength={MAX_CARD_TEXT_LENGTH} error={cardErrors?.text?.message} {...register(`story_cards.${index}.text`)} />
            <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
              <CardSwitch control={control} index={index} name="constant" label="Sempre attiva" disabled={disabled} />
              <CardSwitch control={control} index={index} name="enabled" label="Attiva" disabled={disabled} />
              <div className="w-28">
                <FormField id={`${id}-ordine`} label="Ordine" type="number" inputMode="numeric" error={cardErrors?.order?.message} {...register(`story_cards.${index}.order`, { valueAsNumber: true })} />
              </div>
            </div>
          </div>
        );
      })}
      {listError && <FieldError id="bozza-schede-errore" message={listError} />}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || cards.fields.length >= SCENARIO_LIMITS.cards}
          onClick={() => cards.append({ title: "", text: "", keywords: [], constant: false, enabled: true, order: 100 })}
        >
          <Plus aria-hidden="true" />
          Aggiungi una scheda
        </Button>
      </div>
    </fieldset>
  );
}
