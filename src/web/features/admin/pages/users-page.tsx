import type { AdminUserView } from "@shared/admin-types";
import { type AdminUserKind, PLAN_LABELS, ROLE_LABELS, USER_KIND_LABELS, USER_KINDS } from "@shared/schemas/admin";
import { useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Search, Trash2, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useMe } from "@/lib/session";
import { ApiError } from "@/lib/api";
import { formatDate } from "@/lib/format-date";
import { usersQuery, useUserMutations } from "../api";
import { AdminListState } from "../components/admin-list-state";
import { AdminPageHeader } from "../components/admin-page-header";
import { SelectField } from "../components/fields";
import { InvitationActions } from "../components/invitation-actions";
import { PaginationBar } from "../components/pagination-bar";
import { UserFormDialog } from "../components/user-form-dialog";

const PAGE_SIZE = 20;

const KIND_OPTIONS = USER_KINDS.map((value) => ({ value, label: USER_KIND_LABELS[value] }));

/** 'remaining/limit', or '∞' for unlimited plans (spec §2 Admin users, §6). */
function messagesLabel(user: AdminUserView): string {
  return user.remaining === null || user.messageLimit === -1 ? "∞" : `${user.remaining}/${user.messageLimit}`;
}

/**
 * /admin/users (spec §2 Admin users): the paged user table (Email, Ruolo, Piano, Messaggi
 * remaining/limit or ∞, Creato il in Italian format) with a server-side e-mail search and a
 * 'Mostra' filter: registered accounts (default), guests ('Tutorial' accounts, marked 'Ospite';
 * they can be deleted, not edited) or all (issue 9); 'Nuovo Utente', edit and delete (with
 * confirmation; the same erasure as self-deletion). The list is
 * cached 30 s with 1 retry and refreshed by every edit. The signed-in admin cannot delete their
 * own row (the server refuses it too).
 */
export function UsersPage() {
  const { me } = useMe();
  const [page, setPage] = useState(1);
  // ?search=<e-mail> opens the page filtered (issue 23: the moderation queue links an author's account).
  const [searchParams] = useSearchParams();
  const [searchText, setSearchText] = useState(() => searchParams.get("search") ?? "");
  const [search, setSearch] = useState(() => searchParams.get("search")?.trim() ?? "");
  const [kind, setKind] = useState<AdminUserKind>("registered");
  const [editing, setEditing] = useState<AdminUserView | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminUserView | null>(null);
  const users = useQuery(usersQuery(page, PAGE_SIZE, search, kind));
  const { remove } = useUserMutations();

  // Step back when the current page no longer exists (e.g. after deleting the last row of the last page).
  const total = users.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (page > lastPage) setPage(lastPage);
  }, [total, page]);

  // Search as the admin types, 300 ms after the last key, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const openForm = (user: AdminUserView | null) => {
    setEditing(user);
    setFormOpen(true);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success("Utente eliminato", { description: deleting.email });
    } catch (error) {
      toast.error("Impossibile eliminare l'utente", { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div>
      <AdminPageHeader
        title="Gestione Utenti"
        description="Modifica email, ruolo e piano degli utenti."
        action={
          <Button onClick={() => openForm(null)}>
            <UserPlus aria-hidden="true" />
            Nuovo Utente
          </Button>
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="relative w-full max-w-sm">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Cerca per email"
            placeholder="Cerca per email..."
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            className="pl-9"
          />
        </div>
        <div className="w-full sm:w-52">
          <SelectField
            id="utenti-tipo"
            label="Mostra"
            options={KIND_OPTIONS}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as AdminUserKind);
              setPage(1);
            }}
          />
        </div>
      </div>

      <AdminListState query={users} errorText="Errore nel caricamento degli utenti" isEmpty={(data) => data.total === 0} emptyText="Nessun utente trovato.">
        {(data) => (
          <>
            <div className="rounded-xl border bg-card">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Email</TableHead>
                    <TableHead>Ruolo</TableHead>
                    <TableHead>Piano</TableHead>
                    <TableHead>Messaggi</TableHead>
                    <TableHead>Creato il</TableHead>
                    <TableHead className="text-right">Azioni</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.items.map((user) => (
                    <TableRow key={user.id}>
                      <TableCell className="font-medium">
                        {user.isGuest ? (
                          // A guest's address is generated (temp-…@ospiti…): its start is enough to tell guests apart.
                          <span className="flex items-center gap-2" title={user.email}>
                            <Badge variant="secondary">Ospite</Badge>
                            <span className="text-muted-foreground">{user.email.slice(0, 13)}…</span>
                          </span>
                        ) : (
                          user.email
                        )}
                      </TableCell>
                      <TableCell>
                        <Badge variant={user.role === "admin" ? "default" : "secondary"}>{ROLE_LABELS[user.role]}</Badge>
                      </TableCell>
                      <TableCell>{PLAN_LABELS[user.plan] ?? user.plan}</TableCell>
                      <TableCell className="tabular-nums">{messagesLabel(user)}</TableCell>
                      <TableCell className="tabular-nums">{formatDate(user.createdAt)}</TableCell>
                      <TableCell className="text-right">
                        <div className="flex justify-end gap-1">
                          <InvitationActions user={user} />
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Modifica ${user.email}`}
                            disabled={user.isGuest}
                            title={user.isGuest ? "Un ospite non ha email né piano da modificare" : undefined}
                            onClick={() => openForm(user)}
                          >
                            <Pencil aria-hidden="true" />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Elimina ${user.email}`}
                            disabled={user.id === me?.user.id}
                            onClick={() => setDeleting(user)}
                            className="text-red-300 hover:text-red-200"
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <PaginationBar page={page} pageSize={PAGE_SIZE} total={data.total} noun="utenti" onPage={setPage} />
          </>
        )}
      </AdminListState>

      <UserFormDialog open={formOpen} onOpenChange={setFormOpen} user={editing} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        busy={remove.isPending}
        title="Eliminare questo utente?"
        description={<>L'account {deleting?.email} verrà eliminato con tutte le sue partite, i messaggi e le immagini. L'azione è irreversibile.</>}
        confirmLabel={remove.isPending ? "Eliminazione..." : "Elimina"}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
