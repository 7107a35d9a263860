/**
 * Notifications for the web (spec §2 Notification popover, /notifiche, Admin notifications; §4
 * Notification, Admin flag; §8 Notifications): queries, mutations, and the live event stream
 * that keeps the bell and the header's Admin link current without a reload.
 */

import type { AdminNotificationView, LiveEvent, NotificationView } from "@shared/api-types";
import type { NotificationInput } from "@shared/schemas/notification";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "@/lib/toast";
import { meQuery } from "@/lib/session";
import { ApiError, api } from "@/lib/api";

const notificationsKey = ["notifications"] as const;
const adminNotificationsKey = ["admin", "notifications"] as const;

/** GET /api/notifications → NotificationView[] (published only, newest first, with the read flag). */
const notificationsQuery = queryOptions({
  queryKey: notificationsKey,
  queryFn: ({ signal }) => api<NotificationView[]>("/notifications", { signal }),
  staleTime: 60_000,
});

/** The user's notifications and the number still unread. Disabled for visitors. */
export function useNotifications(enabled = true) {
  const query = useQuery({ ...notificationsQuery, enabled });
  const items = query.data ?? [];
  return { query, items, unread: items.filter((n) => !n.read).length };
}

/**
 * Marks one notification read for the signed-in user (POST /api/notifications/:id/read), then
 * refreshes the list. Toasts 'Notifica segnata come letta', or 'Errore' / 'Impossibile segnare
 * la notifica come letta' on failure (spec §8).
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`/notifications/${encodeURIComponent(id)}/read`, { method: "POST", body: {} }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationsKey });
      toast.success("Notifica segnata come letta");
    },
    onError: () => toast.error("Errore", { description: "Impossibile segnare la notifica come letta" }),
  });
}

/**
 * While mounted (for signed-in users), listens to GET /api/events: 'notifications.changed'
 * refreshes the notification lists, 'account.changed' refreshes ['me'] (the Admin link follows
 * the user's role rows). Each (re)connection refreshes both, so nothing missed while offline
 * stays stale. EventSource reconnects by itself after a network failure.
 */
export function useLiveEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    let opened = false;
    const refreshNotifications = () => {
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
      void queryClient.invalidateQueries({ queryKey: adminNotificationsKey });
    };
    const refreshMe = () => void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    source.addEventListener("ready", () => {
      if (opened) {
        refreshNotifications();
        refreshMe();
      }
      opened = true;
    });
    source.addEventListener("notifications.changed", refreshNotifications);
    source.addEventListener("account.changed", (event) => {
      try {
        const data = JSON.parse((event as MessageEvent<string>).data) as LiveEvent;
        if (data.type === "account.changed") refreshMe();
      } catch {
        refreshMe();
      }
    });
    return () => source.close();
  }, [enabled, queryClient]);
}

/** GET /api/admin/notifications → every notification, drafts included (admin only). */
export const adminNotificationsQuery = queryOptions({
  queryKey: adminNotificationsKey,
  queryFn: ({ signal }) => api<AdminNotificationView[]>("/admin/notifications", { signal }),
});

/** Text of a failed admin action: the server's message, else the given fallback. */
function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== "GENERIC" && error.code !== "NETWORK" ? error.message : fallback;
}

/**
 * Admin mutations (spec §2 Admin notifications, §8): save (create or update), publish, delete.
 * Each refreshes the lists and toasts 'Notifica creata/aggiornata/pubblicata/eliminata con
 * successo', or an Italian failure text (the spec gives none).
 */
export function useAdminNotificationActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminNotificationsKey }),
      queryClient.invalidateQueries({ queryKey: notificationsKey }),
    ]);
  const save = useMutation({
    mutationFn: ({ id, input }: { id?: string; input: NotificationInput }) =>
      id
        ? api<AdminNotificationView>(`/admin/notifications/${encodeURIComponent(id)}`, { method: "PUT", body: input })
        : api<AdminNotificationView>("/admin/notifications", { method: "POST", body: input }),
    onSuccess: async (_data, { id }) => {
      await refresh();
      toast.success(id ? "Notifica aggiornata con successo" : "Notifica creata con successo");
    },
    onError: (error) => toast.error("Errore", { description: failure(error, "Impossibile salvare la notifica. Riprova.") }),
  });
  const publish = useMutation({
    mutationFn: (id: string) => api<AdminNotificationView>(`/admin/notifications/${encodeURIComponent(id)}/publish`, { method: "POST", body: {} }),
    onSuccess: async () => {
      await refresh();
      toast.success("Notifica pubblicata con successo");
    },
    onError: (error) => toast.error("Errore", { description: failure(error, "Impossibile pubblicare la notifica. Riprova.") }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`/admin/notifications/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: async () => {
      await refresh();
      toast.success("Notifica eliminata con successo");
    },
    onError: (error) => toast.error("Errore", { description: failure(error, "Impossibile eliminare la notifica. Riprova.") }),
  });
  return { save, publish, remove };
}
