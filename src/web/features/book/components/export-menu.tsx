/**
 * 'Esporta' (issue 13 "The story as a book"), on the game page's header and on each game of
 * /profilo: the button, light until first used (issue 21); its menu (export-dropdown.tsx: EPUB,
 * PDF) loads the first time the player opens it, and starts loading as soon as the player points
 * at or focuses the button.
 */

import { BookDown, ChevronDown } from "lucide-react";
import { type ComponentProps, lazy } from "react";
import { OnFirstUse } from "@/components/on-first-use";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

const loadDropdown = () => import("./export-dropdown");
const ExportDropdown = lazy(loadDropdown);

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

/** Input: see ExportMenuProps. Output: the 'Esporta' button, then its menu once opened. */
export function ExportMenu(props: ExportMenuProps) {
  const { gameId: _gameId, ...button } = props;
  return (
    <OnFirstUse load={loadDropdown} light={(handlers) => <ExportButton {...button} aria-haspopup="menu" aria-expanded={false} {...handlers} />}>
      <ExportDropdown {...props} />
    </OnFirstUse>
  );
}
