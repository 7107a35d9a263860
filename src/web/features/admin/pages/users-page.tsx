import { ROLE_LABELS } from "@shared/roles";
import { type AdminUserKind, PLAN_LABELS, USER_KIND_LABELS, USER_KINDS } from "@shared/schemas/admin";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Pencil, UserPlus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { AdminUserView } from "@/lib/api-contract";
import { LoadMoreButton } from "@/components/load-more-button";
import { SearchInput } from "@/components/search-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useMe } from "@/lib/session";
import { formatDate } from "@/lib/format-date";
import { useDebounced } from "@/lib/use-debounced";
import { usersQuery } from "../api";
import { AdminListState } from "../components/admin-list-state";
import { AdminPageHeader } from "../components/admin-page-header";
import { SelectField } from "../components/fields";
import { InvitationActions } from "../components/invitation-actions";
import { DeactivatedBadge } from "../components/deactivated-badge";
import { UserDeletionActions } from "../components/user-deletion-actions";
import { UserFormDialog } from "../components/user-form-dialog";
import { quotaLeft } from "../admin-format";

const KIND_OPTIONS = USER_KINDS.map((value) => ({ value, label: USER_KIND_LABELS[value] }));

/**
 * /admin/users (spec §2 Admin users): the user table (Email, Ruolo, Piano, Messaggi
 * remaining/limit or ∞, Creato il in Italian format) in keyset pages ('Mostra altri'), with a
 * server-side search by e-mail or nickname and a 'Mostra' filter: registered accounts (default),
 * guests ('Tutorial' accounts, marked 'Ospite'; they can be deleted, not edited) or all (issue 9);
 * 'Nuovo Utente', edit, and deletion (issue 22 §10: 'Disattiva', then 'Ripristina' or 'Elimina
 * definitivamente'; a deactivated row says when it will be erased). Each e-mail leads to the
 * user page. The list is cached 30 s with 1 retry and refreshed by every edit. The signed-in admin
 * cannot delete their own row (the server refuses it too).
 */
export function UsersPage() {
  const { me } = useMe();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim());
  const [kind, setKind] = useState<AdminUserKind>("registered");
  const [editing, setEditing] = useState<AdminUserView | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const users = useInfiniteQuery(usersQuery(search, kind));
  const items = users.data?.pages.flatMap((p) => p.items) ?? [];

  const openForm = (user: AdminUserView | null) => {
    setEditing(user);
    setFormOpen(true);
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
        <div className="w-full max-w-sm">
          <SearchInput label="Cerca per email o nickname" value={searchText} onChange={setSearchText} />
        </div>
        <div className="w-full sm:w-52">
          <SelectField id="utenti-tipo" label="Mostra" options={KIND_OPTIONS} value={kind} onChange={(e) => setKind(e.target.value as AdminUserKind)} />
        </div>
      </div>

      <AdminListState query={users} errorText="Errore nel caricamento degli utenti" isEmpty={() => items.length === 0} emptyText="Nessun utente trovato.">
        {() => (
          <>
            <div className="rounded-xl border bg-card">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Email</TableHead>
                    <TableHead>Ruolo</TableHead>
                    <TableHead>Piano</TableHead>
                    <TableHead>Messaggi rimasti</TableHead>
                    <TableHead>Creato il</TableHead>
                    <TableHead className="text-right">Azioni</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((user) => (
                    <TableRow key={user.id} className={user.deactivatedAt ? "bg-red-950/20" : undefined}>
                      <TableCell className="font-medium">
                        <div className="flex flex-col gap-1">
                          <Link to={`/admin/users/${encodeURIComponent(user.id)}`} className="hover:underline" title={user.email}>
                            {user.isGuest ? (
                              // A guest's address is generated (temp-…@ospiti…): its start is enough to tell guests apart.
                              <span className="flex items-center gap-2">
                                <Badge variant="secondary">Ospite</Badge>
                                <span className="text-muted-foreground">{user.email.slice(0, 13)}…</span>
                              </span>
                            ) : (
                              user.email
                            )}
                          </Link>
                          {user.deactivatedAt && user.erasedAt && <DeactivatedBadge erasedAt={user.erasedAt} />}
                        </div>
                      </TableCell>
                      <TableCell>
                        <Badge variant={user.role === "admin" ? "default" : "secondary"}>{ROLE_LABELS[user.role]}</Badge>
                      </TableCell>
                      <TableCell>{PLAN_LABELS[user.plan] ?? user.plan}</TableCell>
                      <TableCell className="tabular-nums">{quotaLeft(user.remaining, user.messageLimit)}</TableCell>
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
                          <UserDeletionActions user={user} self={user.id === me?.user.id} icons />
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <LoadMoreButton query={users} label="Mostra altri" errorText="Impossibile caricare altri utenti." className="mt-4" />
          </>
        )}
      </AdminListState>

      <UserFormDialog open={formOpen} onOpenChange={setFormOpen} user={editing} />
    </div>
  );
}
