/**
 * /admin/shares 'Storie condivise' (issue 13: admins can take a shared story down, audited): every
 * shared story, newest first (title with a link to its page, genre, owner's e-mail, listed on the
 * gallery or not, date, state), with 'Rimuovi' behind a confirmation. A removed story's page
 * answers 404 at once and its owner sees that it was removed; the server writes the audit entry.
 */

import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminShareView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { LoadMoreButton } from "@/components/load-more-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ApiError } from "@/lib/api";
import { formatDateTime } from "@/lib/format-date";
import { AdminListState } from "../components/admin-list-state";
import { AdminPageHeader } from "../components/admin-page-header";
import { adminSharesQuery, useTakeDownShare } from "../shares-api";

/** The page. States: loading, error, empty ('Nessuna storia condivisa.'), the table and 'Carica altre'. */
export function SharesPage() {
  const query = useInfiniteQuery(adminSharesQuery);
  const takeDown = useTakeDownShare();
  const [removing, setRemoving] = useState<AdminShareView | null>(null);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  const confirm = () => {
    if (!removing) return;
    takeDown.mutate(removing.id, {
      onSuccess: () => toast.success("Storia rimossa", { description: `«${removing.title}» non è più visibile.` }),
      onError: (error) => toast.error(error instanceof ApiError ? error.title : "Errore", { description: error.message }),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <div>
      <AdminPageHeader title="Storie condivise" description="Le storie che i giocatori hanno condiviso con un link. Rimuovi quelle che violano le regole." />
      <AdminListState query={query} errorText="Errore nel caricamento delle storie condivise" isEmpty={() => items.length === 0} emptyText="Nessuna storia condivisa.">
        {() => (
          <>
            <div className="rounded-xl border bg-card">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Titolo</TableHead>
                    <TableHead>Genere</TableHead>
                    <TableHead>Utente</TableHead>
                    <TableHead>Galleria</TableHead>
                    <TableHead>Condivisa il</TableHead>
                    <TableHead className="text-right">Azioni</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((share) => (
                    <TableRow key={share.id}>
                      <TableCell className="max-w-xs font-medium">
                        {share.takenDownAt ? (
                          <span className="break-words">{share.title}</span>
                        ) : (
                          <a href={share.path} target="_blank" rel="noopener noreferrer" className="break-words text-violet-200 underline-offset-4 hover:underline">
                            {share.title}
                            <span className="sr-only"> (si apre in una nuova scheda)</span>
                          </a>
                        )}
                      </TableCell>
                      <TableCell>
                        <Badge variant="secondary">{share.genre}</Badge>
                      </TableCell>
                      <TableCell>{share.ownerEmail ?? "Ospite"}</TableCell>
                      <TableCell>{share.listed ? "Sì" : "No"}</TableCell>
                      <TableCell className="tabular-nums">{formatDateTime(share.sharedAt)}</TableCell>
                      <TableCell className="text-right">
                        {share.takenDownAt ? (
                          <span className="text-sm text-muted-foreground">Rimossa il {formatDateTime(share.takenDownAt)}</span>
                        ) : (
                          <Button type="button" variant="destructive" size="sm" aria-label={`Rimuovi «${share.title}»`} onClick={() => setRemoving(share)}>
                            Rimuovi
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <LoadMoreButton query={query} label="Carica altre" errorText="Impossibile caricare le storie condivise." className="mt-6" />
          </>
        )}
      </AdminListState>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        busy={takeDown.isPending}
        title="Rimuovere la storia condivisa?"
        description={`«${removing?.title ?? ""}» non sarà più leggibile dal suo link né elencata nella galleria, e il giocatore non potrà condividerla di nuovo. L'azione viene registrata.`}
        confirmLabel={
          <>
            {takeDown.isPending && <Spinner />}
            Rimuovi
          </>
        }
        onConfirm={confirm}
      />
    </div>
  );
}
