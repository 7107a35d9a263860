/**
 * /admin/templates (spec §2 Admin templates; §7 saved_games is_template true by created_at
 * descending; §8 'Template eliminato con successo.', 'Errore'): the table (Titolo, Genere,
 * Giocate, Likes, Creato il, edit, delete), 'Crea Template' and the create/edit dialog; a search
 * by title and 'Mostra altri' (keyset pages, issue 22 §11).
 */

import { templatePath } from "@shared/slug";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { AdminTemplateView } from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatCount } from "@/lib/format";
import { formatDayMonthYear } from "@/lib/format-date";
import { adminTemplatesKey, adminTemplatesQuery, deleteTemplate } from "./api";
import { LoadMoreButton } from "@/components/load-more-button";
import { useDebounced } from "@/lib/use-debounced";
import { AdminListState } from "../../components/admin-list-state";
import { SearchInput } from "@/components/search-input";
import { TemplateDialog } from "./template-dialog";

/** The admin templates page. */
export function AdminTemplatesPage() {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim());
  const query = useInfiniteQuery(adminTemplatesQuery(search));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const [editing, setEditing] = useState<{ template: AdminTemplateView | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<AdminTemplateView | null>(null);

  const remove = useMutation({
    mutationFn: (id: string) => deleteTemplate(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminTemplatesKey });
      void queryClient.invalidateQueries({ queryKey: ["templates"] });
      toast.success("Successo!", { description: "Template eliminato con successo." });
      setDeleting(null);
    },
    onError: (error) => toast.error("Errore", { description: error.message }),
  });

  const open = (template: AdminTemplateView | null) => setEditing({ template, key: Date.now() });

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Gestione Template</h1>
          <p className="mt-1 text-muted-foreground">Le storie pronte da giocare mostrate in Scopri.</p>
        </div>
        <Button onClick={() => open(null)}>
          <Plus aria-hidden="true" />
          Crea Template
        </Button>
      </div>

      <div className="mt-6 max-w-sm">
        <SearchInput label="Cerca per titolo" value={searchText} onChange={setSearchText} />
      </div>
      <div className="mt-4">
        <AdminListState
          query={query}
          errorText="Errore nel caricamento dei template"
          isEmpty={() => items.length === 0}
          emptyText={search ? "Nessun template trovato." : "Nessun template. Crea il primo con «Crea Template»."}
        >
          {() => (
            <>
              <div className="overflow-hidden rounded-xl border border-border/70 bg-card/60">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Titolo</TableHead>
                      <TableHead>Genere</TableHead>
                      <TableHead className="text-right">Giocate</TableHead>
                      <TableHead className="text-right">Likes</TableHead>
                      <TableHead>Creato il</TableHead>
                      <TableHead className="text-right">
                        <span className="sr-only">Azioni</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {items.map((t) => (
                      <TableRow key={t.id}>
                        <TableCell className="max-w-64 font-medium">
                          <Link to={templatePath(t.id, t.title)} className="inline-flex items-center gap-1 hover:underline">
                            <span className="truncate">{t.title}</span>
                            <ExternalLink aria-hidden="true" className="size-3 shrink-0 text-muted-foreground" />
                          </Link>
                        </TableCell>
                        <TableCell>
                          <Badge variant="secondary">{t.genre}</Badge>
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{formatCount(t.plays)}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatCount(t.likes)}</TableCell>
                        <TableCell className="whitespace-nowrap">{formatDayMonthYear(t.createdAt)}</TableCell>
                        <TableCell className="text-right whitespace-nowrap">
                          <Button variant="ghost" size="icon" aria-label={`Modifica ${t.title}`} onClick={() => open(t)}>
                            <Pencil aria-hidden="true" />
                          </Button>
                          <Button variant="ghost" size="icon" className="text-red-300 hover:text-red-200" aria-label={`Elimina ${t.title}`} onClick={() => setDeleting(t)}>
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              <LoadMoreButton query={query} label="Mostra altri" errorText="Impossibile caricare altri template." className="mt-4" />
            </>
          )}
        </AdminListState>
      </div>

      {editing && <TemplateDialog key={editing.key} open template={editing.template} onOpenChange={(o) => !o && setEditing(null)} />}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        busy={remove.isPending}
        title={<>Eliminare «{deleting?.title}»?</>}
        description="Sei sicuro di voler eliminare questo template? L'azione è irreversibile."
        confirmLabel="Elimina"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
        }}
      />
    </div>
  );
}
