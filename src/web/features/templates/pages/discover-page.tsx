/**
 * /scopri, the template list (spec §2 Discover list): cards sorted by plays (descending), six
 * skeletons while loading, the spec's empty text, and more cards on request (server pages).
 * Signed-in players also get the 'Tutte' / 'Salvati' filter (issue 13): 'Salvati' lists the
 * templates they saved, newest saved first, and lives in the address (?filtro=salvati) so it
 * survives a reload and the back button; for a visitor the address is ignored (all templates).
 */

import { useInfiniteQuery } from "@tanstack/react-query";
import { Bookmark, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { useMe } from "@/lib/session";
import { discoverQuery, savedTemplatesQuery } from "../api";
import { LoadMoreButton } from "@/components/load-more-button";
import { SavedTemplatesEmpty } from "../components/saved-templates-empty";
import { TemplateCard, TemplateCardSkeleton } from "../components/template-card";

/** The address parameter of the filter and its one value (absent = 'Tutte'). */
const FILTER_PARAM = "filtro";
const SAVED = "salvati";

/** 'Tutte' / 'Salvati' as toggle buttons; choosing one rewrites ?filtro= (a new history entry). */
function DiscoverFilter({ saved }: { saved: boolean }) {
  const [, setParams] = useSearchParams();
  const choose = (value: string | null) =>
    setParams((params) => {
      if (value) params.set(FILTER_PARAM, value);
      else params.delete(FILTER_PARAM);
      return params;
    });
  const chip = (label: string, pressed: boolean, value: string | null, icon?: ReactNode) => (
    <Button type="button" size="sm" variant={pressed ? "default" : "outline"} className="rounded-full px-4" aria-pressed={pressed} onClick={() => choose(value)}>
      {icon}
      {label}
    </Button>
  );
  return (
    <div role="group" aria-label="Filtra le storie" className="mt-8 flex flex-wrap justify-center gap-2">
      {chip("Tutte", !saved, null)}
      {chip("Salvati", saved, SAVED, <Bookmark aria-hidden="true" />)}
    </div>
  );
}

/** The discover page. A loading failure shows the server's message and 'Riprova'. */
export function DiscoverPage() {
  const { me } = useMe();
  const [params] = useSearchParams();
  const wantsSaved = params.get(FILTER_PARAM) === SAVED;
  const saved = wantsSaved && Boolean(me);
  // While the session is still unknown, 'Salvati' waits (skeletons) rather than flashing every template.
  const query = useInfiniteQuery({ ...(saved ? savedTemplatesQuery : discoverQuery), enabled: !(wantsSaved && me === undefined) });
  const templates = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-16 md:px-6 md:pt-16">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">Scopri le storie</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Avventure pronte da giocare, scritte per te: scegli una storia e lascia che il narratore AI ti guidi.
        </p>
      </header>
      {me && <DiscoverFilter saved={saved} />}

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
      ) : templates.length === 0 && saved ? (
        <SavedTemplatesEmpty className="mx-auto mt-12 max-w-md" />
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
          <ul aria-label={saved ? "Template salvati" : "Template"} className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {templates.map((template) => (
              <li key={template.id}>
                <TemplateCard template={template} />
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} label="Mostra altri" className="mt-10" />
        </>
      )}
    </div>
  );
}
