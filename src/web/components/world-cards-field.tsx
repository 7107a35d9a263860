/**
 * 'Schede del mondo' (issue 11 §1, story cards / world info; issue 40 §1–§2), the one editor of a
 * form's world cards: the admin's template dialog and a player's 'Modifica bozza'. Entries of
 * title, text, keywords (typed comma-separated, kept as a list), 'Attiva' (enabled), 'Sempre
 * attiva' (constant) and 'Ordine' (order), added and removed here and validated with
 * storyCardSchema through the form that holds them. An entry enters the narrator's prompt when one
 * of its keywords appears in the recent turns (always when 'Sempre attiva', never when not
 * 'Attiva'; lower 'Ordine' first); a game created from the template gets a copy.
 * Loaded only with those forms (both lazily), never on a first load.
 */

import { MAX_CARD_TEXT_LENGTH, MAX_FACT_TITLE_LENGTH, type StoryCardInput } from "@shared/schemas/memory";
import { splitForbiddenTopics } from "@shared/schemas/template";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { type Control, Controller, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { FieldError, FormField, TextAreaField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** The part of a form this editor sees: its world cards (react-hook-form types paths per form, so a caller passes its form seen as this). */
export interface WorldCardsValues {
  story_cards: StoryCardInput[];
}

/**
 * A form's methods as this editor takes them. react-hook-form types field paths per form, so a
 * form whose `story_cards` follow storyCardSchema (a template's, a scenario's) is seen as a form of
 * world cards. Input: the form (useForm's result). Output: {control, register, errors}.
 */
export function worldCardsForm(form: { control: object; register: object; formState: { errors: object } }) {
  return {
    control: form.control as Control<WorldCardsValues>,
    register: form.register as UseFormRegister<WorldCardsValues>,
    errors: form.formState.errors as FieldErrors<WorldCardsValues>,
  };
}

interface WorldCardsFieldProps {
  control: Control<WorldCardsValues>;
  register: UseFormRegister<WorldCardsValues>;
  errors: FieldErrors<WorldCardsValues>;
  disabled: boolean;
  /** Prefix of the fields' ids, unique in the page (e.g. 'tpl-scheda'). */
  idPrefix: string;
  /** How many cards the form takes (MAX_STORY_CARDS for a template, SCENARIO_LIMITS.cards for a scenario). */
  maxCards: number;
}

/** The keywords as one comma-separated text box; the form holds the list (split, trimmed, no blanks). */
function KeywordsInput({ id, value, onChange, onBlur, invalid }: { id: string; value: string[]; onChange(keywords: string[]): void; onBlur(): void; invalid: boolean }) {
  // The text as typed (a trailing comma or space stays while typing).
  const [text, setText] = useState(value.join(", "));
  return (
    <Input
      id={id}
      placeholder="faro, guardiano"
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? `${id}-errore` : `${id}-aiuto`}
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onChange(splitForbiddenTopics(event.target.value));
      }}
    />
  );
}

/** A new card: on, read on its keywords, at the default order (storyCardSchema's defaults). */
const NEW_CARD = { title: "", text: "", constant: false, enabled: true, order: 100 } as const;

/**
 * One of a card's switches ('Attiva', 'Sempre attiva'), a checkbox with its label and hint.
 * Input: the form's control, the field's name, the checkbox id, the texts and the value a card
 * saved before issue 40 §2 (without the field) stands for.
 */
function CardCheckbox({ control, name, id, label, hint, fallback }: { control: Control<WorldCardsValues>; name: `story_cards.${number}.enabled` | `story_cards.${number}.constant`; id: string; label: string; hint: string; fallback: boolean }) {
  return (
    <div className="flex max-w-56 items-start gap-2">
      <Controller
        control={control}
        name={name}
        render={({ field }) => <Checkbox id={id} className="mt-0.5" aria-describedby={`${id}-aiuto`} checked={field.value ?? fallback} onCheckedChange={(checked) => field.onChange(checked === true)} onBlur={field.onBlur} />}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-aiuto`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** Input: the form's control, register and errors (seen as WorldCardsValues), ids' prefix, the cards' limit. Output: the section with its entries. */
export function WorldCardsField({ control, register, errors, disabled, idPrefix, maxCards }: WorldCardsFieldProps) {
  const cards = useFieldArray({ control, name: "story_cards" });
  const listError = errors.story_cards?.message ?? errors.story_cards?.root?.message;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border/70 p-4">
      <legend className="px-1 font-medium">Schede del mondo</legend>
      <p className="text-xs text-muted-foreground">
        Personaggi, luoghi e regole del mondo: il narratore legge una scheda quando una delle sue parole chiave compare nei turni recenti.
      </p>
      {cards.fields.length > 0 && (
        <ol className="grid gap-3">
          {cards.fields.map((card, index) => {
            const cardErrors = errors.story_cards?.[index];
            const id = `${idPrefix}-${index}`;
            const keywordsError = cardErrors?.keywords?.message ?? cardErrors?.keywords?.find?.((e) => e?.message)?.message;
            return (
              <li key={card.id} aria-label={`Scheda ${index + 1}`} className="grid gap-3 rounded-md border border-border/70 bg-muted/20 p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm font-medium text-muted-foreground">Scheda {index + 1}</span>
                  <Button type="button" variant="ghost" size="sm" className="text-red-300 hover:text-red-200" disabled={disabled} onClick={() => cards.remove(index)} aria-label={`Rimuovi la scheda ${index + 1}`}>
                    <Trash2 aria-hidden="true" />
                    Rimuovi
                  </Button>
                </div>
                <FormField id={`${id}-titolo`} label="Titolo della scheda" maxLength={MAX_FACT_TITLE_LENGTH} error={cardErrors?.title?.message} {...register(`story_cards.${index}.title`)} />
                <TextAreaField id={`${id}-testo`} label="Testo della scheda" rows={3} maxLength={MAX_CARD_TEXT_LENGTH} error={cardErrors?.text?.message} {...register(`story_cards.${index}.text`)} />
                <Controller
                  control={control}
                  name={`story_cards.${index}.keywords`}
                  render={({ field }) => (
                    <div className="grid gap-2">
                      <Label htmlFor={`${id}-parole`}>Parole chiave</Label>
                      <KeywordsInput id={`${id}-parole`} value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} invalid={Boolean(keywordsError)} />
                      <p id={`${id}-parole-aiuto`} className="text-xs text-muted-foreground">
                        Separate da virgole. Non servono a una scheda sempre attiva.
                      </p>
                      {keywordsError && <FieldError id={`${id}-parole-errore`} message={keywordsError} />}
                    </div>
                  )}
                />
                <div className="flex flex-wrap items-start gap-x-6 gap-y-3">
                  <CardCheckbox control={control} name={`story_cards.${index}.enabled`} id={`${id}-attiva`} label="Attiva" hint="Spenta, il narratore non la legge mai." fallback={true} />
                  <CardCheckbox control={control} name={`story_cards.${index}.constant`} id={`${id}-sempre`} label="Sempre attiva" hint="Il narratore la legge a ogni turno, senza parole chiave." fallback={false} />
                  <div className="w-32">
                    <FormField
                      id={`${id}-ordine`}
                      label="Ordine"
                      type="number"
                      inputMode="numeric"
                      step={1}
                      min={-100000}
                      max={100000}
                      error={cardErrors?.order?.message}
                      {...register(`story_cards.${index}.order`, { valueAsNumber: true })}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {listError && <FieldError id={`${idPrefix}-elenco-errore`} message={listError} />}
      <div>
        <Button type="button" variant="outline" size="sm" disabled={disabled || cards.fields.length >= maxCards} onClick={() => cards.append({ ...NEW_CARD, keywords: [] })}>
          <Plus aria-hidden="true" />
          Aggiungi una scheda
        </Button>
      </div>
    </fieldset>
  );
}
