import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { useMarkRead, useNotifications } from "../api";
import { BellButton } from "./bell-button";
import { NotificationItem } from "./notification-item";

/**
 * The bell's popover (spec §2 Notification popover; §9 sizes), loaded by notification-bell.tsx
 * the first time the bell is pressed, and open from its first render: 320 px wide, title
 * 'Notifiche' with the unread count badge, a list scrolling within 300 px ('Nessuna notifica'
 * when empty, 'Impossibile caricare le notifiche.' when the list cannot be loaded), and 'Vedi
 * tutte' to /notifiche. The list follows new publications live (useLiveEvents in the site frame, app-shell/root-layout.tsx).
 * Leaving the page closes it (issue 23: a notification's link to a page of the site).
 */
export default function NotificationPopover() {
  const { pathname } = useLocation();
  // Open on the page it was opened on: moving to another page closes it.
  const [openOn, setOpenOn] = useState<string | null>(pathname);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const { query, items, unread } = useNotifications();
  const markRead = useMarkRead();

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <BellButton unread={unread} />
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[320px] max-w-[calc(100vw-1rem)] p-0" aria-label="Notifiche">
        <div className="flex items-center justify-between border-b px-4 py-3">
          <h2 className="text-sm font-semibold">Notifiche</h2>
          {unread > 0 && (
            <span className="rounded-full bg-violet-600 px-2 py-0.5 text-xs font-semibold text-white" aria-label={`${unread} non lette`}>
              {unread}
            </span>
          )}
        </div>
        <div className="max-h-[300px] overflow-y-auto p-2">
          {query.isLoading ? (
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          ) : query.isError ? (
            <p role="alert" className="py-6 text-center text-sm text-red-300">
              Impossibile caricare le notifiche.
            </p>
          ) : items.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">Nessuna notifica</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {items.map((n) => (
                <li key={n.id}>
                  <NotificationItem notification={n} marking={markRead.isPending} onMarkRead={(id) => markRead.mutate(id)} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="border-t p-2">
          <Button asChild variant="ghost" size="sm" className="w-full">
            <Link to="/notifiche" onClick={() => setOpen(false)}>
              Vedi tutte
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
