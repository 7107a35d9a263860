/**
 * /gioco/{genre}/new (spec §2 route table, §4 Game): creates a game in the genre of the URL and
 * replaces the route with /gioco/{genre}/{gameId}. On failure: toast 'Errore nel caricamento o
 * creazione della partita.' (spec §8) and back to /generi.
 */

import { ERRORS } from "@shared/errors";
import { genreSlug, resolveGenre } from "@shared/genres";
import { LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { toast } from "@/lib/toast";
import { type CreatedGame, createGame } from "../api";

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

/** Creates the game once per visit, then navigates to it (replace, so Back skips this page). */
export function NewGamePage() {
  const { genre } = useParams();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    createOnce(location.key, genre).then(
      (game) => {
        if (active) navigate(`/gioco/${genreSlug(resolveGenre(game.genre))}/${encodeURIComponent(game.id)}`, { replace: true });
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
