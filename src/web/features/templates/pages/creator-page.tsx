/**
 * /autore/{nickname}, a creator page (issue 40 §1): the author's published scenarios, newest
 * first, with their total plays and likes. An unknown author (or one with nothing published)
 * shows 'Autore non trovato.'. Names and texts are rendered as text.
 */

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Heart, Play } from "lucide-react";
import { Link, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api";
import { formatCount } from "@/lib/format";
import { creatorQuery } from "../api";
import { TemplateCard } from "../components/template-card";

/** The creator page. */
export function CreatorPage() {
  const { nickname = "" } = useParams();
  const query = useQuery(creatorQuery(nickname));
  if (query.isPending) {
    return (
      <div role="status" aria-label="Caricamento dell'autore" className="mx-auto max-w-7xl px-4 pt-10 md:px-6">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="mt-4 h-5 w-1/3" />
      </div>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{notFound ? "Autore non trovato." : "Errore"}</h1>
        {!notFound && <p className="mt-4 text-muted-foreground">{query.error.message}</p>}
        <Button asChild variant="outline" className="mt-8 rounded-full">
          <Link to="/scopri">
            <ArrowLeft aria-hidden="true" />
            Torna a Scopri
          </Link>
        </Button>
      </div>
    );
  }
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
