/**
 * A gallery picture that falls back to a placeholder when it cannot be loaded (spec §2 Gallery:
 * 'A broken image is replaced by a placeholder'). One of our stored pictures is shown through its
 * 480 and 960 px WebP renditions (`srcset`, issue 12): the full-size original is never downloaded
 * to show it; any other URL is shown as it is.
 */

import { ImageOff } from "lucide-react";
import { useState } from "react";
import { renditionSrcSet, renditionUrl } from "@shared/media-renditions";
import { cn } from "@/lib/utils";

interface GalleryPictureProps {
  src: string;
  alt: string;
  width?: number | null;
  height?: number | null;
  className?: string;
  /** 'lazy' in the grid, 'eager' on the image page. */
  loading?: "lazy" | "eager";
  /** The width the picture takes on screen, for choosing a rendition (the `sizes` attribute). */
  sizes: string;
}

/** Output: the <img> (16:9 box by default) or, after an error, a muted box with an icon. */
export function GalleryPicture({ src, alt, width, height, className, loading = "lazy", sizes }: GalleryPictureProps) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <div role="img" aria-label={`${alt} (immagine non disponibile)`} className={cn("flex aspect-video w-full items-center justify-center bg-muted text-muted-foreground", className)}>
        <ImageOff aria-hidden className="size-10" />
      </div>
    );
  }
  return (
    <img
      src={renditionUrl(src, 960)}
      srcSet={renditionSrcSet(src) ?? undefined}
      sizes={sizes}
      alt={alt}
      width={width ?? 1280}
      height={height ?? 720}
      loading={loading}
      decoding="async"
      onError={() => setBroken(true)}
      // On a page the server rendered, the picture may have failed before React was there to hear it.
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0) setBroken(true);
      }}
      className={cn("aspect-video w-full bg-muted object-cover", className)}
    />
  );
}
