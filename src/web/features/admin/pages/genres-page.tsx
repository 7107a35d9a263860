import { useQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useEffect, useRef } from "react";
import { toast } from "@/lib/toast";
import { genresQuery, useSyncGenres } from "../api";
import { AdminPageHeader } from "../components/admin-page-header";
import { GenrePromptCard } from "../components/genre-prompt-card";

/**
 * /admin/genres, 'Gestione Prompt per Generi' (spec §2 Admin genre prompts): the intro,
 * 'Caricamento...', 'Errore nel caricamento dei dati: {message}'; when genres of the code have
 * no stored prompt, the purple 'Sincronizzazione Generi' notice while the missing rows are
 * created (POST /api/admin/genres/sync, once per page visit; a failure replaces the notice with
 * 'Sincronizzazione dei generi non riuscita: {message}'); one card per genre.
 */
export function GenresPage() {
  const genres = useQuery(genresQuery);
  const sync = useSyncGenres();
  const syncStarted = useRef(false);
  const missing = genres.data?.missing ?? [];

  useEffect(() => {
    if (missing.length === 0 || syncStarted.current) return;
    syncStarted.current = true;
    sync.mutate(undefined, {
      onError: (error) => toast.error("Errore", { description: `Sincronizzazione dei generi non riuscita: ${error.message}` }),
    });
  }, [missing.length, sync]);

  return (
    <div>
      <AdminPageHeader
        title="Gestione Prompt per Generi"
        description="Modifica i prompt e la configurazione AI di ciascun genere. La sincronizzazione con i generi definiti nel codice è automatica."
      />
      {missing.length > 0 &&
        (sync.isError ? (
          <div role="alert" className="mb-6 rounded-xl border border-red-400/40 bg-red-950/40 p-4 text-red-100">
            <p className="font-semibold">Sincronizzazione Generi</p>
            <p className="text-sm">Sincronizzazione dei generi non riuscita: {sync.error.message}</p>
          </div>
        ) : (
          <div role="status" className="mb-6 flex gap-3 rounded-xl border border-violet-400/50 bg-violet-900/60 p-4 text-violet-50">
            <RefreshCw aria-hidden="true" className="mt-0.5 size-5 shrink-0 animate-spin" />
            <div>
              <p className="font-semibold">Sincronizzazione Generi</p>
              <p className="text-sm">Trovati {missing.length} generi nuovi nel codice. Sincronizzazione con il database in corso...</p>
            </div>
          </div>
        ))}
      {genres.isPending ? (
        <p className="py-10 text-center text-muted-foreground">Caricamento...</p>
      ) : genres.isError ? (
        <p role="alert" className="rounded-lg border border-red-400/40 bg-red-950/40 p-4 text-red-100">
          Errore nel caricamento dei dati: {genres.error.message}
        </p>
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          {genres.data.prompts.map((prompt) => (
            <GenrePromptCard key={prompt.id} prompt={prompt} />
          ))}
        </div>
      )}
    </div>
  );
}
