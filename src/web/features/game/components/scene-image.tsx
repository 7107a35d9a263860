/**
 * A scene image in the chat (spec §2 Game chat: 'A generated image shows "Creata da ..." with
 * the creator's name'; issue 3). The title is plain text (it comes from the model), the picture
 * is the server's own /media copy, and the offline illustrator's pictures are labelled.
 */

import { imagePath } from "@shared/image-slug";
import { renditionSrcSet, renditionUrl } from "@shared/media-renditions";
import { ExternalLink, ImageOff, Palette } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { MessageImageView } from "@/lib/api-contract";
import { Badge } from "@/components/ui/badge";
import { CreatorName } from "@/components/creator-name";

interface SceneImageProps {
  /** The generated title (the message's content). */
  title: string;
  imageUrl: string;
  /** Gallery entry; null for an old message without one. */
  image: MessageImageView | null;
}

/**
 * Output: a card with the 16:9 picture (a placeholder if it fails to load), the title,
 * 'Creata da {nickname | Utente anonimo}', an 'Offline' badge for offline pictures and a link
 * to its gallery page.
 */
export function SceneImage({ title, imageUrl, image }: SceneImageProps) {
  const [broken, setBroken] = useState(false);
  return (
    <figure className="w-full max-w-xl overflow-hidden rounded-2xl rounded-bl-sm border bg-card text-card-foreground shadow-sm">
      {broken ? (
        <div className="flex aspect-video w-full items-center justify-center bg-muted text-muted-foreground">
          <ImageOff aria-hidden className="size-10" />
          <span className="sr-only">Immagine non disponibile</span>
        </div>
      ) : (
        <img
          src={renditionUrl(imageUrl, 960)}
          srcSet={renditionSrcSet(imageUrl) ?? undefined}
          sizes="(min-width: 640px) 36rem, 100vw"
          alt={`Immagine della scena: ${title}`}
          width={1280}
          height={720}
          loading="lazy"
          className="aspect-video w-full bg-muted object-cover"
          onError={() => setBroken(true)}
        />
      )}
      <figcaption className="space-y-1 px-4 py-3">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {title}
          {image?.offline && (
            <Badge variant="secondary" title="Disegnata dall'illustratore offline: nessun servizio di immagini configurato">
              Offline
            </Badge>
          )}
        </p>
        <p className="text-sm text-muted-foreground">
          Creata da <CreatorName name={image?.creator ?? null} nickname={image?.creatorNickname ?? null} />
        </p>
        {image && (
          <Link
            to={imagePath(image.id, title)}
            className="inline-flex items-center gap-1 text-sm font-medium text-violet-300 underline-offset-4 hover:underline"
          >
            Apri nella galleria
            <ExternalLink aria-hidden className="size-3.5" />
          </Link>
        )}
      </figcaption>
    </figure>
  );
}

/** Placeholder while '/visualizza' is drawing: a pulsing 16:9 frame with a status text. */
export function SceneImagePending() {
  return (
    <div role="status" className="w-full max-w-xl overflow-hidden rounded-2xl rounded-bl-sm border bg-card shadow-sm">
      <div className="flex aspect-video w-full animate-pulse items-center justify-center bg-muted/60 motion-reduce:animate-none">
        <Palette aria-hidden className="size-10 text-violet-300" />
      </div>
      <p className="px-4 py-3 text-sm text-muted-foreground">Sto disegnando la scena…</p>
    </div>
  );
}
