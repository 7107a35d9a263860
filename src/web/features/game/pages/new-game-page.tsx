/**
 * /gioco/{genre}/new (spec §2 route table, §4 Game): for a signed-in player (guests included) it
 * creates a game in the genre of the URL and replaces the route with /gioco/{genre}/{gameId}. On
 * failure: toast 'Errore nel caricamento o creazione della partita.' (spec §8) and back to
 * /generi. A visitor sees the game screen with the greeting instead (spec §1, issue 22 §2).
 */

import { ERRORS } from "@shared/errors";
import { resolveGenre } from "@shared/genres";
import { LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import type { CreatedGame } from "@/lib/api-contract";
import { CenteredSpinner } from "@/components/ui/spinner";
import { useMe } from "@/lib/session";
import { toast } from "@/lib/toast";
import { createGame } from "../api";
import { VisitorGameScreen } from "../components/visitor-game-screen";
import { gamePagePath } from "@/lib/game-path";

/**
 * Creations in flight, keyed by the history entry (location.key): React StrictMode mounts the
 * page twice, and both mounts must wait for the same single POST instead of creating two games.
 */
const inFlight = new Map<string, Promise<CreatedGame>>();

function createOnce(key: string, genre: string | undefined): Promise<CreatedGame> {
  let creation = inFlight.get(key);
  if (!creation) {
    creation = createGame(resolveGenre(genre));
    inFlight.set(key, creation);
    const forget = () => inFlight.delete(key);
    creation.then(forget, forget);
  }
  return creation;
}

/** A spinner while the session is read, then the visitor's screen or the game's creation. */
export function NewGamePage() {
  const { genre } = useParams();
  const { me, isLoading } = useMe();
  if (isLoading) return <CenteredSpinner />;
  return me ? <CreateGame genre={genre} /> : <VisitorGameScreen genre={resolveGenre(genre)} />;
}

/** Creates the game once per visit, then navigates to it (replace, so Back skips this page). */
function CreateGame({ genre }: { genre: string | undefined }) {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    createOnce(location.key, genre).then(
      (game) => {
        if (active) navigate(gamePagePath(game.genre, game.id), { replace: true });
      },
      () => {
        if (!active) return;
        toast.error(ERRORS.GAME_CREATE_FAILED.title, { id: "game-create-failed", description: ERRORS.GAME_CREATE_FAILED.message });
        navigate("/generi", { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [location.key, genre, navigate]);

  return (
    <div role="status" className="mx-auto flex min-h-[50dvh] max-w-3xl flex-col items-center justify-center gap-3 px-4 text-muted-foreground">
      <LoaderCircle aria-hidden className="size-8 animate-spin text-primary motion-reduce:animate-none" />
      <p>Creazione della partita…</p>
    </div>
  );
}
