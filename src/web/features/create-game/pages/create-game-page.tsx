/**
 * /crea-gioco, "create your own game" (spec §2 route table; content chosen by issue 4): title,
 * one of the 14 genres, a premise (≥ 20 characters) that becomes the narrator's opening, and
 * optional response style, pacing and interaction style. 'Genera con AI' fills the empty fields
 * from title and genre, and says what it costs ('(1 token)' of the daily messages, nothing for
 * admins); with every field filled it is disabled with the reason (issue 22 §5). 'Crea e gioca'
 * creates the game and opens it; 'Pubblica come scenario' (issue 40 §1) makes it a private draft
 * scenario and opens its page, where the author publishes it. Visitors see the form and
 * are sent to /login ('Accesso richiesto', and back here afterwards) when they submit or generate.
 * Below the form, 'Importa una scheda personaggio' (issue 40 §3).
 */

import { zodResolver } from "@hookform/resolvers/zod";
import { GENRES } from "@shared/genres";
import {
  CREATE_GAME_DEFAULTS,
  CUSTOM_GAME_GENERATABLE,
  CUSTOM_GAME_GENERATE_COST,
  createCustomGameSchema,
  type CreateCustomGameValues,
  emptyGeneratableFields,
} from "@shared/schemas/create-game";
import { TEMPLATE_INTERACTION_STYLES, TEMPLATE_RESPONSE_STYLES, TEMPLATE_STORY_PACINGS } from "@shared/schemas/template";
import { useQueryClient } from "@tanstack/react-query";
import { BookPlus, Play, Sparkles } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ERRORS } from "@shared/errors";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useLoginRedirect } from "@/lib/login-redirect";
import { useMe } from "@/lib/session";
import { ApiError } from "@/lib/api";
import { capitalise } from "@/lib/format";
import { ImportCardControl } from "../components/import-card";
import { templatePath } from "@shared/slug";
import { createCustomGame, createScenario, generateCustomGame } from "../api";
import { gamePagePath } from "@/lib/game-path";

function FieldMessage({ id, message }: { id: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-300">
      {message}
    </p>
  );
}

/** The create-game page. */
export function CreateGamePage() {
  const { me } = useMe();
  const navigate = useNavigate();
  const sendToLogin = useLoginRedirect();
  const queryClient = useQueryClient();
  const [generating, setGenerating] = useState(false);
  const form = useForm<CreateCustomGameValues>({ resolver: zodResolver(createCustomGameSchema), defaultValues: CREATE_GAME_DEFAULTS });
  const { errors, isSubmitting } = form.formState;
  const nothingToFill = emptyGeneratableFields(form.watch()).length === 0;

  const requireLogin = () => {
    if (me) return false;
    sendToLogin(ERRORS.START_LOGIN_REQUIRED);
    return true;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (requireLogin()) return;
    try {
      const game = await createCustomGame(values);
      // The new game appears in the profile's games list (features/profile/api.ts).
      void queryClient.invalidateQueries({ queryKey: ["profile"] });
      toast.success("Partita creata!");
      navigate(gamePagePath(game.genre, game.id));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.title : "Errore", {
        description: `Impossibile creare la partita. ${error instanceof Error ? error.message : ""}`.trim(),
      });
    }
  });

  // Issue 40 §1 'Pubblica come scenario': the premise becomes a private draft scenario, opened at
  // once on its page, where its author publishes it.
  const [drafting, setDrafting] = useState(false);
  const onScenario = form.handleSubmit(async (values) => {
    if (requireLogin()) return;
    setDrafting(true);
    try {
      const { id } = await createScenario({ title: values.title, genre: values.genre, description: values.premise, first_message: values.premise });
      toast.success("Bozza dello scenario creata!", { description: "La vedi solo tu: controllala e premi 'Pubblica' per farla trovare a tutti in Scopri." });
      navigate(templatePath(id, values.title));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.title : "Errore", {
        description: `Impossibile creare lo scenario. ${error instanceof Error ? error.message : ""}`.trim(),
      });
    } finally {
      setDrafting(false);
    }
  });

  const onGenerate = async () => {
    const { title, genre } = form.getValues();
    if (!title?.trim() || !genre) {
      toast.error("Campi mancanti", { description: "Inserisci almeno titolo e genere per generare i contenuti." });
      return;
    }
    if (requireLogin()) return;
    const current = form.getValues();
    if (emptyGeneratableFields(current).length === 0) return;
    const fields = Object.fromEntries(CUSTOM_GAME_GENERATABLE.map((f) => [f, current[f] ?? ""]));
    setGenerating(true);
    try {
      const { generatedContent } = await generateCustomGame(title, genre, fields);
      let filled = 0;
      for (const field of CUSTOM_GAME_GENERATABLE) {
        const value = generatedContent[field];
        if (value && !String(current[field] ?? "").trim()) {
          form.setValue(field, value, { shouldDirty: true, shouldValidate: field === "premise" });
          filled++;
        }
      }
      toast.success("Contenuti generati!", { description: `Campi compilati: ${filled}.` });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.title : "Errore nella generazione", {
        description: error instanceof Error ? error.message : "Non è stato possibile generare i contenuti.",
      });
    } finally {
      setGenerating(false);
    }
  };

  const busy = isSubmitting || generating || drafting;
  const optionalSelect = (name: "response_style" | "story_pacing" | "interaction_style", label: string, options: readonly string[]) => (
    <div className="grid gap-2">
      <Label htmlFor={`crea-${name}`}>{label}</Label>
      <NativeSelect id={`crea-${name}`} {...form.register(name)}>
        <NativeSelectOption value="">Predefinito del genere</NativeSelectOption>
        {options.map((o) => (
          <NativeSelectOption key={o} value={o}>
            {capitalise(o)}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </div>
  );

  return (
    <div className="mx-auto max-w-3xl px-4 pt-10 pb-16 md:px-6 md:pt-16">
      <header className="text-center">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">Crea il tuo Gioco</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Dai un titolo alla tua storia, scegli il genere e scrivi come comincia: il narratore AI partirà da lì.
        </p>
      </header>

      <form onSubmit={onSubmit} noValidate className="mt-10 grid gap-6 rounded-2xl border border-border/70 bg-card/70 p-5 shadow-lg md:p-8">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="crea-titolo">Titolo</Label>
            <Input
              id="crea-titolo"
              placeholder="Es. La notte dei neon"
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? "crea-titolo-errore" : undefined}
              {...form.register("title")}
            />
            <FieldMessage id="crea-titolo-errore" message={errors.title?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="crea-genere">Genere</Label>
            <NativeSelect
              id="crea-genere"
              aria-invalid={errors.genre ? true : undefined}
              aria-describedby={errors.genre ? "crea-genere-errore" : undefined}
              {...form.register("genre")}
            >
              {GENRES.map((g) => (
                <NativeSelectOption key={g} value={g}>
                  {g}
                </NativeSelectOption>
              ))}
            </NativeSelect>
            <FieldMessage id="crea-genere-errore" message={errors.genre?.message} />
          </div>
        </div>

        <div className="grid gap-2">
          <Label htmlFor="crea-premessa">Premessa</Label>
          <Textarea
            id="crea-premessa"
            rows={6}
            className="min-h-36"
            placeholder="Come comincia la storia? Chi sei, dove ti trovi, cosa sta succedendo…"
            aria-invalid={errors.premise ? true : undefined}
            aria-describedby={errors.premise ? "crea-premessa-errore crea-premessa-aiuto" : "crea-premessa-aiuto"}
            {...form.register("premise")}
          />
          <p id="crea-premessa-aiuto" className="text-sm text-muted-foreground">
            Almeno 20 caratteri. Il narratore la userà come apertura della partita.
          </p>
          <FieldMessage id="crea-premessa-errore" message={errors.premise?.message} />
        </div>

        <div className="grid gap-6 md:grid-cols-3">
          {optionalSelect("response_style", "Stile di risposta", TEMPLATE_RESPONSE_STYLES)}
          {optionalSelect("story_pacing", "Ritmo della storia", TEMPLATE_STORY_PACINGS)}
          {optionalSelect("interaction_style", "Stile di interazione", TEMPLATE_INTERACTION_STYLES)}
        </div>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            size="lg"
            className="rounded-full"
            disabled={busy || nothingToFill}
            aria-describedby={nothingToFill ? "crea-genera-aiuto" : undefined}
            onClick={() => void onGenerate()}
          >
            {generating ? <Spinner /> : <Sparkles aria-hidden="true" />}
            {generating ? "AI al lavoro..." : me?.isAdmin ? "Genera con AI" : `Genera con AI (${CUSTOM_GAME_GENERATE_COST} token)`}
          </Button>
          <Button type="button" variant="outline" size="lg" className="rounded-full" disabled={busy} onClick={() => void onScenario()}>
            {drafting ? <Spinner /> : <BookPlus aria-hidden="true" />}
            Pubblica come scenario
          </Button>
          <Button type="submit" size="lg" className="rounded-full shadow-lg shadow-primary/30" disabled={busy}>
            {isSubmitting ? <Spinner /> : <Play aria-hidden="true" className="fill-current" />}
            Crea e gioca
          </Button>
        </div>
        {nothingToFill && (
          // Under the buttons: on a phone 'Genera con AI' is the last one.
          <p id="crea-genera-aiuto" className="-mt-3 text-sm text-muted-foreground sm:text-right">
            Tutti i campi sono già compilati: non c'è niente da generare.
          </p>
        )}
      </form>
      <ImportCardControl />
    </div>
  );
}
