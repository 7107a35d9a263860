/**
 * The 'Esporta' button (issue 13 "The story as a book") and what it takes: shown light by
 * export-menu.tsx until first used, and as the trigger of the menu (export-dropdown.tsx) once
 * it has loaded. Both import it from here, so neither imports the other's module back.
 */

import { BookDown, ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** What both the light button and the menu's trigger take. */
export interface ExportMenuProps {
  gameId: string;
  /** Names the game in the button's accessible name when several games are listed (/profilo: 'Esporta {title}'). */
  title?: string;
  /** Until the game is loaded. */
  disabled?: boolean;
  /** Sizes the trigger like its neighbours. */
  className?: string;
}

/** The 'Esporta' button; other props go to the button (the menu's trigger passes its own). */
export function ExportButton({ title, className, ...props }: Omit<ExportMenuProps, "gameId"> & ComponentProps<typeof Button>) {
  return (
    <Button type="button" variant="outline" size="sm" className={cn("gap-1.5", className)} aria-label={title ? `Esporta ${title}` : undefined} {...props}>
      <BookDown aria-hidden="true" />
      Esporta
      <ChevronDown aria-hidden="true" className="opacity-60" />
    </Button>
  );
}
