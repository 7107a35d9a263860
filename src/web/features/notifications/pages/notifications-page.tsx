import { Bell } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { useMarkRead, useNotifications } from "../api";
import { NotificationItem } from "../components/notification-item";

/**
 * /notifiche (spec §2 route table 'All notifications'): every published notification, newest
 * first, with the popover's actions ('Segna come letta'); 'Nessuna notifica' when empty. The
 * list follows new publications live.
 */
export function NotificationsPage() {
  const { query, items, unread } = useNotifications();
  const markRead = useMarkRead();

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:px-6">
      <header className="mb-8 flex items-center gap-3">
        <span className="flex size-11 items-center justify-center rounded-full bg-violet-600/20 text-violet-300">
          <Bell aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Notifiche</h1>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {unread === 0 ? "Sei in pari con tutte le novità." : `${unread} ${unread === 1 ? "notifica non letta" : "notifiche non lette"}`}
          </p>
        </div>
      </header>
      {query.isLoading ? (
        <div role="status" aria-label="Caricamento delle notifiche" className="flex flex-col gap-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : query.isError ? (
        <p className="rounded-lg border p-6 text-center text-muted-foreground">Impossibile caricare le notifiche. Riprova più tardi.</p>
      ) : items.length === 0 ? (
        <p className="rounded-lg border p-10 text-center text-muted-foreground">Nessuna notifica</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((n) => (
            <li key={n.id} className="rounded-lg border bg-card">
              <NotificationItem notification={n} roomy marking={markRead.isPending} onMarkRead={(id) => markRead.mutate(id)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
