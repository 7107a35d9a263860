import { resolveGenre, genreSlug } from "@shared/genres";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpen, Gamepad2, Play, Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { ProfileGameView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { GenreIcon } from "@/components/genre-icon";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { ExportMenu } from "@/features/book";
import { Skeleton } from "@/components/ui/skeleton";
import { TimeAgo } from "@/components/time-ago";
import { deleteGame, profileGamesQuery, profileKey } from "../api";
import { ProfileCardTitle } from "./profile-card-title";

/**
 * One game row: title, genre, progress bar, last access ('x fa'), 'Continua', 'Esporta' (EPUB,
 * PDF; issue 13) and 'Elimina' (a group story the player joined: 'Storia di gruppo' instead; the
 * copy kept on leaving one: 'Sola lettura' and 'Rileggi' for 'Continua', issue 24).
 */
function GameRow({ game, onDelete, deleting }: { game: ProfileGameView; onDelete: () => void; deleting: boolean }) {
  const genre = resolveGenre(game.genre);
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-background/40 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-violet-600/20 text-violet-200">
          <GenreIcon genre={genre} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <h3 className="truncate font-semibold">{game.title}</h3>
            {game.readOnly && (
              <Badge variant="secondary" className="shrink-0">
                Sola lettura
              </Badge>
            )}
          </div>
          <p className="text-sm text-muted-foreground">
            {genre} · Ultimo accesso <TimeAgo iso={game.lastPlayed ?? game.createdAt} />
          </p>
          <div className="mt-2 flex items-center gap-2">
            <Progress value={game.progress} aria-label={`Progresso di ${game.title}`} className="h-1.5 max-w-60" />
            <span className="text-xs text-muted-foreground">{game.progress}%</span>
          </div>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button asChild size="sm">
          {game.readOnly ? (
            <Link to={`/gioco/${genreSlug(genre)}/${game.id}`} aria-label={`Rileggi ${game.title}`}>
              <BookOpen aria-hidden="true" />
              Rileggi
            </Link>
          ) : (
            <Link to={`/gioco/${genreSlug(genre)}/${game.id}`} aria-label={`Continua ${game.title}`}>
              <Play aria-hidden="true" className="fill-current" />
              Continua
            </Link>
          )}
        </Button>
        <ExportMenu gameId={game.id} title={game.title} />
        {game.hosted ? (
          <ConfirmDialog
            trigger={
              <Button type="button" size="sm" variant="outline" disabled={deleting} aria-label={`Elimina ${game.title}`}>
                <Trash2 aria-hidden="true" />
                Elimina
              </Button>
            }
            title="Eliminare questa partita?"
            description={<>«{game.title}» e tutta la sua storia verranno eliminati. L'azione è irreversibile.</>}
            confirmLabel="Elimina"
            onConfirm={onDelete}
          />
        ) : (
          // Only its host may delete a group story (issue 24); a player leaves it from the story's page.
          <Badge variant="secondary" className="self-center">
            Storia di gruppo
          </Badge>
        )}
      </div>
    </li>
  );
}

/**
 * The user's games on the profile (spec §2 Profile), most recent first, each with 'Continua'
 * (to /gioco/{genre lower-cased}/{id}) and 'Elimina' after a confirmation ('Gioco eliminato' /
 * 'Impossibile eliminare il gioco', spec §8).
 */
export function GamesList() {
  const queryClient = useQueryClient();
  const games = useQuery(profileGamesQuery);
  const remove = useMutation({
    mutationFn: deleteGame,
    onSuccess: async (_r, id) => {
      queryClient.setQueryData(profileGamesQuery.queryKey, (old) => old?.filter((g) => g.id !== id));
      queryClient.removeQueries({ queryKey: ["game", id] });
      await queryClient.invalidateQueries({ queryKey: profileKey });
      toast.success("Gioco eliminato");
    },
    onError: () => toast.error("Errore", { description: "Impossibile eliminare il gioco" }),
  });

  return (
    <Card>
      <CardHeader>
        <ProfileCardTitle icon={Gamepad2}>Le mie partite</ProfileCardTitle>
      </CardHeader>
      <CardContent>
        {games.isLoading ? (
          <div role="status" aria-label="Caricamento delle partite" className="flex flex-col gap-3">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : games.isError ? (
          <p className="text-muted-foreground">Impossibile caricare i dati del profilo</p>
        ) : games.data?.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-muted-foreground">Non hai ancora iniziato nessuna storia.</p>
            <Button asChild>
              <Link to="/generi">Scegli un genere</Link>
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col gap-3">
            {games.data?.map((game) => (
              <GameRow key={game.id} game={game} deleting={remove.isPending && remove.variables === game.id} onDelete={() => remove.mutate(game.id)} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
