/**
 * The form of 'Modifica bozza' (issue 40 §1), loaded lazily by draft-editor.tsx: title, genre,
 * description, opening, up to SCENARIO_LIMITS.alternateOpenings alternative openings, the world
 * cards ('Schede del mondo', components/world-cards-field.tsx) and the cover (uploaded, or drawn by the
 * illustrator), validated with the server's scenarioSchema. 'Salva bozza' → PUT
 * /api/scenarios/:id, toast 'Bozza salvata' and the page's data refreshed; server errors in Italian.
 */

import { zodResolver } from "@hookform/resolvers/zod";
import { overLimit, sizeLabel } from "@shared/file-size";
import { GENRES } from "@shared/genres";
import { SCENARIO_LIMITS, type ScenarioInput, scenarioSchema } from "@shared/schemas/scenario";
import { TEMPLATE_LIMITS } from "@shared/schemas/template";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ImagePlus, Plus, Save, Sparkles, Trash2 } from "lucide-react";
import { type ChangeEvent, useState } from "react";
import { type Control, Controller, type FieldErrors, useForm } from "react-hook-form";
import type { z } from "zod";
import type { ScenarioEditView } from "@/lib/api-contract";
import { FieldError, FormField, SelectField, TextAreaField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api";
import { toast } from "@/lib/toast";
import { WorldCardsField, worldCardsForm } from "@/components/world-cards-field";
import { drawDraftCover, draftQuery, saveDraft, templateKey, uploadDraftCover } from "../api";

const GENRE_OPTIONS = GENRES.map((genre) => ({ value: genre, label: genre }));
const COVER_TYPES = "image/jpeg,image/png,image/webp";

/** The values the draft's form holds (the schema's input: world card fields with defaults may be missing). */
type DraftFormValues = z.input<typeof scenarioSchema>;

/** Shows a failed call in Italian: the server's title and message, or `fallback`. */
function showFailure(error: unknown, fallback: string) {
  if (error instanceof ApiError && error.code !== "GENERIC") toast.error(error.title, { description: error.message });
  else toast.error("Errore", { description: fallback });
}

/** Input: the draft's id; onDone closes the editor once saved. Output: the editor, or its loading and error states. */
export default function DraftEditorForm({ templateId, onDone }: { templateId: string; onDone(): void }) {
  const draft = useQuery(draftQuery(templateId));
  if (draft.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Caricamento della bozza…
      </p>
    );
  }
  if (draft.isError) return <FieldError id="bozza-errore" message={draft.error instanceof ApiError ? draft.error.message : "Impossibile caricare la bozza."} />;
  return <DraftForm draft={draft.data} onDone={onDone} />;
}

function DraftForm({ draft, onDone }: { draft: ScenarioEditView; onDone(): void }) {
  const queryClient = useQueryClient();
  const { id, ...values } = draft;
  const form = useForm<DraftFormValues, unknown, ScenarioInput>({ resolver: zodResolver(scenarioSchema), defaultValues: values as DraftFormValues });
  const { register, control, formState } = form;
  const { errors, isSubmitting } = formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await saveDraft(id, input);
      toast.success("Bozza salvata", { description: "Pubblicala quando è pronta: la vedi solo tu finché non la pubblichi." });
      await queryClient.invalidateQueries({ queryKey: templateKey(id) });
      queryClient.removeQueries({ queryKey: draftQuery(id).queryKey });
      onDone();
    } catch (error) {
      showFailure(error, "Impossibile salvare la bozza.");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Modifica della bozza">
      <h2 className="text-xl font-semibold">Modifica bozza</h2>
      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <FormField id="bozza-titolo" label="Titolo" maxLength={TEMPLATE_LIMITS.titleMax} error={errors.title?.message} {...register("title")} />
        <SelectField id="bozza-genere" label="Genere" options={GENRE_OPTIONS} error={errors.genre?.message} {...register("genre")} />
      </div>
      <TextAreaField id="bozza-descrizione" label="Descrizione" rows={3} maxLength={TEMPLATE_LIMITS.descriptionMax} error={errors.description?.message} {...register("description")} />
      <TextAreaField
        id="bozza-apertura"
        label="Apertura"
        hint="Il primo messaggio del narratore quando si inizia a giocare."
        rows={5}
        maxLength={SCENARIO_LIMITS.openingMax}
        error={errors.first_message?.message}
        {...register("first_message")}
      />
      <OpeningsField control={control} errors={errors} disabled={isSubmitting} />
      <WorldCardsField {...worldCardsForm(form)} disabled={isSubmitting} idPrefix="bozza-scheda" maxCards={SCENARIO_LIMITS.cards} />
      <Controller
        control={control}
        name="cover_image_url"
        render={({ field }) => <CoverField draftId={id} title={values.title} url={field.value ?? null} onChange={field.onChange} error={errors.cover_image_url?.message} disabled={isSubmitting} />}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" className="rounded-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : <Save aria-hidden="true" />}
          Salva bozza
        </Button>
        <Button type="button" variant="ghost" className="rounded-full" disabled={isSubmitting} onClick={onDone}>
          Annulla
        </Button>
      </div>
    </form>
  );
}

/** The alternative openings: one box each, added and removed here (at most SCENARIO_LIMITS.alternateOpenings). */
function OpeningsField({ control, errors, disabled }: { control: Control<DraftFormValues, unknown, ScenarioInput>; errors: FieldErrors<DraftFormValues>; disabled: boolean }) {
  const listError = errors.alternate_openings?.message ?? errors.alternate_openings?.root?.message;
  return (
    <Controller
      control={control}
      name="alternate_openings"
      render={({ field }) => {
        const openings = field.value ?? [];
        const set = (next: string[]) => field.onChange(next);
        return (
          <fieldset className="grid gap-3 rounded-lg border border-border/70 p-4">
            <legend className="px-1 font-medium">Aperture alternative</legend>
            <p className="text-xs text-muted-foreground">Chi gioca può iniziare da una di queste invece che dall'apertura principale.</p>
            {openings.map((text, index) => {
              const boxId = `bozza-alternativa-${index}`;
              const error = errors.alternate_openings?.[index]?.message;
              return (
                <div key={index} className="grid gap-2">
                  <div className="flex items-center justify-between gap-2">
                    <Label htmlFor={boxId}>Apertura alternativa {index + 1}</Label>
                    <Button type="button" variant="ghost" size="sm" className="text-red-300 hover:text-red-200" disabled={disabled} aria-label={`Rimuovi l'apertura alternativa ${index + 1}`} onClick={() => set(openings.filter((_, i) => i !== index))}>
                      <Trash2 aria-hidden="true" />
                      Rimuovi
                    </Button>
                  </div>
                  <Textarea
                    id={boxId}
                    rows={3}
                    maxLength={SCENARIO_LIMITS.openingMax}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${boxId}-errore` : undefined}
                    value={text}
                    onBlur={field.onBlur}
                    onChange={(event) => set(openings.map((old, i) => (i === index ? event.target.value : old)))}
                  />
                  {error && <FieldError id={`${boxId}-errore`} message={error} />}
                </div>
              );
            })}
            {listError && <FieldError id="bozza-alternative-errore" message={listError} />}
            <div>
              <Button type="button" variant="outline" size="sm" disabled={disabled || openings.length >= SCENARIO_LIMITS.alternateOpenings} onClick={() => set([...openings, ""])}>
                <Plus aria-hidden="true" />
                Aggiungi un'apertura
              </Button>
            </div>
          </fieldset>
        );
      }}
    />
  );
}

interface CoverFieldProps {
  draftId: string;
  title: string;
  url: string | null;
  onChange(url: string | null): void;
  error: string | undefined;
  disabled: boolean;
}

/**
 * The cover: a preview, 'Carica un'immagine' (JPEG, PNG or WebP up to SCENARIO_LIMITS.coverBytes,
 * checked here first, then by the server), 'Genera con l'IA' (from the saved title, description and
 * genre) and 'Rimuovi'. The new URL is saved with the form.
 */
function CoverField({ draftId, title, url, onChange, error, disabled }: CoverFieldProps) {
  const [busy, setBusy] = useState<"upload" | "ai" | null>(null);
  const run = async (kind: "upload" | "ai", call: () => Promise<{ url: string }>, fallback: string) => {
    setBusy(kind);
    try {
      onChange((await call()).url);
    } catch (failure) {
      showFailure(failure, fallback);
    } finally {
      setBusy(null);
    }
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > SCENARIO_LIMITS.coverBytes) {
      toast.error("Copertina non valida", { description: overLimit("L'immagine", SCENARIO_LIMITS.coverBytes) });
      return;
    }
    void run("upload", () => uploadDraftCover(draftId, file), "Impossibile caricare la copertina.");
  };
  const locked = disabled || busy !== null;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border/70 p-4">
      <legend className="px-1 font-medium">Copertina</legend>
      {url ? (
        <img src={url} alt={`Anteprima della copertina di ${title}`} className="aspect-video w-full max-w-md rounded-lg border border-border/70 bg-muted object-cover" />
      ) : (
        <p className="text-sm text-muted-foreground">Nessuna copertina: la pagina mostra l'immagine del genere.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" asChild disabled={locked}>
          <label htmlFor="bozza-copertina-file" className={locked ? "pointer-events-none opacity-50" : "cursor-pointer"}>
            {busy === "upload" ? <Spinner /> : <ImagePlus aria-hidden="true" />}
            Carica un'immagine
          </label>
        </Button>
        <input id="bozza-copertina-file" type="file" accept={COVER_TYPES} className="sr-only" disabled={locked} onChange={onFile} aria-describedby="bozza-copertina-aiuto" />
        <Button type="button" variant="outline" size="sm" disabled={locked} onClick={() => void run("ai", () => drawDraftCover(draftId), "Non è stato possibile generare l'immagine.")}>
          {busy === "ai" ? <Spinner /> : <Sparkles aria-hidden="true" />}
          Genera con l'IA
        </Button>
        {url && (
          <Button type="button" variant="ghost" size="sm" className="text-red-300 hover:text-red-200" disabled={locked} onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" />
            Rimuovi
          </Button>
        )}
      </div>
      <p id="bozza-copertina-aiuto" className="text-xs text-muted-foreground">
        JPEG, PNG o WebP fino a {sizeLabel(SCENARIO_LIMITS.coverBytes)}. 'Genera con l'IA' usa il titolo, la descrizione e il genere salvati e costa un token visualizzazione.
      </p>
      {error && <FieldError id="bozza-copertina-errore" message={error} />}
    </fieldset>
  );
}
