import { resolveGenre } from "@shared/genres";
import { templatePath } from "@shared/slug";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Bookmark, Play } from "lucide-react";
import { Link } from "react-router";
import type { TemplateCardView } from "@/lib/api-contract";
import { GenreIcon } from "@/components/genre-icon";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { LoadMoreButton } from "@/components/load-more-button";
import { SavedTemplatesEmpty, savedTemplatesQuery, usePlayTemplate } from "@/features/templates";
import { ProfileCardTitle } from "./profile-card-title";

/** One saved template: genre icon, title (link to its page), genre, and 'Gioca'. */
function FavoriteRow({ template, playing, onPlay }: { template: TemplateCardView; playing: boolean; onPlay: () => void }) {
  const genre = resolveGenre(template.genre);
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-background/40 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-violet-600/20 text-violet-200">
          <GenreIcon genre={genre} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 font-semibold break-words">
            <Link to={templatePath(template.id, template.title)} className="hover:underline focus-visible:underline">
              {template.title}
            </Link>
          </h3>
          <p className="text-sm text-muted-foreground">{genre}</p>
        </div>
      </div>
      <Button type="button" size="sm" className="shrink-0 self-start sm:self-center" disabled={playing} onClick={onPlay} aria-label={`Gioca: ${template.title}`}>
        {playing ? <Spinner /> : <Play aria-hidden="true" className="fill-current" />}
        Gioca
      </Button>
    </li>
  );
}

/**
 * 'I miei preferiti' on /profilo (issue 13 Saved templates): the templates the player saved,
 * newest saved first (GET /api/templates/saved, keyset pages with 'Mostra altri'), each with
 * 'Gioca', which starts it exactly as the template page's 'Gioca Ora' (a new copy, then the game
 * page). Un-saving on a template page refreshes this list (the saved query is invalidated).
 */
export function FavoritesList() {
  const saved = useInfiniteQuery(savedTemplatesQuery);
  const play = usePlayTemplate();
  const templates = saved.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card>
      <CardHeader>
        <ProfileCardTitle icon={Bookmark}>I miei preferiti</ProfileCardTitle>
      </CardHeader>
      <CardContent>
        {saved.isPending ? (
          <div role="status" aria-label="Caricamento dei preferiti" className="flex flex-col gap-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : saved.isError && templates.length === 0 ? (
          <p className="text-muted-foreground">Impossibile caricare i dati del profilo</p>
        ) : templates.length === 0 ? (
          <SavedTemplatesEmpty className="py-6" />
        ) : (
          <>
            <ul aria-label="I miei preferiti" className="flex flex-col gap-3">
              {templates.map((template) => (
                <FavoriteRow key={template.id} template={template} playing={play.pendingId === template.id} onPlay={() => play.start(template.id)} />
              ))}
            </ul>
            <LoadMoreButton query={saved} label="Mostra altri" errorText="Impossibile caricare i dati del profilo" className="mt-4" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
