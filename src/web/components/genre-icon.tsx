import type { GenreName } from "@shared/genres";
import { GENRE_INFO } from "@shared/genres";
import {
  Building2,
  Cog,
  Compass,
  Cpu,
  Eye,
  Heart,
  Landmark,
  Laugh,
  type LucideIcon,
  type LucideProps,
  Rocket,
  Search,
  Shield,
  Skull,
  Sun,
  Wand2,
} from "lucide-react";

/** lucide-react components by the icon names used in GENRE_INFO (src/shared/genres.ts). */
const ICONS: Record<string, LucideIcon> = {
  Building2,
  Cog,
  Compass,
  Cpu,
  Eye,
  Heart,
  Landmark,
  Laugh,
  Rocket,
  Search,
  Shield,
  Skull,
  Sun,
  Wand2,
};

/**
 * The genre's lucide icon (spec §3 Genre: name, icon, description, gradient). Decorative: it is
 * hidden from assistive technology because the genre name is always written next to it.
 * An unknown icon name falls back to the Fantasy wand.
 */
export function GenreIcon({ genre, ...props }: { genre: GenreName } & LucideProps) {
  const Icon = ICONS[GENRE_INFO[genre].icon] ?? Wand2;
  return <Icon aria-hidden="true" {...props} />;
}
