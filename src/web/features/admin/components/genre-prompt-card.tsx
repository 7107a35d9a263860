import { zodResolver } from "@hookform/resolvers/zod";
import { resolveGenre } from "@shared/genres";
import {
  GENRE_PROMPT_LIMITS,
  type GenrePromptFormValues,
  type GenrePromptInput,
  genrePromptSchema,
  INTERACTION_STYLES,
  PREFERRED_VOCABULARIES,
  RESPONSE_STYLES,
  STORY_PACINGS,
} from "@shared/schemas/genre-prompt";
import { MAX_PROMPT_BUDGET, MIN_PROMPT_BUDGET } from "@shared/schemas/memory";
import { Pencil } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { GenrePromptView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { StaleEditNotice, useEditVersion } from "@/components/stale-edit-notice";
import { GenreIcon } from "@/components/genre-icon";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { formatCount, formatDecimal } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useSaveGenrePrompt } from "../api";
import { FieldError, SelectField, TextAreaField, TextField } from "./fields";

const options = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));

function formValues(prompt: GenrePromptView): GenrePromptFormValues {
  return {
    system_prompt: prompt.system_prompt,
    temperature: prompt.temperature,
    max_tokens: prompt.max_tokens,
    response_style: prompt.response_style,
    context_memory: prompt.context_memory,
    story_pacing: prompt.story_pacing,
    interaction_style: prompt.interaction_style,
    special_instructions: prompt.special_instructions ?? "",
    preferred_vocabulary: prompt.preferred_vocabulary ?? "",
    forbidden_topics: prompt.forbidden_topics.join(", "),
    prompt_budget: prompt.prompt_budget,
  };
}

/** One read-only field: its value, or 'Non impostato' when empty (spec §2 Admin genre prompts). */
function ReadOnlyField({
  label,
  value,
  long = false,
  scroll = false,
}: {
  label: string;
  value: string | number | null;
  /** Spans both columns and keeps line breaks. */
  long?: boolean;
  /** Caps the height and scrolls; the box is focusable so keyboard users can scroll it. */
  scroll?: boolean;
}) {
  const empty = value === null || value === "";
  return (
    <div className={long ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd
        tabIndex={scroll && !empty ? 0 : undefined}
        className={cn(
          "mt-0.5 text-sm",
          empty && "text-muted-foreground italic",
          long && !empty && "whitespace-pre-wrap",
          scroll && !empty && "mt-1 max-h-40 overflow-y-auto rounded-md bg-secondary/40 p-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60",
        )}
      >
        {empty ? "Non impostato" : value}
      </dd>
    </div>
  );
}

/** The edit form of one genre (spec §5 Genre prompt form): 'Annulla', 'Salva' / 'Salvataggio...'. */
function GenrePromptForm({ prompt, onDone }: { prompt: GenrePromptView; onDone: () => void }) {
  const save = useSaveGenrePrompt();
  const form = useForm<GenrePromptFormValues, unknown, GenrePromptInput>({
    resolver: zodResolver(genrePromptSchema),
    defaultValues: formValues(prompt),
  });
  const edit = useEditVersion(prompt.version);
  const { errors, isSubmitting } = form.formState;
  const temperature = form.watch("temperature");
  const id = (field: string) => `${prompt.genre.toLowerCase()}-${field}`;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: prompt.id, values: { ...values, version: edit.version } });
      toast.success("Prompt aggiornato");
      onDone();
    } catch (error) {
      if (edit.refused(error)) return;
      toast.error("Si è verificato un errore durante l'aggiornamento del prompt.", {
        description: error instanceof ApiError && error.code === "VALIDATION" ? error.message : undefined,
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={`Modifica prompt ${prompt.genre}`}>
      {edit.stale && (
        <StaleEditNotice
          onReload={() => {
            form.reset(formValues(prompt));
            edit.adopt(prompt.version);
          }}
          onKeepMine={() => edit.adopt(prompt.version)}
        />
      )}
      <TextAreaField id={id("system-prompt")} label="Prompt di sistema" rows={8} className="max-h-96" error={errors.system_prompt?.message} {...form.register("system_prompt")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label id={id("temperature")}>
            Temperatura: <span className="tabular-nums">{Number.isFinite(Number(temperature)) ? formatDecimal(Number(temperature)) : "—"}</span>
          </Label>
          <Controller
            control={form.control}
            name="temperature"
            render={({ field }) => (
              <Slider
                aria-labelledby={id("temperature")}
                aria-describedby={id("temperature-aiuto")}
                min={GENRE_PROMPT_LIMITS.temperature.min}
                max={GENRE_PROMPT_LIMITS.temperature.max}
                step={GENRE_PROMPT_LIMITS.temperature.step}
                className="h-10"
                value={[Number(field.value)]}
                onValueChange={([v]) => field.onChange(v)}
                onBlur={field.onBlur}
              />
            )}
          />
          <p id={id("temperature-aiuto")} className="text-xs text-muted-foreground">
            Valori più alti danno risposte più creative e fantasiose.
          </p>
          <FieldError id={`${id("temperature")}-errore`} message={errors.temperature?.message} />
        </div>
        <TextField
          id={id("max-tokens")}
          label="Token massimi"
          type="number"
          min={GENRE_PROMPT_LIMITS.maxTokens.min}
          max={GENRE_PROMPT_LIMITS.maxTokens.max}
          step={1}
          error={errors.max_tokens?.message}
          {...form.register("max_tokens", { valueAsNumber: true })}
        />
        <SelectField id={id("response-style")} label="Stile di risposta" options={options(RESPONSE_STYLES)} emptyOption="Seleziona..." error={errors.response_style?.message} {...form.register("response_style")} />
        <TextField
          id={id("context-memory")}
          label="Memoria del contesto (scambi)"
          type="number"
          min={GENRE_PROMPT_LIMITS.contextMemory.min}
          max={GENRE_PROMPT_LIMITS.contextMemory.max}
          step={1}
          error={errors.context_memory?.message}
          {...form.register("context_memory", { valueAsNumber: true })}
        />
        <TextField
          id={id("prompt-budget")}
          label="Budget del prompt (token)"
          type="number"
          min={MIN_PROMPT_BUDGET}
          max={MAX_PROMPT_BUDGET}
          step={100}
          error={errors.prompt_budget?.message}
          {...form.register("prompt_budget", { valueAsNumber: true })}
        />
        <SelectField id={id("story-pacing")} label="Ritmo della storia" options={options(STORY_PACINGS)} emptyOption="Seleziona..." error={errors.story_pacing?.message} {...form.register("story_pacing")} />
        <SelectField
          id={id("interaction-style")}
          label="Stile di interazione"
          options={options(INTERACTION_STYLES)}
          emptyOption="Seleziona..."
          error={errors.interaction_style?.message}
          {...form.register("interaction_style")}
        />
        <SelectField
          id={id("vocabulary")}
          label="Vocabolario preferito"
          options={options(PREFERRED_VOCABULARIES)}
          emptyOption="Non impostato"
          error={errors.preferred_vocabulary?.message}
          {...form.register("preferred_vocabulary")}
        />
      </div>
      <TextAreaField id={id("special-instructions")} label="Istruzioni speciali" rows={3} error={errors.special_instructions?.message} {...form.register("special_instructions")} />
      <TextAreaField
        id={id("forbidden-topics")}
        label="Argomenti vietati"
        rows={2}
        hint="Separati da virgola."
        error={errors.forbidden_topics?.message}
        {...form.register("forbidden_topics")}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone} disabled={isSubmitting}>
          Annulla
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? "Salvataggio..." : "Salva"}
        </Button>
      </div>
    </form>
  );
}

/**
 * One genre's card (spec §2 Admin genre prompts, §4 Genre card): read-only view of every field
 * ('Non impostato' when empty, lists comma-separated) and 'Modifica', which opens the form;
 * back to read-only after a successful save or on 'Annulla'.
 */
export function GenrePromptCard({ prompt }: { prompt: GenrePromptView }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card className={cn("gap-4", editing && "xl:col-span-2")}>
      <CardHeader className="flex flex-row items-center justify-between gap-3">
        <h2 id={`genere-${prompt.id}`} className="flex items-center gap-2 text-lg font-semibold">
          <GenreIcon genre={resolveGenre(prompt.genre)} className="size-5 text-violet-300" />
          {prompt.genre}
        </h2>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Modifica ${prompt.genre}`}>
            <Pencil aria-hidden="true" />
            Modifica
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {editing ? (
          <GenrePromptForm prompt={prompt} onDone={() => setEditing(false)} />
        ) : (
          <dl className="grid gap-3 sm:grid-cols-2">
            <ReadOnlyField label="Prompt di sistema" value={prompt.system_prompt} long scroll />
            <ReadOnlyField label="Temperatura" value={formatDecimal(prompt.temperature)} />
            <ReadOnlyField label="Token massimi" value={prompt.max_tokens} />
            <ReadOnlyField label="Stile di risposta" value={prompt.response_style} />
            <ReadOnlyField label="Memoria del contesto" value={prompt.context_memory} />
            <ReadOnlyField label="Budget del prompt" value={`${formatCount(prompt.prompt_budget)} token`} />
            <ReadOnlyField label="Ritmo della storia" value={prompt.story_pacing} />
            <ReadOnlyField label="Stile di interazione" value={prompt.interaction_style} />
            <ReadOnlyField label="Vocabolario preferito" value={prompt.preferred_vocabulary} />
            <ReadOnlyField label="Istruzioni speciali" value={prompt.special_instructions} long />
            <ReadOnlyField label="Argomenti vietati" value={prompt.forbidden_topics.join(", ")} long />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
