/**
 * /scopri, the template list (spec §2 Discover list): cards sorted by plays (descending), six
 * skeletons while loading, the spec's empty text, and more cards on request (server pages).
 */

import { useInfiniteQuery } from "@tanstack/react-query";
import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { discoverQuery } from "../api";
import { TemplateCard, TemplateCardSkeleton } from "../components/template-card";

/** The discover page. A loading failure shows the server's message and 'Riprova'. */
export function DiscoverPage() {
  const query = useInfiniteQuery(discoverQuery);
  const templates = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-16 md:px-6 md:pt-16">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">Scopri le storie</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Avventure pronte da giocare, scritte per te: scegli una storia e lascia che il narratore AI ti guidi.
        </p>
      </header>

      {query.isPending ? (
        <div role="status" aria-label="Caricamento dei template" className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <TemplateCardSkeleton key={i} />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="mx-auto mt-12 max-w-md text-center">
          <p className="text-lg">Non è stato possibile caricare i template.</p>
          <p className="mt-1 text-muted-foreground">{query.error.message}</p>
          <Button className="mt-6 rounded-full" onClick={() => void query.refetch()}>
            Riprova
          </Button>
        </div>
      ) : templates.length === 0 ? (
        <div className="mx-auto mt-12 flex max-w-md flex-col items-center text-center">
          <Sparkles aria-hidden="true" className="size-10 text-violet-300" />
          <p className="mt-4 text-lg">Nessun template disponibile al momento. Torna a trovarci presto!</p>
          <Button asChild variant="outline" className="mt-6 rounded-full">
            <Link to="/generi">Scegli un genere</Link>
          </Button>
        </div>
      ) : (
        <>
          <ul aria-label="Template" className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {templates.map((template) => (
              <li key={template.id}>
                <TemplateCard template={template} />
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <div className="mt-10 flex justify-center">
              <Button variant="outline" className="rounded-full" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage && <Spinner />}
                Mostra altri
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
