import type { GenreName } from "@shared/genres";
import { GENRE_INFO } from "@shared/genres";
import { Check } from "lucide-react";
import { Link } from "react-router";
import { GenreIcon } from "@/components/genre-icon";
import { cn } from "@/lib/utils";

type GenreCardProps =
  | { genre: GenreName; to: string; selected?: never; onSelect?: never }
  | { genre: GenreName; to?: never; selected: boolean; onSelect: (genre: GenreName) => void };

/**
 * One genre tile (spec §2 route table: landing genre grid and /generi): gradient background,
 * lucide icon, name and description from GENRE_INFO.
 * Inputs: either `to` (a link, used by the landing page) or `selected` + `onSelect` (a toggle
 * button with aria-pressed and a visible ring, used by the genre selection page).
 */
export function GenreCard(props: GenreCardProps) {
  const { genre } = props;
  const info = GENRE_INFO[genre];
  const selected = props.selected ?? false;
  const className = cn(
    "group relative flex h-full flex-col items-start gap-3 overflow-hidden rounded-xl bg-gradient-to-br p-5 text-left text-white shadow-lg",
    "ring-offset-2 ring-offset-background transition-all duration-200 outline-none hover:-translate-y-0.5 hover:shadow-xl",
    "focus-visible:ring-[3px] focus-visible:ring-ring",
    info.gradient,
    selected && "ring-[3px] ring-white",
  );
  const content = (
    <>
      {/* Darkening veil: keeps white text readable on the lighter gradients (WCAG AA). */}
      <span aria-hidden="true" className="absolute inset-0 bg-black/35 transition-colors group-hover:bg-black/25" />
      <span className="relative flex w-full items-center justify-between">
        <span className="flex size-11 items-center justify-center rounded-lg bg-white/15 backdrop-blur-sm">
          <GenreIcon genre={genre} className="size-6" />
        </span>
        {selected && (
          <span className="flex size-7 items-center justify-center rounded-full bg-white text-black">
            <Check aria-hidden="true" className="size-4" />
          </span>
        )}
      </span>
      <span className="relative text-lg font-semibold">{info.name}</span>
      <span className="relative text-sm leading-snug text-white/90">{info.description}</span>
    </>
  );

  if (props.to !== undefined) {
    return (
      <Link to={props.to} className={className}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" aria-pressed={selected} onClick={() => props.onSelect(genre)} className={className}>
      {content}
    </button>
  );
}
