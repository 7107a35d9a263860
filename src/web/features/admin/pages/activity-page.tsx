import { ACTIVITY_PAGE_SIZES, DEFAULT_PAGE_SIZE } from "@shared/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { MessagesSquare } from "lucide-react";
import { useEffect, useState } from "react";
import type { AdminGameView } from "@/lib/api-contract";
import { SearchInput } from "@/components/search-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format-date";
import { useDebounced } from "@/lib/use-debounced";
import { gamesQuery } from "../api";
import { AdminListState } from "../components/admin-list-state";
import { AdminPageHeader } from "../components/admin-page-header";
import { ChatHistoryDialog } from "../components/chat-history-dialog";
import { PaginationBar } from "../components/pagination-bar";

/**
 * /admin/activity, also reached from /admin/games (spec §2 Admin activity, §9 page sizes): the
 * players' games (Titolo, Genere, Utente, Ultima Attività, Azioni) paged on the server, 10/20/50/100
 * rows (default 20), 'Mostrando x - y di N partite', a filter by the player's e-mail or nickname
 * (issue 22 §11), and the 'Storico Chat' dialog. Empty:
 * 'Nessuna partita trovata.'; error: 'Errore nel caricamento delle partite: {message}'.
 */
export function ActivityPage() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [open, setOpen] = useState<AdminGameView | null>(null);
  const [playerText, setPlayerText] = useState("");
  const player = useDebounced(playerText.trim());
  const games = useQuery(gamesQuery(page, pageSize, player));
  // A new filter starts from the first page.
  useEffect(() => setPage(1), [player]);

  return (
    <div>
      <AdminPageHeader title="Partite Utenti" description="Le partite dei giocatori e i loro storici chat." />
      <div className="mb-4 max-w-sm">
        <SearchInput label="Giocatore: email o nickname" value={playerText} onChange={setPlayerText} />
      </div>
      <AdminListState query={games} errorText="Errore nel caricamento delle partite" isEmpty={(data) => data.total === 0} emptyText="Nessuna partita trovata.">
        {(data) => (
          <>
            <div className="rounded-xl border bg-card">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Titolo</TableHead>
                    <TableHead>Genere</TableHead>
                    <TableHead>Utente</TableHead>
                    <TableHead>Ultima Attività</TableHead>
                    <TableHead className="text-right">Azioni</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.items.map((game) => (
                    <TableRow key={game.id}>
                      <TableCell className="font-medium">{game.title}</TableCell>
                      <TableCell>
                        <Badge variant="secondary">{game.genre}</Badge>
                      </TableCell>
                      <TableCell>{game.userName}</TableCell>
                      <TableCell className="tabular-nums">{formatDateTime(game.lastPlayed)}</TableCell>
                      <TableCell className="text-right">
                        <Button variant="outline" size="sm" onClick={() => setOpen(game)} aria-label={`Storico Chat di ${game.title}`}>
                          <MessagesSquare aria-hidden="true" />
                          Storico Chat
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <PaginationBar
              page={page}
              pageSize={pageSize}
              total={data.total}
              noun="partite"
              onPage={setPage}
              pageSizes={ACTIVITY_PAGE_SIZES}
              onPageSize={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </>
        )}
      </AdminListState>
      <ChatHistoryDialog game={open} onClose={() => setOpen(null)} />
    </div>
  );
}
