/**
 * 'Storie condivise' on /galleria (issue 13, "A public reading page"): the stories their owners
 * chose to list, newest first, each with its title, genre, first lines, the owner's nickname when
 * shown (a link to their creator page when they have one, issue 40 §1), and a link to its reading
 * page (a server page: a plain link, not a client route).
 * Pages of 12 with 'Carica altre'. Loaded only when the visitor opens the section.
 */

import { useInfiniteQuery } from "@tanstack/react-query";
import { BookOpen } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { italianDate } from "@/lib/format";
import { sharedStoriesQuery } from "../shares-api";
import { LoadMoreButton } from "@/components/load-more-button";
import { CreatorName } from "@/components/creator-name";

/** The section. States: loading, error ('Riprova'), empty, the list and 'Carica altre'. */
export default function SharedStories() {
  const query = useInfiniteQuery(sharedStoriesQuery);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  if (query.isPending) {
    return (
      <div role="status" aria-label="Caricamento delle storie" className="grid gap-5 md:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-44 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <div role="alert" className="mx-auto max-w-md rounded-xl border border-red-400/50 bg-red-950/50 p-6 text-center text-red-100">
        <p>Si è verificato un errore nel caricamento delle storie.</p>
        <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
          Riprova
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center rounded-xl border bg-card p-10 text-center">
        <BookOpen aria-hidden className="mb-4 size-10 text-violet-300" />
        <p className="text-lg">Nessuna storia condivisa al momento.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="grid gap-5 md:grid-cols-2">
        {items.map((story) => (
          <li key={story.id}>
            <article className="relative flex h-full flex-col rounded-xl border bg-card p-5 shadow-sm transition hover:border-violet-400/60 has-[a:focus-visible]:border-violet-400/60">
              <div className="flex items-start justify-between gap-3">
                <h2 className="font-semibold text-balance">
                  {/* The whole card opens the story (the link's area covers it); the author's link sits above it. */}
                  <a href={story.path} className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:underline focus-visible:after:ring-[3px] focus-visible:after:ring-ring/60">
                    {story.title}
                  </a>
                </h2>
                <Badge variant="secondary">{story.genre}</Badge>
              </div>
              {story.excerpt && <p className="mt-3 line-clamp-4 font-serif text-muted-foreground">{story.excerpt}</p>}
              <p className="mt-auto pt-4 text-sm text-muted-foreground">
                {story.nickname ? (
                  <>
                    di <CreatorName name={story.nickname} nickname={story.creatorNickname} /> ·{" "}
                  </>
                ) : null}
                <time dateTime={story.sharedAt}>{italianDate(story.sharedAt)}</time>
              </p>
            </article>
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} label="Carica altre" errorText="Si è verificato un errore nel caricamento delle storie." size="lg" className="mt-10" />
    </>
  );
}
