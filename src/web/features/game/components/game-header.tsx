/**
 * Header of the game page (spec §2 Game chat, §3 saved_games.progress): title, genre with its
 * colour gradient, 'Narratore offline' when no AI provider is configured, token counter and
 * story progress. On a phone (issue 39) it is one sticky line (title, tokens, 'Menu della storia')
 * that steps aside while the player scrolls down the story.
 */

import { GENRE_INFO, type GenreName } from "@shared/genres";
import { Menu, X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { TokensView } from "@/lib/api-contract";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useHiddenOnScrollDown } from "../hooks/use-hidden-on-scroll-down";
import { TokenCounter } from "./token-counter";

interface GameHeaderProps {
  genre: GenreName;
  /** Game title; undefined while the game loads. */
  title: string | undefined;
  /** Story progress in percent (0–100). */
  progress: number;
  /** The player's quota; null/undefined hides the counter. */
  tokens: TokensView | null | undefined;
  /** The built-in offline narrator answers (GET /api/health → ai 'offline'). */
  offline: boolean;
  /** Buttons about the whole story (e.g. 'Mappa delle scelte'), after the badges. */
  actions?: ReactNode;
}

/**
 * Layers whose clicks belong to the story menu's actions (their menus, popovers and dialogs are
 * portalled out of the header): a tap there leaves the menu open.
 */
const MENU_LAYERS = "[data-radix-popper-content-wrapper], [role=dialog], [role=alertdialog]";

/**
 * Input: see props. Output: the page's <header> with the <h1>.
 * From `sm` (640 px) up: the card with the title, the badges and actions, the token counter and
 * the labelled progress bar. Below: one line under the site's header (title truncated, the token
 * pill, 'Menu della storia'); the menu opens a panel under the line with the badges, the actions
 * (the same elements, so a dialog or the reading aloud they started lives on) and the progress;
 * a tap outside it, Escape or the button closes it. The line hides while the page scrolls down
 * (unless the menu is open) and slides back on scroll up; without motion when the player asks
 * for reduced motion.
 */
export function GameHeader({ genre, title, progress, tokens, offline, actions }: GameHeaderProps) {
  const progressLabelId = useId();
  const panelId = useId();
  const gradient = GENRE_INFO[genre].gradient;
  const [menuOpen, setMenuOpen] = useState(false);
  const scrolledDown = useHiddenOnScrollDown();
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target || headerRef.current?.contains(target) || target.closest(MENU_LAYERS)) return;
      setMenuOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [menuOpen]);

  // Escape inside the header only: a dialog or menu opened from the panel closes itself first.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !menuOpen || !headerRef.current?.contains(event.target as Node)) return;
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  };

  return (
    <header
      ref={headerRef}
      onKeyDown={onKeyDown}
      className={cn(
        "relative rounded-xl border bg-card shadow-sm sm:overflow-hidden",
        "max-sm:sticky max-sm:top-16 max-sm:z-30 max-sm:transition-transform max-sm:duration-200 max-sm:motion-reduce:transition-none",
        scrolledDown && !menuOpen && "max-sm:-translate-y-[calc(100%+4.5rem)]",
      )}
    >
      <div aria-hidden className={cn("h-1 rounded-t-xl bg-linear-to-r sm:h-1.5 sm:rounded-none", gradient)} />
      <div className="flex items-center gap-2 px-3 py-1.5 sm:items-start sm:gap-3 sm:p-4 sm:pb-3">
        <div className="min-w-0 flex-1 sm:space-y-2">
          {title ? (
            <h1 className="truncate text-base leading-tight font-semibold sm:text-xl sm:text-balance sm:whitespace-normal">{title}</h1>
          ) : (
            <Skeleton className="h-6 w-3/4" />
          )}
          <div
            id={panelId}
            className={cn(
              "flex flex-wrap items-center gap-2",
              "max-sm:absolute max-sm:inset-x-0 max-sm:top-full max-sm:mt-1 max-sm:rounded-xl max-sm:border max-sm:bg-popover max-sm:p-3 max-sm:shadow-lg",
              !menuOpen && "max-sm:hidden",
            )}
          >
            <Badge variant="outline" className="gap-1.5">
              <span aria-hidden className={cn("size-2.5 rounded-full bg-linear-to-br", gradient)} />
              {genre}
            </Badge>
            {offline && (
              <Badge
                variant="secondary"
                title="Stai giocando con il narratore integrato: nessun provider di intelligenza artificiale è configurato."
              >
                Narratore offline
              </Badge>
            )}
            {actions}
            <p className="w-full text-xs text-muted-foreground tabular-nums sm:hidden">Progresso della storia: {progress}%</p>
          </div>
        </div>
        {tokens && <TokenCounter tokens={tokens} />}
        <Button
          ref={menuButtonRef}
          type="button"
          variant="ghost"
          size="icon"
          className="size-10 sm:hidden"
          aria-label="Menu della storia"
          aria-expanded={menuOpen}
          aria-controls={panelId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
        </Button>
      </div>
      {/* On a phone the line's lower edge shows the progress; the panel says it in words. */}
      <div aria-hidden className="h-0.5 overflow-hidden rounded-b-xl bg-muted sm:hidden">
        <div className={cn("h-full bg-linear-to-r", gradient)} style={{ width: `${progress}%` }} />
      </div>
      <div className="px-4 pb-4 max-sm:hidden">
        <div className="mb-1.5 flex items-center justify-between text-xs text-muted-foreground">
          <span id={progressLabelId}>Progresso della storia</span>
          <span className="tabular-nums">{progress}%</span>
        </div>
        <Progress value={progress} aria-labelledby={progressLabelId} />
      </div>
    </header>
  );
}
