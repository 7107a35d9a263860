import { GENRE_INFO, resolveGenre } from "@shared/genres";
import { useState } from "react";
import { GenreIcon } from "@/components/genre-icon";
import { cn } from "@/lib/utils";

/**
 * A template's cover in 16:9 (spec §2 Discover list, Template detail: cover or placeholder).
 * Input: the URL (http(s) or /media/…; null = placeholder), the genre (placeholder colours and
 * icon) and the title (alt text). A broken image falls back to the placeholder.
 */
export function TemplateCover({ url, genre, title, className }: { url: string | null; genre: string; title: string; className?: string }) {
  const [broken, setBroken] = useState(false);
  const name = resolveGenre(genre);
  if (url && !broken) {
    return (
      <img
        src={url}
        alt={`Copertina di ${title}`}
        loading="lazy"
        onError={() => setBroken(true)}
        className={cn("aspect-video w-full bg-muted object-cover", className)}
      />
    );
  }
  return (
    <div
      role="img"
      aria-label={`Copertina di ${title} non disponibile`}
      className={cn("relative flex aspect-video w-full items-center justify-center bg-gradient-to-br text-white", GENRE_INFO[name].gradient, className)}
    >
      <span aria-hidden="true" className="absolute inset-0 bg-black/30" />
      <GenreIcon genre={name} className="relative size-12 opacity-90" />
    </div>
  );
}
