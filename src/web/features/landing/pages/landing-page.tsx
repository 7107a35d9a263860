import { GENRES, genreSlug } from "@shared/genres";
import { BookOpen, GraduationCap, ImageIcon, type LucideIcon, Play, Sparkles, Trophy } from "lucide-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { GenreCard } from "@/components/genre-card";
import { Brand } from "@/components/layout/brand";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useGuestSignIn } from "@/lib/guest-sign-in";
import { discoverQuery, TemplateCard } from "@/features/templates";

const GENRE_GRID_ID = "scegli-genere";

const FEATURES: { title: string; description: string; Icon: LucideIcon; comingSoon: boolean }[] = [
  {
    title: "Storie Interattive",
    description: "Il narratore AI racconta e ti propone tre scelte: decidi tu come prosegue l'avventura, oppure scrivi liberamente.",
    Icon: BookOpen,
    comingSoon: false,
  },
  {
    title: "Sistema di Punteggio",
    description: "Guadagna punti con le tue decisioni, supera le sfide e confronta i tuoi risultati con gli altri giocatori.",
    Icon: Trophy,
    comingSoon: true,
  },
  {
    title: "Visualizzazione delle Scene",
    description: "Trasforma i momenti più belli della tua storia in immagini create dall'intelligenza artificiale.",
    Icon: ImageIcon,
    comingSoon: true,
  },
];

/** Guest start for the 'Tutorial' button (spec §2 route table): a guest account, then a new Fantasy game. */
function useTutorial() {
  const navigate = useNavigate();
  return useGuestSignIn(() => navigate("/gioco/fantasy/new"));
}

/** Stories on the landing page. */
const LANDING_STORIES = 6;

/**
 * 'Storie da giocare' (issue 40 §4: a fresh install shows real stories on its first visit): the
 * first cards of Scopri (the starters by 'Storie.ai' and the players' scenarios), with a link to
 * Scopri; nothing while none is listed.
 */
function StoriesToPlay() {
  const query = useInfiniteQuery(discoverQuery);
  const stories = query.data?.pages[0]?.items.slice(0, LANDING_STORIES) ?? [];
  if (stories.length === 0) return null;
  return (
    <section aria-labelledby="storie-da-giocare" className="mx-auto max-w-7xl px-4 py-12 md:px-6 md:py-16">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="storie-da-giocare" className="text-3xl font-bold tracking-tight md:text-4xl">
          Storie da giocare
        </h2>
        <Link to="/scopri" className="text-violet-300 underline-offset-4 hover:underline">
          Vedi tutte in Scopri
        </Link>
      </div>
      <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {stories.map((story) => (
          <li key={story.id}>
            <TemplateCard template={story} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Home page (spec §1, §2 route table '/'): hero with brand and tagline, 'Inizia a Giocare'
 * (smooth scroll to the genre grid), 'Tutorial' (guest start), the three feature cards (the last
 * two 'Coming Soon') and the genre grid, whose cards open /generi with the genre preselected.
 */
export function LandingPage() {
  const tutorial = useTutorial();

  const scrollToGenres = () => {
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    document.getElementById(GENRE_GRID_ID)?.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  };

  return (
    <>
      <section className="relative isolate overflow-hidden">
        <div aria-hidden="true" className="absolute inset-0 -z-10">
          <div className="absolute -top-32 left-1/2 size-[42rem] -translate-x-1/2 rounded-full bg-violet-600/25 blur-3xl" />
          <div className="absolute top-40 -right-24 size-80 rounded-full bg-fuchsia-600/20 blur-3xl" />
          <div className="absolute bottom-0 -left-24 size-72 rounded-full bg-indigo-600/20 blur-3xl" />
        </div>
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 pt-20 pb-16 text-center md:pt-32 md:pb-24">
          <Badge variant="outline" className="mb-6 gap-1.5 rounded-full border-violet-400/40 bg-violet-500/10 px-3 py-1 text-violet-200">
            <Sparkles aria-hidden="true" />
            Narrato dall'intelligenza artificiale
          </Badge>
          <h1 className="text-5xl font-black tracking-tight sm:text-6xl md:text-7xl">
            <Brand />
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-balance text-muted-foreground sm:text-xl">
            Crea e gioca storie interattive con l'intelligenza artificiale
          </p>
          <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button size="lg" className="rounded-full px-8 shadow-lg shadow-primary/30" onClick={scrollToGenres}>
              <Play aria-hidden="true" className="fill-current" />
              Inizia a Giocare
            </Button>
            <Button
              size="lg"
              variant="outline"
              className="rounded-full px-8"
              disabled={tutorial.isPending}
              aria-busy={tutorial.isPending}
              onClick={() => tutorial.mutate()}
            >
              {tutorial.isPending ? <Spinner /> : <GraduationCap aria-hidden="true" />}
              Tutorial
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="funzionalita" className="mx-auto max-w-7xl px-4 py-12 md:px-6 md:py-16">
        <h2 id="funzionalita" className="text-center text-3xl font-bold tracking-tight md:text-4xl">
          Un mondo di storie da vivere
        </h2>
        <div className="mt-10 grid gap-4 md:grid-cols-3 md:gap-6">
          {FEATURES.map(({ title, description, Icon, comingSoon }) => (
            <Card key={title} className="border-border/70 bg-card/70 backdrop-blur">
              <CardHeader>
                <div className="mb-3 flex items-center justify-between gap-2">
                  <span className="flex size-11 items-center justify-center rounded-lg bg-primary/20 text-violet-300">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  {comingSoon && (
                    <Badge variant="secondary" className="rounded-full">
                      Coming Soon
                    </Badge>
                  )}
                </div>
                <CardTitle className="text-lg">
                  <h3>{title}</h3>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <CardDescription className="text-base leading-relaxed">{description}</CardDescription>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <StoriesToPlay />

      <section id={GENRE_GRID_ID} aria-labelledby="generi-titolo" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12 md:px-6 md:py-16">
        <div className="text-center">
          <h2 id="generi-titolo" className="text-3xl font-bold tracking-tight md:text-4xl">
            Scegli il tuo genere
          </h2>
          <p className="mt-3 text-muted-foreground">Quattordici mondi diversi: da dove vuoi cominciare?</p>
        </div>
        <ul className="mt-10 grid grid-cols-1 gap-4 min-[440px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {GENRES.map((genre) => (
            <li key={genre}>
              <GenreCard genre={genre} to={`/generi?genere=${genreSlug(genre)}`} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
