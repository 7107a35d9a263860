/**
 * /autore/{nickname}, a creator page (issue 40 §1): the author's published scenarios, newest
 * first, with their total plays and likes. An unknown author (or one with nothing published)
 * shows 'Autore non trovato.'. Names and texts are rendered as text.
 */

import { useQuery } from "@tanstack/react-query";
import { Heart, Play } from "lucide-react";
import { useParams } from "react-router";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/format";
import { creatorQuery } from "../api";
import { PageError, PageLoading } from "../components/page-status";
import { TemplateCard } from "../components/template-card";

/** The creator page. */
export function CreatorPage() {
  const { nickname = "" } = useParams();
  const query = useQuery(creatorQuery(nickname));
  if (query.isPending) {
    return (
      <PageLoading label="Caricamento dell'autore" className="max-w-7xl pt-10">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="mt-4 h-5 w-1/3" />
      </PageLoading>
    );
  }
  if (query.isError) return <PageError error={query.error} notFoundTitle="Autore non trovato." />;
  const page = query.data;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-16 md:px-6 md:pt-16">
      <header>
        <p className="text-sm tracking-wide text-muted-foreground uppercase">Autore</p>
        <h1 className="mt-1 text-4xl font-bold tracking-tight break-words md:text-5xl">{page.nickname}</h1>
        <p className="mt-4 flex flex-wrap gap-4 text-muted-foreground">
          <span>
            {formatCount(page.scenarios.length)} {page.scenarios.length === 1 ? "scenario pubblicato" : "scenari pubblicati"}
          </span>
          <span className="flex items-center gap-1">
            <Play aria-hidden="true" className="size-4" />
            {formatCount(page.plays)} {page.plays === 1 ? "giocata" : "giocate"}
          </span>
          <span className="flex items-center gap-1">
            <Heart aria-hidden="true" className="size-4" />
            {formatCount(page.likes)} mi piace
          </span>
        </p>
      </header>
      <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {page.scenarios.map((scenario) => (
          <li key={scenario.id}>
            <TemplateCard template={scenario} />
          </li>
        ))}
      </ul>
    </div>
  );
}
