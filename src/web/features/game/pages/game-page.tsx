/**
 * /gioco/{genre}/{gameId}: the game chat (spec §2 Game chat, §4 Game and Duplicate session,
 * §5, §8 Game; DESIGN §4 A chat turn). Resumes a saved game with its whole history.
 */

import { ERRORS } from "@shared/errors";
import { greetingFor, resolveGenre } from "@shared/genres";
import { useQuery } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import { useEffect, useRef } from "react";
import { useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useMe } from "@/lib/session";
import { ApiError } from "@/lib/api";
import { healthQuery } from "../api";
import { ChatMessage } from "../components/chat-message";
import { CommandBar } from "../components/command-bar";
import { GameHeader } from "../components/game-header";
import { useAutoScroll } from "../hooks/use-auto-scroll";
import { useGameChat } from "../hooks/use-game-chat";
import { usePresence } from "../hooks/use-presence";

/**
 * The game page. The genre comes from the stored game (from the URL while loading; unknown
 * genres fall back to Fantasy). The first bubble is the genre greeting (not stored), unless the game
 * opens with its own stored opening (a template's initial prompt, a /crea-gioco premise).
 * A game that cannot be loaded shows 'Partita non trovata o non autorizzata.' (404) or
 * 'Errore nel caricamento o creazione della partita.' and goes back to /generi.
 */
export function GamePage() {
  const { genre: genreParam, gameId = "" } = useParams();
  const navigate = useNavigate();
  usePresence();
  const { query, started, liveTurn, canRetry, announcement, send, retry, stop } = useGameChat(gameId);
  const { me } = useMe();
  const health = useQuery(healthQuery);
  const listRef = useRef<HTMLOListElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const game = query.data;
  const genre = resolveGenre(game?.genre ?? genreParam);
  const tokens = me?.tokens;
  const limitReached = tokens?.remaining === 0;

  useEffect(() => {
    if (!query.error) return;
    const text = query.error instanceof ApiError && query.error.status === 404 ? ERRORS.GAME_NOT_FOUND : ERRORS.GAME_CREATE_FAILED;
    toast.error(text.title, { id: "game-load-failed", description: text.message });
    navigate("/generi", { replace: true });
  }, [query.error, navigate]);

  useAutoScroll(listRef, endRef, `${game?.messages.length}:${liveTurn?.pendingContent}:${liveTurn?.text.length}`, liveTurn !== null);

  const lastIndex = (game?.messages.length ?? 0) - 1;
  return (
    <div className="mx-auto flex min-h-[calc(100dvh-4rem)] w-full max-w-3xl flex-col px-3 pt-4 sm:px-6 sm:pt-6">
      <GameHeader genre={genre} title={game?.title} progress={Math.round(game?.progress ?? 0)} tokens={tokens} offline={health.data?.ai === "offline"} />

      <section aria-label="Conversazione" className="flex-1 py-5">
        {game ? (
          <ol ref={listRef} className="flex flex-col gap-5">
            {/* A game from a template or /crea-gioco opens with its own stored opening instead. */}
            {!(game.messages[0]?.role === "assistant" && !game.messages[0].imageUrl) && <ChatMessage role="assistant" content={greetingFor(genre)} />}
            {game.messages.map((message, index) => (
              <ChatMessage key={message.id} role={message.role} content={message.content} imageUrl={message.imageUrl} image={message.image}>
                {canRetry && index === lastIndex && (
                  <Button type="button" variant="outline" className="h-10" disabled={limitReached} onClick={retry}>
                    <RotateCcw aria-hidden />
                    Riprova
                  </Button>
                )}
              </ChatMessage>
            ))}
            {liveTurn?.pendingContent && <ChatMessage role="user" content={liveTurn.pendingContent} pending />}
            {liveTurn && <ChatMessage role="assistant" content={liveTurn.text} streaming visualizing={liveTurn.visualizing} />}
          </ol>
        ) : (
          <div role="status" aria-label="Caricamento della partita" className="flex flex-col gap-5">
            <Skeleton className="h-24 w-4/5 rounded-2xl" />
            <Skeleton className="ml-auto h-12 w-2/5 rounded-2xl" />
            <Skeleton className="h-32 w-4/5 rounded-2xl" />
          </div>
        )}
      </section>

      <div className="sticky bottom-0 z-10 -mx-3 border-t bg-background/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:-mx-6 sm:px-6">
        <CommandBar
          started={started}
          busy={!game || liveTurn !== null}
          streaming={liveTurn !== null && !liveTurn.visualizing}
          limitReached={limitReached}
          canVisualizeBeforeStart={me?.isAdmin ?? false}
          imagesLeft={tokens ? (tokens.visualizeLimit === -1 ? null : Math.max(0, tokens.visualizeLimit - tokens.visualizationsSent)) : undefined}
          onSend={send}
          onStop={stop}
        />
      </div>
      <div ref={endRef} aria-hidden />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
