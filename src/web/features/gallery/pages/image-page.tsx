/**
 * /galleria/{id}/{slug} (spec §2 Image detail, route table; issue 3). Also reached as
 * /galleria/{id} or /galleria/{slug} (links built from the title): the image is loaded by id
 * (or by slug) and the address is replaced by the canonical /galleria/{id}/{slug}.
 */

import { imageDownloadName, imagePath } from "@shared/image-slug";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Download, ImageOff, Sparkles } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { BRAND_NAME } from "@/components/layout/brand";
import { useMe } from "@/lib/session";
import { ApiError } from "@/lib/api";
import { decodePath } from "@shared/decode-path";
import { currentYear } from "@shared/italian-date";
import { italianDate } from "@/lib/format";
import { moderationRefusal, RemovedNotice } from "@/components/removed-notice";
import { ReportLink } from "@/components/report-link";
import { CreatorName } from "@/components/creator-name";
import { downloadUrl, imageQuery } from "../api";
import { GalleryPicture } from "../components/gallery-picture";

function BackToGallery() {
  return (
    <Button asChild variant="ghost" className="-ml-3 mb-4">
      <Link to="/galleria">
        <ArrowLeft aria-hidden />
        Torna alla galleria
      </Link>
    </Button>
  );
}

/**
 * The image page: the picture with a copyright overlay of the current year, the title, the
 * creator's nickname or 'Utente anonimo' (a link to their creator page when they have one, issue
 * 40 §1), the date in Italian, 'Scarica' (PNG named from the
 * id), back to the gallery, and for visitors a call to action with 'Accedi' and 'Registrati'
 * (both to /login). A missing image shows 'Immagine non trovata'.
 */
export function ImagePage() {
  const { id = "" } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { me, isLoading: meLoading } = useMe();
  const query = useQuery(imageQuery(id));
  const image = query.data;

  useEffect(() => {
    if (!image) return;
    const canonical = imagePath(image.id, image.title);
    if (decodePath(location.pathname) !== decodePath(canonical)) navigate(canonical, { replace: true });
  }, [image, location.pathname, navigate]);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Caricamento dell'immagine" className="mx-auto w-full max-w-4xl px-4 py-10">
        <Skeleton className="mb-6 h-8 w-1/2" />
        <Skeleton className="aspect-video w-full rounded-xl" />
      </div>
    );
  }

  if (!image) {
    // Issue 23: removed by a moderator (the page answers 410), or held by automatic screening.
    const refusal = moderationRefusal(query.error);
    if (refusal) return <RemovedNotice underReview={refusal.underReview} />;
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <ImageOff aria-hidden className="mb-5 size-12 text-violet-300" />
        <h1 className="text-3xl font-bold tracking-tight">{notFound ? "Immagine non trovata" : "Si è verificato un errore nel caricamento delle immagini."}</h1>
        <Button asChild size="lg" className="mt-8 rounded-full">
          <Link to="/galleria">
            <ArrowLeft aria-hidden />
            Torna alla galleria
          </Link>
        </Button>
      </div>
    );
  }

  const year = currentYear();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 md:py-12">
      <BackToGallery />
      <h1 className="text-2xl font-bold tracking-tight break-words md:text-4xl">{image.title}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
        <span>
          Creata da <CreatorName name={image.creator} nickname={image.creatorNickname} className="font-medium text-foreground" />
        </span>
        <span aria-hidden>·</span>
        <time dateTime={image.createdAt}>{italianDate(image.createdAt)}</time>
        {image.offline && (
          <Badge variant="secondary" title="Disegnata dall'illustratore offline: nessun servizio di immagini configurato">
            Offline
          </Badge>
        )}
      </p>

      <figure className="relative mt-6 overflow-hidden rounded-xl border bg-card shadow-lg">
        <GalleryPicture src={image.imageUrl} alt={image.title} width={image.width} height={image.height} loading="eager" sizes="(min-width: 56rem) 54rem, 100vw" />
        <figcaption className="pointer-events-none absolute right-3 bottom-3 rounded-md bg-black/70 px-2.5 py-1 text-xs font-medium text-white select-none">
          © {year} {BRAND_NAME}.ai
        </figcaption>
      </figure>

      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild size="lg" className="rounded-full">
          <a href={downloadUrl(image.id)} download={imageDownloadName(image.id)}>
            <Download aria-hidden />
            Scarica
          </a>
        </Button>
        <Button asChild size="lg" variant="outline" className="rounded-full">
          <Link to="/galleria">Torna alla galleria</Link>
        </Button>
        <ReportLink kind="image" id={image.id} />
      </div>

      {!meLoading && !me && (
        <section aria-labelledby="image-cta" className="mt-10 rounded-2xl border border-violet-400/40 bg-violet-950/60 p-6 text-center md:p-8">
          <Sparkles aria-hidden className="mx-auto mb-3 size-8 text-fuchsia-300" />
          <h2 id="image-cta" className="text-xl font-semibold">
            Crea anche tu le immagini delle tue storie
          </h2>
          <p className="mt-2 text-muted-foreground">Accedi o registrati per giocare e illustrare le tue scene con /visualizza.</p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg" className="rounded-full">
              <Link to="/login">Accedi</Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="rounded-full">
              <Link to="/login">Registrati</Link>
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
