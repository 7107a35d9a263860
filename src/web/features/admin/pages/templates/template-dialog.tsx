/**
 * Over 350 lines: one form (spec §5 Template form) with its AI helpers; candidate to split by helper.
 * The template create/edit dialog (spec §2 Admin templates; §4 Template dialog; §5 Template form
 * and AI helpers; §8 AI helpers and templates). Create or edit is chosen by whether a template
 * is passed in. One zod schema (templateFormSchema) validates here and on the server.
 */

import { zodResolver } from "@hookform/resolvers/zod";
import { TEMPLATE_GENRES } from "@shared/genres";
import {
  GENERATABLE_FIELDS,
  type ImprovableField,
  TEMPLATE_FORM_DEFAULTS,
  TEMPLATE_INTERACTION_STYLES,
  TEMPLATE_LIMITS,
  TEMPLATE_RESPONSE_STYLES,
  TEMPLATE_STORY_PACINGS,
  type TemplateFormValues,
  templateFormSchema,
} from "@shared/schemas/template";
import { MAX_PROMPT_BUDGET, MAX_STORY_CARDS, MIN_PROMPT_BUDGET } from "@shared/schemas/memory";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ImageIcon, ImagePlus, Sparkles, Trash2, Wand2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { AdminTemplateView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Slider } from "@/components/ui/slider";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api";
import { capitalise, formatDecimal } from "@/lib/format";
import { StaleEditNotice, useEditVersion } from "@/components/stale-edit-notice";
import { WorldCardsField, worldCardsForm } from "@/components/world-cards-field";
import { adminTemplatesKey, cachedTemplate, generateCover, generateEmptyFields, improveField, saveTemplate } from "./api";

/** Form values of an existing template (lists as comma-separated text, nulls as ""). */
function valuesOf(template: AdminTemplateView | null): TemplateFormValues {
  if (!template) return { ...TEMPLATE_FORM_DEFAULTS };
  return {
    title: template.title,
    description: template.description,
    genre: (TEMPLATE_GENRES as readonly string[]).includes(template.genre) ? (template.genre as TemplateFormValues["genre"]) : "Fantasy",
    cover_image_url: template.cover_image_url ?? "",
    initial_prompt: template.initial_prompt,
    system_prompt: template.system_prompt ?? "",
    response_style: template.response_style as TemplateFormValues["response_style"],
    story_pacing: template.story_pacing as TemplateFormValues["story_pacing"],
    interaction_style: template.interaction_style as TemplateFormValues["interaction_style"],
    temperature: template.temperature,
    max_tokens: template.max_tokens,
    context_memory: template.context_memory,
    special_instructions: template.special_instructions ?? "",
    preferred_vocabulary: template.preferred_vocabulary ?? "",
    forbidden_topics: template.forbidden_topics.join(", "),
    prompt_budget: template.prompt_budget,
    story_cards: template.story_cards,
  };
}

/** Text of a form value ("" for null/undefined/lists). */
const textOf = (value: unknown) => (typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : "");

function errorToast(error: unknown, fallbackTitle: string, fallbackMessage: string) {
  if (error instanceof ApiError && error.code !== "GENERIC" && error.code !== "NETWORK") toast.error(error.title, { description: error.message });
  else toast.error(fallbackTitle, { description: fallbackMessage });
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The template to edit, or null to create one. */
  template: AdminTemplateView | null;
}

/** The dialog; mount it with a `key` per template so the form starts from that template. */
export function TemplateDialog({ open, onOpenChange, template }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<TemplateFormValues>({ resolver: zodResolver(templateFormSchema), defaultValues: valuesOf(template) });
  const { errors, isSubmitting } = form.formState;
  /** The AI operation running: a field name, 'generate' or 'cover'. */
  const [aiBusy, setAiBusy] = useState<string | null>(null);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const cover = form.watch("cover_image_url");

  const context = () => {
    const v = form.getValues();
    return { genre: v.genre ?? "", title: v.title ?? "", description: v.description ?? "" };
  };

  const improve = async (field: ImprovableField) => {
    const text = textOf(form.getValues(field));
    if (!text.trim()) {
      toast.error("Campo vuoto", { description: "Scrivi qualcosa nel campo prima di migliorarlo." });
      return;
    }
    setAiBusy(field);
    try {
      const { improvedText } = await improveField(field, text, context());
      form.setValue(field, improvedText, { shouldDirty: true, shouldValidate: true });
      toast.success("Testo migliorato!");
    } catch (error) {
      errorToast(error, "Errore nel miglioramento", "Non è stato possibile migliorare il testo.");
    } finally {
      setAiBusy(null);
    }
  };

  const generateAll = async () => {
    const { title, genre } = context();
    if (!title.trim() || !genre) {
      toast.error("Campi mancanti", { description: "Inserisci almeno titolo e genere per generare i contenuti." });
      return;
    }
    const values = form.getValues();
    const fields = Object.fromEntries(GENERATABLE_FIELDS.map((f) => [f, textOf(values[f])])) as Record<(typeof GENERATABLE_FIELDS)[number], string>;
    setAiBusy("generate");
    try {
      const { generatedContent } = await generateEmptyFields(title, genre, fields);
      let filled = 0;
      for (const field of GENERATABLE_FIELDS) {
        const value = generatedContent[field];
        if (value && !fields[field].trim()) {
          form.setValue(field, value, { shouldDirty: true, shouldValidate: true });
          filled++;
        }
      }
      if (generatedContent.system_prompt || generatedContent.special_instructions || generatedContent.preferred_vocabulary || generatedContent.forbidden_topics) {
        setAdvancedOpen(true);
      }
      toast.success("Contenuti generati!", { description: filled === 1 ? "1 campo compilato." : `${filled} campi compilati.` });
    } catch (error) {
      errorToast(error, "Errore nella generazione", "Non è stato possibile generare i contenuti.");
    } finally {
      setAiBusy(null);
    }
  };

  const makeCover = async () => {
    const { title, genre, description } = context();
    if (!title.trim() || !description.trim() || !genre) {
      toast.error("Campi mancanti", { description: "Inserisci titolo, descrizione e genere per generare l'immagine." });
      return;
    }
    setAiBusy("cover");
    try {
      const { url } = await generateCover(title, description, genre);
      form.setValue("cover_image_url", url, { shouldDirty: true, shouldValidate: true });
      toast.success("Immagine generata!");
    } catch (error) {
      errorToast(error, "Errore nella generazione", "Non è stato possibile generare l'immagine.");
    } finally {
      setAiBusy(null);
    }
  };

  const edit = useEditVersion(template?.version ?? 1);
  /** The saved template as the (refetched) list has it; the one the dialog opened with otherwise. */
  const latest = () => (template && cachedTemplate(queryClient, template.id)) ?? template;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveTemplate(template?.id ?? null, values, edit.version);
      await queryClient.invalidateQueries({ queryKey: adminTemplatesKey });
      void queryClient.invalidateQueries({ queryKey: ["templates"] });
      toast.success("Successo!", { description: template ? "Template aggiornato con successo." : "Template creato con successo." });
      onOpenChange(false);
    } catch (error) {
      if (edit.refused(error)) {
        await queryClient.invalidateQueries({ queryKey: adminTemplatesKey });
        return;
      }
      toast.error("Errore", { description: error instanceof Error ? error.message : "Si è verificato un errore. Riprova più tardi." });
    }
  });

  const busy = aiBusy !== null || isSubmitting;

  /** An 'improve' icon button for a field. */
  const improveButton = (field: ImprovableField, label: string) => (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="h-7 text-violet-300 hover:text-violet-200"
      disabled={busy}
      onClick={() => void improve(field)}
      aria-label={`Migliora ${label} con AI`}
      title="Migliora con AI"
    >
      {aiBusy === field ? <Spinner /> : <Wand2 aria-hidden="true" />}
      <span className="text-xs">{aiBusy === field ? "AI al lavoro..." : "Migliora"}</span>
    </Button>
  );

  const field = (name: keyof TemplateFormValues, label: string, control: ReactNode, extra?: ReactNode, help?: string) => {
    const error = errors[name]?.message;
    return (
      <div className="grid gap-2">
        <div className="flex min-h-7 items-center justify-between gap-2">
          <Label htmlFor={`tpl-${name}`}>{label}</Label>
          {extra}
        </div>
        {control}
        {help && <p className="text-xs text-muted-foreground">{help}</p>}
        {error && (
          <p id={`tpl-${name}-errore`} className="text-sm text-red-300">
            {error}
          </p>
        )}
      </div>
    );
  };
  const aria = (name: keyof TemplateFormValues) => ({
    id: `tpl-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `tpl-${name}-errore` : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{template ? "Modifica Template" : "Crea Template"}</DialogTitle>
          <DialogDescription>Compila i campi della storia; l'AI può aiutarti a migliorarli o a generarli.</DialogDescription>
        </DialogHeader>

        <form id="template-form" onSubmit={onSubmit} noValidate className="grid gap-5">
          {edit.stale && (
            <StaleEditNotice
              onReload={() => {
                const current = latest();
                form.reset(valuesOf(current ?? null));
                edit.adopt(current?.version ?? edit.version);
              }}
              onKeepMine={() => edit.adopt(latest()?.version ?? edit.version)}
            />
          )}
          {field("title", "Titolo", <Input {...aria("title")} {...form.register("title")} />, improveButton("title", "il titolo"))}
          {field("description", "Descrizione", <Textarea rows={3} {...aria("description")} {...form.register("description")} />, improveButton("description", "la descrizione"))}
          {field(
            "genre",
            "Genere",
            <NativeSelect {...aria("genre")} {...form.register("genre")}>
              {TEMPLATE_GENRES.map((g) => (
                <NativeSelectOption key={g} value={g}>
                  {g}
                </NativeSelectOption>
              ))}
            </NativeSelect>,
          )}

          {field(
            "cover_image_url",
            "URL immagine di copertina",
            <div className="grid gap-3">
              <div className="flex gap-2">
                <Input placeholder="https://…" {...aria("cover_image_url")} {...form.register("cover_image_url")} />
                {cover && (
                  <Button type="button" variant="outline" size="icon" className="size-10" aria-label="Rimuovi immagine di copertina" disabled={busy} onClick={() => form.setValue("cover_image_url", "", { shouldDirty: true })}>
                    <Trash2 aria-hidden="true" />
                  </Button>
                )}
              </div>
              <div className="overflow-hidden rounded-lg border border-border/70">
                {cover ? (
                  <img src={cover} alt="Anteprima della copertina" className="aspect-video w-full object-cover" />
                ) : (
                  <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 bg-muted/40 text-sm text-muted-foreground">
                    <ImageIcon aria-hidden="true" className="size-8" />
                    Nessuna copertina
                  </div>
                )}
              </div>
            </div>,
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void makeCover()}>
              {aiBusy === "cover" ? <Spinner /> : <ImagePlus aria-hidden="true" />}
              {aiBusy === "cover" ? "AI al lavoro..." : "Genera copertina con AI"}
            </Button>,
          )}

          <Button type="button" variant="secondary" className="w-full" disabled={busy} onClick={() => void generateAll()}>
            {aiBusy === "generate" ? <Spinner /> : <Sparkles aria-hidden="true" />}
            {aiBusy === "generate" ? "AI al lavoro..." : "Genera campi vuoti con AI"}
          </Button>

          {field(
            "initial_prompt",
            "Prompt iniziale della storia",
            <Textarea rows={5} {...aria("initial_prompt")} {...form.register("initial_prompt")} />,
            improveButton("initial_prompt", "il prompt iniziale"),
            "L'apertura che il narratore presenta al giocatore (almeno 20 caratteri).",
          )}

          <Collapsible open={advancedOpen} onOpenChange={setAdvancedOpen} className="rounded-lg border border-border/70">
            <CollapsibleTrigger asChild>
              <button type="button" className="flex w-full items-center justify-between px-4 py-3 text-left font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
                Configurazione AI Avanzata
                <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${advancedOpen ? "rotate-180" : ""}`} />
              </button>
            </CollapsibleTrigger>
            <CollapsibleContent className="grid gap-5 border-t border-border/70 p-4">
              {field("system_prompt", "Prompt di sistema", <Textarea rows={5} {...aria("system_prompt")} {...form.register("system_prompt")} />, improveButton("system_prompt", "il prompt di sistema"))}
              <div className="grid gap-5 md:grid-cols-3">
                {field(
                  "response_style",
                  "Stile di risposta",
                  <NativeSelect {...aria("response_style")} {...form.register("response_style")}>
                    {TEMPLATE_RESPONSE_STYLES.map((o) => (
                      <NativeSelectOption key={o} value={o}>
                        {capitalise(o)}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>,
                )}
                {field(
                  "story_pacing",
                  "Ritmo della storia",
                  <NativeSelect {...aria("story_pacing")} {...form.register("story_pacing")}>
                    {TEMPLATE_STORY_PACINGS.map((o) => (
                      <NativeSelectOption key={o} value={o}>
                        {capitalise(o)}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>,
                )}
                {field(
                  "interaction_style",
                  "Stile di interazione",
                  <NativeSelect {...aria("interaction_style")} {...form.register("interaction_style")}>
                    {TEMPLATE_INTERACTION_STYLES.map((o) => (
                      <NativeSelectOption key={o} value={o}>
                        {capitalise(o)}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>,
                )}
              </div>
              <SliderField form={form} name="temperature" label="Creatività" limits={TEMPLATE_LIMITS.temperature} format={formatDecimal} help="Valori più alti danno risposte più fantasiose." />
              <SliderField form={form} name="max_tokens" label="Lunghezza massima" limits={TEMPLATE_LIMITS.maxTokens} format={(v) => `${v} token`} />
              <SliderField form={form} name="context_memory" label="Memoria del contesto" limits={TEMPLATE_LIMITS.contextMemory} format={(v) => (v === 0 ? "tutta la storia" : `${v} scambi`)} />
              {field(
                "prompt_budget",
                "Budget del prompt (token)",
                <Input type="number" min={MIN_PROMPT_BUDGET} max={MAX_PROMPT_BUDGET} step={100} {...aria("prompt_budget")} {...form.register("prompt_budget", { valueAsNumber: true })} />,
                undefined,
                "Il massimo di token tra istruzioni, schede, ricordi, riassunto e turni recenti.",
              )}
              {field(
                "special_instructions",
                "Istruzioni speciali",
                <Textarea rows={3} {...aria("special_instructions")} {...form.register("special_instructions")} />,
                improveButton("special_instructions", "le istruzioni speciali"),
              )}
              {field(
                "preferred_vocabulary",
                "Vocabolario preferito",
                <Input {...aria("preferred_vocabulary")} {...form.register("preferred_vocabulary")} />,
                improveButton("preferred_vocabulary", "il vocabolario preferito"),
              )}
              {field(
                "forbidden_topics",
                "Argomenti vietati",
                <Input placeholder="violenza, politica" {...aria("forbidden_topics")} {...form.register("forbidden_topics")} />,
                undefined,
                "Separati da virgole.",
              )}
            </CollapsibleContent>
          </Collapsible>

          <WorldCardsField {...worldCardsForm(form)} disabled={busy} idPrefix="tpl-scheda" maxCards={MAX_STORY_CARDS} />
        </form>

        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            Annulla
          </Button>
          <Button type="submit" form="template-form" disabled={busy}>
            {isSubmitting && <Spinner />}
            {isSubmitting ? "Salvataggio..." : "Salva Template"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A labelled slider bound to a numeric form field (spec §9 slider steps). */
function SliderField({
  form,
  name,
  label,
  limits,
  format,
  help,
}: {
  form: ReturnType<typeof useForm<TemplateFormValues>>;
  name: "temperature" | "max_tokens" | "context_memory";
  label: string;
  limits: { min: number; max: number; step: number };
  format: (value: number) => string;
  help?: string;
}) {
  const labelId = `tpl-${name}-etichetta`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="grid gap-3">
          <div className="flex items-center justify-between text-sm">
            <span id={labelId} className="font-medium">
              {label}
            </span>
            <span className="text-muted-foreground tabular-nums">{format(Number(field.value))}</span>
          </div>
          <Slider
            aria-labelledby={labelId}
            min={limits.min}
            max={limits.max}
            step={limits.step}
            value={[Number(field.value)]}
            onValueChange={([v]) => field.onChange(v)}
          />
          {help && <p className="text-xs text-muted-foreground">{help}</p>}
          {fieldState.error && <p className="text-sm text-red-300">{fieldState.error.message}</p>}
        </div>
      )}
    />
  );
}
