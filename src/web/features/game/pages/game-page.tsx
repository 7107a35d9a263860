/**
 * /gioco/{genre}/{gameId}: the game chat (spec §2 Game chat, §4 Game and Duplicate session,
 * §5, §8 Game; DESIGN §4 A chat turn). Resumes a saved game with its whole history.
 */

import { extractChoices } from "@shared/choices";
import { ERRORS } from "@shared/errors";
import { greetingFor, resolveGenre } from "@shared/genres";
import { useIsMutating, useQuery } from "@tanstack/react-query";
import { Brain, Network, Users } from "lucide-react";
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useMe } from "@/lib/session";
import { useHydrated } from "@/lib/use-hydrated";
import { useOnline } from "@/lib/use-online";
import { usePageLoading } from "@/lib/page-loading";
import { ApiError } from "@/lib/api";
import { healthQuery, leaveStoryKey } from "../api";
import { ChatMessage } from "../components/chat-message";
import { OlderMessages } from "../components/older-messages";
import { StoryMessage, type StoryHandlers } from "../components/story-message";
import { VirtualStory } from "../components/virtual-story";
import { CommandBar } from "../components/command-bar";
import { OfflineBanner } from "../components/offline-banner";
import { StoryEndScroll } from "../components/story-end-scroll";
import { GameHeader } from "../components/game-header";
import { StoryStyleMenu } from "../components/story-style-menu";
import { useAutoScroll } from "../hooks/use-auto-scroll";
import { storyUpTo, useGameChat } from "../hooks/use-game-chat";
import { usePresence } from "../hooks/use-presence";
import { useStoryControl } from "../hooks/use-story-control";
import { ListenButton } from "../listen/listen-button";
import { ShareButton } from "../components/share-button";
import { ExportMenu } from "@/features/book";
import { SaveStoriesLink } from "@/components/guest-account";
import { loadGroupPanel, loadInviteDialog, sendBlockedReason, SOLO_AGAIN_TEXT, useGroupEvents, useTypingSignal } from "@/features/group";

/** Narrations after which a 'Tutorial' guest is invited to register (issue 22 §1 'after a few turns'). */
const SAVE_INVITE_AFTER = 2;

/** 'Mappa delle scelte', loaded the first time the player opens it. */
const StoryMapDialog = lazy(() => import("../components/story-map-dialog"));
/** 'Memoria', loaded the first time the player opens it. */
const MemoryPanel = lazy(() => import("../components/memory/memory-panel"));
/** 'Gioca insieme' (issue 24), loaded the first time the host opens it. */
const InviteDialog = lazy(loadInviteDialog);
/** A group story's players and turn or vote (issue 24), loaded only for a story with a group. */
const GroupPlayers = lazy(() => loadGroupPanel().then((m) => ({ default: m.GroupPlayers })));
const GroupTurn = lazy(() => loadGroupPanel().then((m) => ({ default: m.GroupTurn })));

/**
 * The game page. The genre comes from the stored game (from the URL while loading; unknown
 * genres fall back to Fantasy). The first bubble is the genre greeting (not stored), unless the game
 * opens with its own stored opening (a template's initial prompt, a /crea-gioco premise). A long
 * story opens at its latest page; the turns before load as the player scrolls up (issue 11 §5).
 * A game that cannot be loaded shows 'Partita non trovata o non autorizzata.' (404) or
 * 'Errore nel caricamento o creazione della partita.' and goes back to /generi.
 * Each stored message carries the player's controls over the story (issue 11 §2: versions,
 * 'Rigenera', 'Annulla', 'Riprendi da qui', 'Modifica'), disabled while anything runs.
 * A guest is invited to 'Salva le tue storie' once the story has SAVE_INVITE_AFTER narrations.
 * 'Gioca insieme' (issue 24): the host invites friends; a story with a group shows its players,
 * whose turn it is or the vote, labels each player's message with its author, keeps the story's
 * controls for the host, closes the message box with the reason when the player cannot move the
 * story, and follows the others' turns live (their narrations through the same resume as a reload).
 * The story's owner (a group's host) sets its 'Lunghezza' and 'Creatività' in the header's 'Stile'
 * menu (issue 38 §4); 'Continua' sits next to the choices.
 * The /A /B /C buttons show the latest narration's three choices (issue 39), kept (disabled) while
 * the turn that answers them runs, so that the bar neither jumps nor rebuilds at a tap; on a phone the header is
 * one line with 'Menu della storia' holding the story's actions, and the site has no footer here.
 * The copy a player kept on leaving a group story is read-only: no message box, no story controls,
 * no sharing or inviting; reading, the map, the memory, 'Ascolta' and the export stay.
 */
export function GamePage() {
  const { genre: genreParam, gameId = "" } = useParams();
  const navigate = useNavigate();
  usePresence(gameId);
  const { query, started, liveTurn, canRetry, announcement, send, retry, regenerate, renarrate, stop } = useGameChat(gameId);
  const control = useStoryControl(gameId);
  const [editingId, setEditingId] = useState<string | null>(null);
  // null until the map is first opened, so its code loads only then.
  const [mapOpen, setMapOpen] = useState<boolean | null>(null);
  const [memoryOpen, setMemoryOpen] = useState<boolean | null>(null);
  const [inviteOpen, setInviteOpen] = useState<boolean | null>(null);
  const { me } = useMe();
  const online = useOnline();
  const health = useQuery(healthQuery);
  const listRef = useRef<HTMLOListElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  // The streamed narration renders in the background (React's deferred rendering yields to the
  // player's key presses and clicks), behind the page's urgent updates (issue 21).
  const liveText = useDeferredValue(liveTurn?.text ?? "");
  const game = query.data;
  const genre = resolveGenre(game?.genre ?? genreParam);
  const tokens = me?.tokens;
  const limitReached = tokens?.remaining === 0;
  const group = game?.group ?? null;
  const readOnly = game?.readOnly ?? false;
  const isHost = !group || group.hostId === group.meId;
  const hostPlayer = isHost ? undefined : group?.players.find((player) => player.isHost);
  const [hostNickname, hostColor] = [hostPlayer?.nickname, hostPlayer?.color];
  // One object while the host stays the same, so the memoised rows do not render again.
  const hostAuthor = useMemo(() => (hostNickname && hostColor ? { nickname: hostNickname, color: hostColor } : null), [hostNickname, hostColor]);
  const soloAgain = useGroupEvents(gameId);
  // The group's panels load their code in the browser: the server's page leaves them out (as the header's bell, issue 12).
  const hydrated = useHydrated();
  const onTyping = useTypingSignal(gameId, group !== null);

  // Leaving a group story (until /profilo is shown) and a navigation under way are not
  // interrupted by the story's 404.
  const navigating = usePageLoading();
  const leaving = useIsMutating({ mutationKey: leaveStoryKey(gameId) }) > 0;
  useEffect(() => {
    if (!query.error || navigating || leaving) return;
    const text = query.error instanceof ApiError && query.error.status === 404 ? ERRORS.GAME_NOT_FOUND : ERRORS.GAME_CREATE_FAILED;
    toast.error(text.title, { id: "game-load-failed", description: text.message });
    navigate("/generi", { replace: true });
  }, [query.error, navigate, navigating, leaving]);

  // While 'Rigenera' or 'Salva e rinarra' runs, the message it replaces and what follows are hidden.
  const messages = game ? storyUpTo(game.messages, liveTurn?.replaces) : [];
  const lastIndex = messages.length - 1;
  const lastPlayerMessage = messages.findLast((m) => m.role === "user") ?? null;
  const canUndo = lastPlayerMessage !== null;
  // The latest narration's choices on the /A /B /C buttons (issue 39). While a turn runs they stay,
  // disabled, those of the narration it answers: the bar keeps its buttons and its height from the
  // tap to the new narration, which brings its own (one commit less work at the tap, and no jump of
  // the story under the player's thumb). None once a player's message is left unanswered ('Riprova').
  const lastMessage = messages.at(-1);
  const answered = liveTurn ? messages.findLast((m) => m.role === "assistant") : lastMessage;
  const lastNarration = answered?.role === "assistant" ? answered.content : null;
  const choices = useMemo(() => (lastNarration ? extractChoices(lastNarration) : undefined), [lastNarration]);
  const actionsBusy = liveTurn !== null || control.busy;
  const { switchTo, resumeFrom, undo, save } = control;
  // One stable object, so the memoised rows do not render again while a narration streams in.
  const handlers = useMemo<StoryHandlers>(
    () => ({ retry, regenerate, renarrate, undo, switchTo, resumeFrom, save, edit: setEditingId }),
    [retry, regenerate, renarrate, undo, switchTo, resumeFrom, save],
  );

  // Keyed on the newest message, so loading older turns above never scrolls the page.
  useAutoScroll(listRef, endRef, `${messages.at(-1)?.id}:${messages.length > 0}:${liveTurn?.pendingContent}:${liveTurn?.text.length}`, liveTurn !== null);

  return (
    <div className="mx-auto flex min-h-[calc(100dvh-4rem)] w-full max-w-3xl flex-col px-3 pt-4 sm:px-6 sm:pt-6">
      <GameHeader
        genre={genre}
        title={game?.title}
        progress={Math.round(game?.progress ?? 0)}
        tokens={tokens}
        offline={health.data?.ai === "offline"}
        actions={
          <>
            <Button type="button" variant="outline" size="sm" className="h-9 gap-1.5 px-3 text-sm sm:h-7 sm:px-2.5 sm:text-xs" disabled={!game || actionsBusy} onClick={() => setMapOpen(true)}>
              <Network aria-hidden />
              Mappa delle scelte
            </Button>
            <Button type="button" variant="outline" size="sm" className="h-9 gap-1.5 px-3 text-sm sm:h-7 sm:px-2.5 sm:text-xs" disabled={!game} onClick={() => setMemoryOpen(true)}>
              <Brain aria-hidden />
              Memoria
            </Button>
            {isHost && !readOnly && <StoryStyleMenu gameId={gameId} style={game?.style} />}
            <ListenButton key={gameId} messages={messages} live={liveTurn} />
            {!readOnly && <ShareButton key={`share-${gameId}`} gameId={gameId} disabled={!game} />}
            <ExportMenu gameId={gameId} disabled={!game} className="h-9 px-3 text-sm sm:h-7 sm:px-2.5 sm:text-xs" />
            {isHost && !readOnly && (
              <Button type="button" variant="outline" size="sm" className="h-9 gap-1.5 px-3 text-sm sm:h-7 sm:px-2.5 sm:text-xs" disabled={!game} aria-haspopup="dialog" onClick={() => setInviteOpen(true)}>
                <Users aria-hidden />
                Gioca insieme
              </Button>
            )}
          </>
        }
      />
      {inviteOpen !== null && (
        <Suspense fallback={null}>
          <InviteDialog gameId={gameId} group={group} open={inviteOpen} onOpenChange={setInviteOpen} />
        </Suspense>
      )}
      {group && hydrated && (
        <Suspense fallback={null}>
          <GroupPlayers gameId={gameId} group={group} narrating={liveTurn !== null} />
        </Suspense>
      )}
      {!group && soloAgain && <p className="mt-4 rounded-xl border bg-card p-3 text-sm text-muted-foreground sm:p-4">{SOLO_AGAIN_TEXT}</p>}
      {mapOpen !== null && (
        <Suspense fallback={null}>
          <StoryMapDialog
            gameId={gameId}
            open={mapOpen}
            onOpenChange={setMapOpen}
            onChoose={(node) => {
              setMapOpen(false);
              if (!node.onPath) control.switchTo(node.id);
            }}
          />
        </Suspense>
      )}

      {memoryOpen !== null && (
        <Suspense fallback={null}>
          <MemoryPanel gameId={gameId} open={memoryOpen} onOpenChange={setMemoryOpen} editable={isHost && !readOnly} />
        </Suspense>
      )}

      <section aria-label="Conversazione" className="flex-1 py-5">
        {game ? (
          <ol ref={listRef} className="flex flex-col gap-5 [overflow-anchor:none]">
            {/* A game from a template or /crea-gioco opens with its own stored opening instead; a read-only copy has no use for the invitation to start. */}
            {game.olderCursor ? (
              <OlderMessages gameId={gameId} cursor={game.olderCursor} />
            ) : (
              !readOnly && !(messages[0]?.role === "assistant" && !messages[0].imageUrl) && <ChatMessage role="assistant" content={greetingFor(genre)} />
            )}
            <VirtualStory
              messages={messages}
              endRef={endRef}
              renderRow={(message, index, measureRef) => (
                <StoryMessage
                  key={message.id}
                  message={message}
                  index={index}
                  measureRef={measureRef}
                  isLast={index === lastIndex}
                  canUndo={canUndo}
                  canRetry={canRetry}
                  limitReached={limitReached}
                  busy={actionsBusy}
                  editing={editingId === message.id}
                  host={isHost && !readOnly}
                  hostAuthor={hostAuthor}
                  handlers={handlers}
                />
              )}
            />
            {/* Until the server stores it; the stored copy may render a frame before this one goes. */}
            {liveTurn?.pendingContent && !(messages.at(-1)?.role === "user" && messages.at(-1)?.content === liveTurn.pendingContent) && (
              <ChatMessage role="user" content={liveTurn.pendingContent} pending />
            )}
            {liveTurn && <ChatMessage role="assistant" content={liveText} streaming waiting={liveTurn.waiting} visualizing={liveTurn.visualizing} />}
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
        {me?.user.isAnonymous && messages.filter((m) => m.role === "assistant").length >= SAVE_INVITE_AFTER && (
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-violet-400/40 bg-violet-600/10 px-3 py-2 text-sm">
            <p>Ti piace questa storia? Stai giocando come ospite: registrati per non perderla.</p>
            <SaveStoriesLink />
          </div>
        )}
        {group && hydrated && (
          <Suspense fallback={null}>
            <GroupTurn gameId={gameId} group={group} narrating={liveTurn !== null} decided={lastPlayerMessage} />
          </Suspense>
        )}
        <OfflineBanner offline={!online} />
        {readOnly ? (
          <p role="note" className="rounded-lg border bg-card px-3 py-2 text-sm text-muted-foreground">
            Questa è la tua copia di sola lettura: hai lasciato la storia di gruppo. Puoi rileggerla, esportarla o eliminarla dal profilo.
          </p>
        ) : (
          <CommandBar
            started={started}
            busy={!game || liveTurn !== null}
            streaming={liveTurn !== null && !liveTurn.visualizing}
            limitReached={limitReached}
            canVisualizeBeforeStart={me?.isAdmin ?? false}
            imagesLeft={tokens ? (tokens.visualizeLimit === -1 ? null : Math.max(0, tokens.visualizeLimit - tokens.visualizationsSent)) : undefined}
            messagesLeft={tokens?.remaining}
            blockedReason={sendBlockedReason(group, started)}
            offline={!online}
            choices={choices}
            onTyping={onTyping}
            onSend={send}
            onStop={stop}
          />
        )}
      </div>
      <div ref={endRef} aria-hidden />
      {game && <StoryEndScroll />}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
