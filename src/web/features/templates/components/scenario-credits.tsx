import { useMutation, useQueryClient } from "@tanstack/react-query";
import { templatePath } from "@shared/slug";
import { GitFork, Lock, Send } from "lucide-react";
import { Link, useNavigate } from "react-router";
import type { TemplateDetailView } from "@/lib/api-contract";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { formatCount } from "@/lib/format";
import { toast } from "@/lib/toast";
import { publishScenario, remixScenario, templateKey } from "../api";
import { useLoginGate } from "../use-play-template";
import { AuthorLine } from "./author-line";

const failure = (title: string) => (error: Error) =>
  toast.error(error instanceof ApiError ? error.title : "Errore", { description: error instanceof ApiError && error.code !== "GENERIC" ? error.message : title });

/**
 * Who wrote a scenario and where it comes from (issue 40 §1), under its title: 'di {autore}'
 * (creator page link), 'Basato su «Titolo» di Autore' for a remix (a link while the original is
 * reachable), the number of remixes. Texts are rendered as text.
 */
export function ScenarioCredits({ template }: { template: TemplateDetailView }) {
  const { remixOf } = template;
  return (
    <div className="flex flex-col gap-1">
      <AuthorLine author={template.author} />
      {remixOf && (
        <p className="text-sm text-muted-foreground">
          Basato su{" "}
          {remixOf.path ? (
            <Link to={remixOf.path} className="font-medium text-violet-300 underline-offset-4 hover:underline">
              «{remixOf.title}»
            </Link>
          ) : (
            <span className="font-medium">«{remixOf.title}»</span>
          )}
          {remixOf.author ? ` di ${remixOf.author}` : ""}
        </p>
      )}
      {template.remixes > 0 && (
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <GitFork aria-hidden="true" className="size-4" />
          {formatCount(template.remixes)} remix
        </p>
      )}
    </div>
  );
}

/**
 * The scenario's own actions (issue 40 §1): on the author's private draft, the 'Bozza privata'
 * notice and 'Pubblica' (screened: it may wait for a moderator); on a published scenario, 'Remix'
 * (a new draft of the player's, opened at once; visitors go to /login).
 */
export function ScenarioActions({ template }: { template: TemplateDetailView }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const gate = useLoginGate();
  const publish = useMutation({
    mutationFn: () => publishScenario(template.id),
    onSuccess: ({ state }) => {
      void queryClient.invalidateQueries({ queryKey: templateKey(template.id) });
      void queryClient.invalidateQueries({ queryKey: ["templates", "discover"] });
      if (state === "held") toast.info("Scenario in revisione", { description: "Il controllo automatico l'ha segnalato: sarà pubblico quando un moderatore l'avrà esaminato." });
      else toast.success("Scenario pubblicato!", { description: "Ora tutti possono trovarlo in Scopri." });
    },
    onError: failure("Impossibile pubblicare lo scenario."),
  });
  const remix = useMutation({
    mutationFn: () => remixScenario(template.id),
    onSuccess: ({ id }) => {
      toast.success("Remix creato!", { description: "È una tua bozza privata: modificala e pubblicala quando vuoi." });
      void queryClient.invalidateQueries({ queryKey: templateKey(template.id) });
      navigate(templatePath(id, template.title));
    },
    onError: failure("Impossibile creare il remix."),
  });

  if (template.draft) {
    return (
      <div className="flex flex-col gap-3 rounded-xl border border-amber-400/40 bg-amber-500/10 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Bozza privata: la vedi solo tu. Pubblicala per farla trovare a tutti in Scopri.
        </p>
        <Button className="rounded-full" disabled={publish.isPending} onClick={() => publish.mutate()}>
          {publish.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          Pubblica
        </Button>
      </div>
    );
  }
  const onRemix = () => {
    if (gate("Devi effettuare il login per fare il remix")) return;
    if (!remix.isPending) remix.mutate();
  };
  return (
    <Button size="lg" variant="outline" className="rounded-full" disabled={remix.isPending} onClick={onRemix}>
      {remix.isPending ? <Spinner /> : <GitFork aria-hidden="true" />}
      Remix
    </Button>
  );
}
