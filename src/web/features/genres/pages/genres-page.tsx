import { GENRE_INFO, GENRES, type GenreName, genreSlug } from "@shared/genres";
import { Play } from "lucide-react";
import { useNavigate, useSearchParams } from "react-router";
import { ERRORS } from "@shared/errors";
import { toast } from "@/lib/toast";
import { GenreCard } from "@/components/genre-card";
import { GenreIcon } from "@/components/genre-icon";
import { Button } from "@/components/ui/button";
import { useLoginRedirect } from "@/lib/login-redirect";
import { useMe } from "@/lib/session";

const GENRE_PARAM = "genere";

/** The genre named by ?genere= (any case), or null when absent or unknown. */
function genreFromParam(value: string | null): GenreName | null {
  const wanted = value?.trim().toLowerCase();
  return GENRES.find((g) => g.toLowerCase() === wanted) ?? null;
}

/**
 * Genre selection, /generi (spec §2 route table, §5 validation): the 14 genre cards as toggle
 * buttons and 'Inizia la Storia'. The selection lives in ?genere= (so the landing page can
 * preselect one). Starting with no genre shows 'Seleziona un genere'; a visitor gets 'Accesso
 * richiesto' and goes to /login (and back here afterwards); otherwise it opens /gioco/{genre lower-cased}/new.
 */
export function GenresPage() {
  const navigate = useNavigate();
  const { me } = useMe();
  const sendToLogin = useLoginRedirect();
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = genreFromParam(searchParams.get(GENRE_PARAM));

  const select = (genre: GenreName) => {
    setSearchParams({ [GENRE_PARAM]: genreSlug(genre) }, { replace: true, preventScrollReset: true });
  };

  const start = () => {
    if (!selected) {
      toast.error("Seleziona un genere", { description: "Per iniziare, scegli prima il tipo di storia che vuoi vivere" });
      return;
    }
    if (me === null) {
      sendToLogin(ERRORS.START_LOGIN_REQUIRED);
      return;
    }
    navigate(`/gioco/${genreSlug(selected)}/new`);
  };

  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 md:px-6 md:pt-16">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight md:text-5xl">Scegli il tuo genere</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Seleziona il tipo di storia che vuoi vivere: il narratore AI creerà un'avventura su misura per te.
        </p>
      </header>

      <ul className="mt-10 grid grid-cols-1 gap-4 min-[440px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Generi">
        {GENRES.map((genre) => (
          <li key={genre}>
            <GenreCard genre={genre} selected={genre === selected} onSelect={select} />
          </li>
        ))}
      </ul>

      <div className="sticky bottom-0 z-20 -mx-4 mt-8 bg-gradient-to-t from-background via-background/95 to-transparent px-4 pt-6 pb-6 md:mx-0 md:px-0">
        <div className="mx-auto flex max-w-xl items-center gap-3 rounded-2xl border border-border/70 bg-card/95 p-3 shadow-xl backdrop-blur">
          <div className="flex min-w-0 flex-1 items-center gap-3 pl-1" aria-live="polite">
            {selected ? (
              <>
                <span
                  className={`flex size-10 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br text-white ${GENRE_INFO[selected].gradient}`}
                >
                  <GenreIcon genre={selected} className="size-5" />
                </span>
                <span className="min-w-0">
                  <span className="block text-xs text-muted-foreground">Genere scelto</span>
                  <span className="block truncate font-semibold">{selected}</span>
                </span>
              </>
            ) : (
              <span className="text-sm text-muted-foreground">Nessun genere selezionato</span>
            )}
          </div>
          <Button size="lg" className="shrink-0 rounded-full px-6 shadow-lg shadow-primary/30" onClick={start}>
            <Play aria-hidden="true" className="fill-current" />
            Inizia la Storia
          </Button>
        </div>
      </div>
    </div>
  );
}
