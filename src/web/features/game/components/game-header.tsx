/**
 * Header of the game page (spec §2 Game chat, §3 saved_games.progress): title, genre with its
 * colour gradient, 'Narratore offline' when no AI provider is configured, token counter and
 * story progress.
 */

import { GENRE_INFO, type GenreName } from "@shared/genres";
import { type ReactNode, useId } from "react";
import type { TokensView } from "@/lib/api-contract";
import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
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

/** Input: see props. Output: the page's <header> with the <h1>. */
export function GameHeader({ genre, title, progress, tokens, offline, actions }: GameHeaderProps) {
  const progressLabelId = useId();
  const gradient = GENRE_INFO[genre].gradient;
  return (
    <header className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <div aria-hidden className={cn("h-1.5 bg-linear-to-r", gradient)} />
      <div className="flex items-start gap-3 p-4 pb-3">
        <div className="min-w-0 flex-1 space-y-2">
          {title ? (
            <h1 className="text-lg leading-tight font-semibold text-balance sm:text-xl">{title}</h1>
          ) : (
            <Skeleton className="h-6 w-3/4" />
          )}
          <div className="flex flex-wrap items-center gap-2">
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
          </div>
        </div>
        {tokens && <TokenCounter tokens={tokens} />}
      </div>
      <div className="px-4 pb-4">
        <div className="mb-1.5 flex items-center justify-between text-xs text-muted-foreground">
          <span id={progressLabelId}>Progresso della storia</span>
          <span className="tabular-nums">{progress}%</span>
        </div>
        <Progress value={progress} aria-labelledby={progressLabelId} />
      </div>
    </header>
  );
}
