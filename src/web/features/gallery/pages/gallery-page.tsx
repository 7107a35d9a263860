/**
 * /galleria (spec §2 Gallery; issue 3): every generated image, newest first, each with its title,
 * the creation date in Italian, a link to its page and its author (a link to their creator page
 * when they have one, issue 40 §1). Pages of 24 come from the server (keyset
 * cursor) with 'Carica altre'; the whole table is never loaded. ?vista=storie shows 'Storie
 * condivise' instead (issue 13: the stories their owners listed).
 */

import { imagePath } from "@shared/image-slug";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ImageIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { CreatorName } from "@/components/creator-name";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { italianDate } from "@/lib/format";
import { galleryQuery } from "../api";
import { GalleryPicture } from "../components/gallery-picture";
import { GalleryViews, useGalleryView } from "../components/gallery-views";
import { LoadMoreButton } from "@/components/load-more-button";

/** 'Storie condivise' (issue 13), loaded only when that view is opened. */
const SharedStories = lazy(() => import("../components/shared-stories"));

/**
 * The gallery page. States: loading (skeleton grid), error ('Si è verificato un errore nel
 * caricamento delle immagini.' with 'Riprova'), empty ('Nessuna immagine generata al momento.'),
 * the grid, and 'Carica altre' while more pages exist.
 */
export function GalleryPage() {
  const view = useGalleryView();
  const query = useInfiniteQuery({ ...galleryQuery, enabled: view === "immagini" });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 md:py-14">
      <header className="mb-8 text-center">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Galleria</h1>
        <p className="mt-3 text-muted-foreground">
          {view === "storie" ? "Le avventure che i giocatori hanno scelto di condividere." : "Le scene create dai giocatori con il comando /visualizza."}
        </p>
      </header>
      <GalleryViews view={view} />

      {view === "storie" ? (
        <Suspense fallback={null}>
          <SharedStories />
        </Suspense>
      ) : query.isPending ? (
        <div role="status" aria-label="Caricamento delle immagini" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="aspect-video w-full rounded-xl" />
          ))}
        </div>
      ) : query.isError && items.length === 0 ? (
        <div role="alert" className="mx-auto max-w-md rounded-xl border border-red-400/50 bg-red-950/50 p-6 text-center text-red-100">
          <p>Si è verificato un errore nel caricamento delle immagini.</p>
          <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
            Riprova
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="mx-auto flex max-w-md flex-col items-center rounded-xl border bg-card p-10 text-center">
          <ImageIcon aria-hidden className="mb-4 size-10 text-violet-300" />
          <p className="text-lg">Nessuna immagine generata al momento.</p>
        </div>
      ) : (
        <>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((image, index) => (
              <li key={image.id} className="overflow-hidden rounded-xl border bg-card shadow-sm transition hover:border-violet-400/60">
                <Link
                  to={imagePath(image.id, image.title)}
                  className="group block overflow-hidden rounded-t-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset"
                >
                  <GalleryPicture
                    src={image.imageUrl}
                    alt={image.title}
                    width={image.width}
                    height={image.height}
                    sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw"
                    // The first row is in view when the page opens: it loads at once (its largest paint).
                    loading={index < 3 ? "eager" : "lazy"}
                    className="transition group-hover:scale-[1.02] motion-reduce:transition-none"
                  />
                  <div className="flex items-start justify-between gap-3 p-4">
                    <div className="min-w-0">
                      <h2 className="truncate font-semibold">{image.title}</h2>
                      <p className="mt-1 text-sm text-muted-foreground">
                        <time dateTime={image.createdAt}>{italianDate(image.createdAt)}</time>
                      </p>
                    </div>
                    {image.offline && <Badge variant="secondary">Offline</Badge>}
                  </div>
                </Link>
                {/* Issue 40 §1: the author, a link to their creator page when they have one (outside the card's link). */}
                {image.creator && (
                  <p className="-mt-2 truncate px-4 pb-4 text-sm text-muted-foreground">
                    di <CreatorName name={image.creator} nickname={image.creatorNickname} className="font-medium text-foreground" />
                  </p>
                )}
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} label="Carica altre" errorText="Si è verificato un errore nel caricamento delle immagini." size="lg" className="mt-10" />
        </>
      )}
    </div>
  );
}
