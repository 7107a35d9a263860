/**
 * Notifications for the web (spec §2 Notification popover, /notifiche, Admin notifications; §4
 * Notification, Admin flag; §8 Notifications): queries, mutations, and the live event stream
 * that keeps the bell and the header's Admin link current without a reload.
 */

import type { LiveEvent } from "@shared/api-types";
import type { NotificationInput } from "@shared/schemas/notification";
import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type {
  AdminNotificationPage,
  CreatedNotificationView,
  DeletedNotificationView,
  NotificationsView,
  PublishedNotificationView,
  ReadNotificationView,
  UpdatedNotificationView,
} from "@/lib/api-contract";
import { toast } from "@/lib/toast";
import { meQuery } from "@/lib/session";
import { ApiError, api } from "@/lib/api";
import { emitGroupEvent, emitLiveStreamOpen, GROUP_EVENT_TYPES } from "@/lib/live-events";

const notificationsKey = ["notifications"] as const;
const adminNotificationsKey = ["admin", "notifications"] as const;

/** The API path of the signed-in user's notifications (under /api). */
export const NOTIFICATIONS_PATH = "/notifications";

/**
 * GET /api/notifications → NotificationView[] (published only, newest first, with the read flag).
 * A page the server renders for a signed-in user carries them (entry-server.tsx): the bell shows
 * its count from the first paint, and hydrating fetches nothing.
 */
export const notificationsQuery = queryOptions({
  queryKey: notificationsKey,
  queryFn: ({ signal }) => api<NotificationsView>(NOTIFICATIONS_PATH, { signal }),
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
    mutationFn: (id: string) => api<ReadNotificationView>(`/notifications/${encodeURIComponent(id)}/read`, { method: "POST", body: {} }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: notificationsKey });
      toast.success("Notifica segnata come letta");
    },
    onError: () => toast.error("Errore", { description: "Impossibile segnare la notifica come letta" }),
  });
}

/**
 * While mounted (for signed-in users), listens to GET /api/events: 'notifications.changed'
 * refreshes the notification lists, 'genre_prompts.changed' the admin's genre prompts,
 * 'account.changed' refreshes ['me'] (the Admin link follows
 * the user's role rows), the group events go to the game page of a group story (lib/live-events.ts),
 * which also hears each connection, the first one included (it may open after the page). Each
 * reconnection refreshes both lists, so nothing missed while offline
 * stays stale. EventSource reconnects by itself after a network failure, but not after
 * 'replaced' (the player opened more tabs than the server keeps streams for).
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
      // A group story's page may have missed events before this stream opened, as after a drop.
      emitLiveStreamOpen();
      if (opened) {
        refreshNotifications();
        refreshMe();
      }
      opened = true;
    });
    // Too many tabs of this player listen (issue 19 §7): a newer one took this stream's place; no reconnect.
    source.addEventListener("replaced", () => source.close());
    source.addEventListener("notifications.changed", refreshNotifications);
    // Genre prompts saved by another admin (spec §7 genre_prompts realtime subscription; issue 22 §9).
    source.addEventListener("genre_prompts.changed", () => void queryClient.invalidateQueries({ queryKey: ["admin", "genres"] }));
    // A group story's changes go to its game page (issue 24).
    for (const type of GROUP_EVENT_TYPES) source.addEventListener(type, (event) => emitGroupEvent((event as MessageEvent<string>).data));
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

/**
 * GET /api/admin/notifications?search&limit&cursor → every notification, drafts included (admin
 * only), newest first, page after page by keyset cursor (issue 22 §11); `search`: part of the
 * title or text.
 */
export const adminNotificationsQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...adminNotificationsKey, { search }],
    queryFn: ({ signal, pageParam }) =>
      api<AdminNotificationPage>(`/admin/notifications?${new URLSearchParams({ limit: "20", ...(search ? { search } : {}), ...(pageParam ? { cursor: pageParam } : {}) })}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
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
    // An edit names the version it was made on (issue 22 §9): 409 STALE_EDIT, shown in the form, when another admin saved meanwhile.
    mutationFn: ({ id, input, version }: { id?: string; input: NotificationInput; version?: number }) =>
      id
        ? api<UpdatedNotificationView>(`/admin/notifications/${encodeURIComponent(id)}`, { method: "PUT", body: { ...input, version } })
        : api<CreatedNotificationView>("/admin/notifications", { method: "POST", body: input }),
    onSuccess: async (_data, { id }) => {
      await refresh();
      toast.success(id ? "Notifica aggiornata con successo" : "Notifica creata con successo");
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.code === "STALE_EDIT") return void (await refresh());
      toast.error("Errore", { description: failure(error, "Impossibile salvare la notifica. Riprova.") });
    },
  });
  const publish = useMutation({
    mutationFn: (id: string) => api<PublishedNotificationView>(`/admin/notifications/${encodeURIComponent(id)}/publish`, { method: "POST", body: {} }),
    onSuccess: async () => {
      await refresh();
      toast.success("Notifica pubblicata con successo");
    },
    onError: (error) => toast.error("Errore", { description: failure(error, "Impossibile pubblicare la notifica. Riprova.") }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<DeletedNotificationView>(`/admin/notifications/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: async () => {
      await refresh();
      toast.success("Notifica eliminata con successo");
    },
    onError: (error) => toast.error("Errore", { description: failure(error, "Impossibile eliminare la notifica. Riprova.") }),
  });
  return { save, publish, remove };
}
