import { zodResolver } from "@hookform/resolvers/zod";
import { type NotificationInput, notificationSchema } from "@shared/schemas/notification";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Pencil, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { AdminNotificationView } from "@/lib/api-contract";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { LoadMoreButton } from "@/components/load-more-button";
import { SearchInput } from "@/components/search-input";
import { StaleEditNotice, useEditVersion } from "@/components/stale-edit-notice";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { formatDayMonthTime } from "@/lib/format-date";
import { useDebounced } from "@/lib/use-debounced";
import { adminNotificationsQuery, useAdminNotificationActions } from "../api";

const EMPTY: NotificationInput = { title: "", content: "", url: "" };

function FieldMessage({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm text-red-300">
      {message}
    </p>
  ) : null;
}

/**
 * /admin/notifications (spec §2 Admin notifications, §4 Notification, §8): the form (title,
 * content, optional URL), the list with 'Modifica' (loads the item into the form; 'Annulla'
 * clears it), 'Pubblica' only for drafts, and 'Elimina' with confirmation. Publishing reaches
 * every connected user at once. A search and 'Mostra altri' (keyset pages, issue 22 §11); an edit
 * refused because another admin saved first keeps the text in the form (issue 22 §9).
 */
export function AdminNotificationsPage() {
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim());
  const list = useInfiniteQuery(adminNotificationsQuery(search));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const { save, publish, remove } = useAdminNotificationActions();
  const [editing, setEditing] = useState<AdminNotificationView | null>(null);
  const edit = useEditVersion(1);
  const form = useForm<NotificationInput>({ resolver: zodResolver(notificationSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  /** The edited notification as the (refetched) list has it now. */
  const current = () => items.find((n) => n.id === editing?.id) ?? editing;

  const load = (n: AdminNotificationView) => form.reset({ title: n.title, content: n.content, url: n.url ?? "" });
  const startEdit = (n: AdminNotificationView) => {
    setEditing(n);
    edit.adopt(n.version);
    load(n);
    document.getElementById("notifica-titolo")?.focus();
  };
  const cancel = () => {
    setEditing(null);
    edit.adopt(1);
    form.reset(EMPTY);
  };
  const onSubmit = form.handleSubmit((input) =>
    save.mutate({ id: editing?.id, input, version: edit.version }, { onSuccess: () => cancel(), onError: (error) => void edit.refused(error) }),
  );

  return (
    <div className="flex flex-col gap-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Gestione Notifiche</h1>
        <p className="mt-1 text-muted-foreground">Scrivi un avviso, poi pubblicalo: arriva subito a tutti gli utenti collegati.</p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{editing ? "Modifica notifica" : "Nuova notifica"}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            {edit.stale && (
              <StaleEditNotice
                onReload={() => {
                  const latest = current();
                  if (latest) startEdit(latest);
                }}
                onKeepMine={() => edit.adopt(current()?.version ?? edit.version)}
              />
            )}
            <div className="grid gap-2">
              <Label htmlFor="notifica-titolo">Titolo</Label>
              <Input id="notifica-titolo" aria-invalid={errors.title ? true : undefined} aria-describedby="notifica-titolo-errore" {...form.register("title")} />
              <FieldMessage id="notifica-titolo-errore" message={errors.title?.message} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="notifica-contenuto">Contenuto</Label>
              <Textarea id="notifica-contenuto" rows={4} aria-invalid={errors.content ? true : undefined} aria-describedby="notifica-contenuto-errore" {...form.register("content")} />
              <FieldMessage id="notifica-contenuto-errore" message={errors.content?.message} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="notifica-url">URL (facoltativo)</Label>
              <Input id="notifica-url" type="url" placeholder="https://" aria-invalid={errors.url ? true : undefined} aria-describedby="notifica-url-errore" {...form.register("url")} />
              <FieldMessage id="notifica-url-errore" message={errors.url?.message} />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending && <Spinner />}
                {editing ? "Aggiorna" : "Crea notifica"}
              </Button>
              {editing && (
                <Button type="button" variant="outline" onClick={cancel}>
                  Annulla
                </Button>
              )}
            </div>
          </form>
        </CardContent>
      </Card>

      <section aria-labelledby="elenco-notifiche" className="flex flex-col gap-3">
        <h2 id="elenco-notifiche" className="text-xl font-semibold">
          Notifiche
        </h2>
        <div className="max-w-sm">
          <SearchInput label="Cerca nelle notifiche" value={searchText} onChange={setSearchText} />
        </div>
        {list.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : list.isError && items.length === 0 ? (
          <p className="text-muted-foreground">Impossibile caricare le notifiche. Riprova più tardi.</p>
        ) : items.length === 0 ? (
          <p className="rounded-lg border p-6 text-center text-muted-foreground">Nessuna notifica</p>
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {items.map((n) => (
                <li key={n.id} className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-start">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold break-words">{n.title}</h3>
                      {n.status === "published" ? (
                        <Badge className="bg-emerald-700">Pubblicata</Badge>
                      ) : (
                        <Badge variant="secondary">Bozza</Badge>
                      )}
                    </div>
                    <p className="mt-1 text-sm whitespace-pre-line break-words text-muted-foreground">{n.content}</p>
                    {n.url && <p className="mt-1 truncate text-xs text-fuchsia-300">{n.url}</p>}
                    <p className="mt-1 text-xs text-muted-foreground">
                      {n.publishedAt ? `Pubblicata il ${formatDayMonthTime(n.publishedAt)}` : `Creata il ${formatDayMonthTime(n.createdAt)}`}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Button type="button" variant="outline" size="sm" onClick={() => startEdit(n)} aria-label={`Modifica ${n.title}`}>
                      <Pencil aria-hidden="true" />
                      Modifica
                    </Button>
                    {n.status !== "published" && (
                      <Button type="button" size="sm" disabled={publish.isPending} onClick={() => publish.mutate(n.id)} aria-label={`Pubblica ${n.title}`}>
                        <Send aria-hidden="true" />
                        Pubblica
                      </Button>
                    )}
                    <ConfirmDialog
                      trigger={
                        <Button type="button" variant="destructive" size="sm" aria-label={`Elimina ${n.title}`}>
                          <Trash2 aria-hidden="true" />
                          Elimina
                        </Button>
                      }
                      title="Eliminare la notifica?"
                      description={<>«{n.title}» sparirà anche dalle notifiche degli utenti. L'azione è irreversibile.</>}
                      confirmLabel="Elimina"
                      onConfirm={() => {
                        if (editing?.id === n.id) cancel();
                        remove.mutate(n.id);
                      }}
                    />
                  </div>
                </li>
              ))}
            </ul>
            <LoadMoreButton query={list} label="Mostra altri" errorText="Impossibile caricare altre notifiche." />
          </>
        )}
      </section>
    </div>
  );
}
