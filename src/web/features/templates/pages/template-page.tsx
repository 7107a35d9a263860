/**
 * /scopri/{slug}/{templateId}, the template page (spec §2 Template detail; §4 Starting from a
 * template, Like and favorite; §8 Game 'Accesso richiesto' / 'Impossibile creare la partita.
 * {message}', Like and favorite). Visitors see everything; liking, saving or playing sends them
 * to /login. A wrong slug with a right id is replaced by the canonical slug. Issue 40 §1: the
 * author, the remix credit and count, 'Remix', and on the author's own draft 'Pubblica' (and no
 * 'Mi piace', 'Salva' or 'Segnala': a private draft takes none); 'Scegli l'inizio' when the
 * scenario has alternative openings, the chosen one quoted in full and sent with 'Gioca Ora';
 * 'Esporta scheda' downloads the scenario as a character card, JSON or PNG (issue 40 §3).
 */

import { replaceCardMacros } from "@shared/card-macros";
import { templatePath, templateSlug } from "@shared/slug";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bookmark, BookmarkCheck, Download, Heart, HeartOff, Play, Quote } from "lucide-react";
import { useState } from "react";
import { Navigate, useParams } from "react-router";
import type { TemplateDetailView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { formatCount } from "@/lib/format";
import { useMe } from "@/lib/session";
import { moderationRefusal, RemovedNotice } from "@/components/removed-notice";
import { ReportLink } from "@/components/report-link";
import { savedTemplatesKey, setFavorite, setLike, templateKey, templateQuery } from "../api";
import { OpeningChoice } from "../components/opening-choice";
import { BackToScopri, PageError, PageLoading } from "../components/page-status";
import { ScenarioActions, ScenarioCredits } from "../components/scenario-credits";
import { DraftEditor } from "../components/draft-editor";
import { TemplateCover } from "../components/template-cover";
import { useLoginGate, usePlayTemplate } from "../use-play-template";

/** The template page. */
export function TemplatePage() {
  const { slug = "", templateId = "" } = useParams();
  const query = useQuery(templateQuery(templateId));

  if (query.isPending) {
    return (
      <PageLoading label="Caricamento del template" className="max-w-4xl pt-8">
        <Skeleton className="aspect-video w-full rounded-2xl" />
        <Skeleton className="mt-6 h-10 w-2/3" />
        <Skeleton className="mt-4 h-5 w-full" />
        <Skeleton className="mt-2 h-5 w-5/6" />
      </PageLoading>
    );
  }
  if (query.isError) {
    // Issue 23: removed by a moderator (410), or held by automatic screening.
    const refusal = moderationRefusal(query.error);
    if (refusal) return <RemovedNotice underReview={refusal.underReview} back={{ to: "/scopri", label: "Torna a Scopri" }} />;
    return <PageError error={query.error} notFoundTitle="Template non trovato." errorPrefix="Errore nel caricamento del template: " />;
  }
  const template = query.data;
  const canonical = templateSlug(template.title);
  if (slug !== canonical) return <Navigate to={templatePath(template.id, template.title)} replace />;
  return <TemplateDetail template={template} />;
}

function TemplateDetail({ template }: { template: TemplateDetailView }) {
  const queryClient = useQueryClient();
  const gate = useLoginGate();
  const update = (patch: Partial<TemplateDetailView>) =>
    queryClient.setQueryData<TemplateDetailView>(templateKey(template.id), (old) => (old ? { ...old, ...patch } : old));

  const like = useMutation({
    mutationFn: (value: boolean) => setLike(template.id, value),
    onSuccess: ({ liked, likes }) => {
      update({ liked, likes });
      void queryClient.invalidateQueries({ queryKey: ["templates", "discover"] });
      void queryClient.invalidateQueries({ queryKey: savedTemplatesKey });
    },
    onError: (error) => toast.error("Errore", { description: error instanceof ApiError && error.code !== "GENERIC" ? error.message : "Impossibile aggiornare il like." }),
  });
  const favorite = useMutation({
    mutationFn: (value: boolean) => setFavorite(template.id, value),
    onSuccess: ({ favorited }) => {
      update({ favorited });
      // 'Salvati' on /scopri and 'I miei preferiti' on /profilo gain or lose it (issue 13).
      void queryClient.invalidateQueries({ queryKey: savedTemplatesKey });
      toast.success("Preferiti aggiornati!");
    },
    onError: (error) => toast.error("Errore", { description: error instanceof ApiError && error.code !== "GENERIC" ? error.message : "Impossibile aggiornare i preferiti." }),
  });
  const play = usePlayTemplate();
  const { me } = useMe();
  const playing = play.pendingId === template.id;
  // Issue 40 §1: the opening the story starts with (0 = the first message).
  const [picked, setOpening] = useState(0);
  // An edited draft may have fewer openings now: back to the first one.
  const opening = picked < template.openings.length ? picked : 0;
  // Issue 40 §3: a card's {{user}} and {{char}} read as the story will tell them (the player's
  // nickname, 'Giocatore' before signing in; the character's name, the title).
  const names = { user: me?.user.nickname?.trim() || "Giocatore", char: template.title };
  const openings = template.openings.map((text) => replaceCardMacros(text, names));
  const openingText = openings[opening] ?? template.initialPrompt;
  const onLike = () => {
    if (gate("Devi effettuare il login per mettere mi piace")) return;
    if (!like.isPending) like.mutate(!template.liked);
  };
  const onFavorite = () => {
    if (gate("Devi effettuare il login per salvare il template")) return;
    if (!favorite.isPending) favorite.mutate(!template.favorited);
  };

  return (
    <article className="mx-auto max-w-4xl px-4 pt-6 pb-16 md:px-6 md:pt-10">
      <BackToScopri label="Tutti i template" variant="ghost" className="mb-4 -ml-2 text-muted-foreground" />
      <div className="overflow-hidden rounded-2xl border border-border/70 shadow-lg">
        <TemplateCover url={template.coverImageUrl} genre={template.genre} title={template.title} />
      </div>

      <header className="mt-6 flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <Badge>{template.genre}</Badge>
          <span className="flex items-center gap-1 text-sm text-muted-foreground">
            <Play aria-hidden="true" className="size-4" />
            {formatCount(template.plays)} {template.plays === 1 ? "giocata" : "giocate"}
          </span>
          <span className="flex items-center gap-1 text-sm text-muted-foreground" aria-live="polite">
            <Heart aria-hidden="true" className="size-4" />
            {formatCount(template.likes)} mi piace
          </span>
        </div>
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{template.title}</h1>
        <ScenarioCredits template={template} />
        <p className="text-lg whitespace-pre-line text-muted-foreground">{template.description}</p>
      </header>

      {template.draft && (
        <div className="mt-6">
          <ScenarioActions template={template} />
          <DraftEditor template={template} />
        </div>
      )}
      <OpeningChoice openings={openings} value={opening} onChange={setOpening} />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button size="lg" className="rounded-full shadow-lg shadow-primary/30" disabled={playing} onClick={() => play.start(template.id, opening)}>
          {playing ? <Spinner /> : <Play aria-hidden="true" className="fill-current" />}
          Gioca Ora
        </Button>
        {/* A private draft is its author's only: nothing to like, save or report (issue 40 §1). */}
        {!template.draft && (
          <>
            <ScenarioActions template={template} />
            <Button size="lg" variant="outline" className="rounded-full" aria-pressed={template.liked} disabled={like.isPending} onClick={onLike}>
              {template.liked ? <HeartOff aria-hidden="true" /> : <Heart aria-hidden="true" />}
              {template.liked ? "Mh.. no" : "Mi piace"}
            </Button>
            <Button size="lg" variant="outline" className="rounded-full" aria-pressed={template.favorited} disabled={favorite.isPending} onClick={onFavorite}>
              {template.favorited ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
              {template.favorited ? "Salvato" : "Salva"}
            </Button>
            <ReportLink kind="template" id={template.id} />
          </>
        )}
      </div>
      {/* Issue 40 §3: the scenario as a character card (V3), for SillyTavern and friends. */}
      <p className="mt-4 flex flex-wrap items-center justify-center gap-x-5 gap-y-2 text-sm text-muted-foreground sm:justify-start">
        {(["JSON", "PNG"] as const).map((format) => (
          <a
            key={format}
            className="inline-flex items-center gap-1.5 underline underline-offset-4 hover:text-foreground"
            href={`/api/templates/${encodeURIComponent(template.id)}/card${format === "PNG" ? "?format=png" : ""}`}
            download
          >
            <Download aria-hidden="true" className="size-4" />
            Esporta scheda ({format})
          </a>
        ))}
      </p>

      {openingText && (
        <section aria-labelledby="inizio-storia" className="mt-10">
          <h2 id="inizio-storia" className="text-xl font-semibold">
            L'inizio della storia
          </h2>
          <blockquote className="relative mt-4 rounded-xl border-l-4 border-violet-500 bg-card/70 p-6 pl-12 text-lg leading-relaxed italic">
            <Quote aria-hidden="true" className="absolute top-5 left-4 size-5 text-violet-300" />
            <p className="whitespace-pre-line">{openingText}</p>
          </blockquote>
        </section>
      )}
    </article>
  );
}
