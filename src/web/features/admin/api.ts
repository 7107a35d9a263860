/**
 * Admin console API for the web (issue 6): TanStack Query options and mutations over
 * /api/admin/*. Every call can fail with ApiError (403 'Accesso negato' when the admin role was
 * removed meanwhile); mutations invalidate the lists they change.
 */

import type { AdminCreateOrderInput, AdminCreateUserInput, AdminUpdateUserInput, AdminUserKind, OrderStatus } from "@shared/schemas/admin";
import type { GenrePromptFormValues } from "@shared/schemas/genre-prompt";
import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AdminChatHistoryView,
  AdminGamePage,
  AdminOrderPage,
  AdminStatsView,
  AdminUserDetailView,
  AdminUserPage,
  AuditPage,
  CreatedOrderView,
  CreatedUserView,
  DeletedUserView,
  GenrePromptsView,
  GenreSyncView,
  InvitationLinkView,
  InvitationView,
  OrderStatusResultView,
  RemovedFactorsView,
  RestoredUserView,
  SavedGenrePromptView,
  UpdatedUserView,
} from "@/lib/api-contract";
import { api } from "@/lib/api";

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== "").map(([k, v]) => [k, String(v)])).toString();

/** GET /api/admin/stats → AdminStatsView (dashboard cards). */
export const statsQuery = queryOptions({
  queryKey: ["admin", "stats"],
  queryFn: ({ signal }) => api<AdminStatsView>("/admin/stats", { signal }),
  staleTime: 0,
});

/** GET /api/admin/audit?limit → the newest audit entries (dashboard 'Registro di sicurezza'). */
export const recentAuditQuery = (limit = 10) =>
  queryOptions({
    queryKey: ["admin", "audit", "recent", limit],
    queryFn: ({ signal }) => api<AuditPage>(`/admin/audit?${qs({ limit })}`, { signal }),
    staleTime: 0,
  });

/** Filters of 'Registro attività': part of an e-mail, an action, and a time range as ISO instants [from, to). */
export interface AuditFilters {
  actor: string;
  action: string;
  from?: string;
  to?: string;
}

/**
 * 'Registro attività' (issue 9 finding 8): GET /api/admin/audit with the filters, page after
 * page by keyset cursor ('Mostra altri' fetches the next page; entries never repeat or skip).
 */
export const auditLogQuery = (filters: AuditFilters, limit = 50) =>
  infiniteQueryOptions({
    queryKey: ["admin", "audit", "log", filters, limit],
    queryFn: ({ signal, pageParam }) => api<AuditPage>(`/admin/audit?${qs({ ...filters, limit, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/**
 * A keyset-paged admin list (issue 22 §11): GET `path`?…filters&limit&cursor, page after page
 * ('Mostra altri'), under the query key ['admin', name, filters].
 */
function keysetListQuery<Page extends { nextCursor: string | null }>(name: string, path: string, filters: Record<string, string | undefined>, limit = 20) {
  return infiniteQueryOptions({
    queryKey: ["admin", name, filters],
    queryFn: ({ signal, pageParam }) => api<Page>(`${path}?${qs({ ...filters, limit, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/admin/users?search&kind&limit&cursor → users newest first, in keyset pages (search:
 * part of the e-mail or nickname; kind: registered accounts, guests or all). Cached 30 s with 1
 * retry (spec §2 Admin users); edits invalidate ['admin', 'users'].
 */
export const usersQuery = (search: string, kind: AdminUserKind = "registered") => ({
  ...keysetListQuery<AdminUserPage>("users", "/admin/users", { search, kind }),
  staleTime: 30_000,
  retry: 1,
});

/** GET /api/admin/users/:id → the user page (issue 22 §10). */
export const userDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ["admin", "users", id, "detail"],
    queryFn: ({ signal }) => api<AdminUserDetailView>(`/admin/users/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
  });

/** GET /api/admin/games?page&pageSize&player → AdminGamePage (one numbered page; pageSize 10, 20, 50 or 100; player: part of the e-mail or nickname). */
export const gamesQuery = (page: number, pageSize: number, player = "") =>
  queryOptions({
    queryKey: ["admin", "games", { page, pageSize, player }],
    queryFn: ({ signal }) => api<AdminGamePage>(`/admin/games?${qs({ page, pageSize, player })}`, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/games/:id/messages → 'Storico Chat' of one game. */
export const chatHistoryQuery = (gameId: string) =>
  queryOptions({
    queryKey: ["admin", "games", gameId, "messages"],
    queryFn: ({ signal }) => api<AdminChatHistoryView>(`/admin/games/${encodeURIComponent(gameId)}/messages`, { signal }),
    staleTime: 0,
  });

/** GET /api/admin/orders?status&search&limit&cursor → orders newest first, in keyset pages (search: the buyer's e-mail). */
export const ordersQuery = (status: OrderStatus | "", search: string) => keysetListQuery<AdminOrderPage>("orders", "/admin/orders", { status, search });

/** GET /api/admin/genres → stored prompts and the genres still missing one. */
export const genresQuery = queryOptions({
  queryKey: ["admin", "genres"],
  queryFn: ({ signal }) => api<GenrePromptsView>("/admin/genres", { signal }),
  staleTime: 0,
});

/** Creates ('Nuovo Utente'), updates or deletes users; refreshes the user list and the dashboard. */
export function useUserMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin"] });
  return {
    create: useMutation({
      mutationFn: (input: AdminCreateUserInput) => api<CreatedUserView>("/admin/users", { body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: AdminUpdateUserInput }) =>
        api<UpdatedUserView>(`/admin/users/${encodeURIComponent(id)}`, { method: "PUT", body: input }),
      onSuccess: refresh,
    }),
    /** DELETE /api/admin/users/:id?should_soft_delete: deactivate (soft, erased 30 days later) or erase now. */
    remove: useMutation({
      mutationFn: ({ id, soft }: { id: string; soft: boolean }) =>
        api<DeletedUserView>(`/admin/users/${encodeURIComponent(id)}?should_soft_delete=${soft}`, { method: "DELETE" }),
      onSuccess: refresh,
    }),
    /** POST /api/admin/users/:id/restore: 'Ripristina' a deactivated account. */
    restore: useMutation({
      mutationFn: (id: string) => api<RestoredUserView>(`/admin/users/${encodeURIComponent(id)}/restore`, { method: "POST" }),
      onSuccess: refresh,
    }),
    /** DELETE /api/admin/users/:id/factors: removes the user's two-step verification (issue 10). */
    removeFactors: useMutation({
      mutationFn: (id: string) => api<RemovedFactorsView>(`/admin/users/${encodeURIComponent(id)}/factors`, { method: "DELETE" }),
      onSuccess: refresh,
    }),
    /** DELETE /api/admin/users/:id/factors/:factorId: removes one second factor (spec §7). */
    removeFactor: useMutation({
      mutationFn: ({ id, factorId }: { id: string; factorId: string }) =>
        api<RemovedFactorsView>(`/admin/users/${encodeURIComponent(id)}/factors/${encodeURIComponent(factorId)}`, { method: "DELETE" }),
      onSuccess: refresh,
    }),
  };
}

/**
 * Invitations of users without a password (spec §7 /invite, /admin/generate_link): `resend`
 * e-mails a new 7-day link, `link` returns one to copy. Both replace the previous link and fail
 * with ApiError (404 unknown user, 409 password already set).
 */
export function useInvitationMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin", "audit"] });
  return {
    resend: useMutation({
      mutationFn: (id: string) => api<InvitationView>(`/admin/users/${encodeURIComponent(id)}/invitation`, { method: "POST" }),
      onSuccess: refresh,
    }),
    link: useMutation({
      mutationFn: (id: string) => api<InvitationLinkView>(`/admin/users/${encodeURIComponent(id)}/invitation-link`, { method: "POST" }),
      onSuccess: refresh,
    }),
  };
}

/** Records an order, changes its status or refunds a Stripe order (issue 41); refreshes orders, users and the dashboard. */
export function useOrderMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin"] });
  return {
    create: useMutation({
      mutationFn: (input: AdminCreateOrderInput) => api<CreatedOrderView>("/admin/orders", { body: input }),
      onSuccess: refresh,
    }),
    setStatus: useMutation({
      mutationFn: ({ id, status }: { id: string; status: OrderStatus }) =>
        api<OrderStatusResultView>(`/admin/orders/${encodeURIComponent(id)}`, { method: "PATCH", body: { status } }),
      onSuccess: refresh,
    }),
    refund: useMutation({
      mutationFn: (id: string) => api<{ ok: true }>(`/admin/orders/${encodeURIComponent(id)}/refund`, { method: "POST" }),
      onSuccess: refresh,
    }),
  };
}

/** 'Sincronizzazione Generi': POST /api/admin/genres/sync → {created}; refreshes the prompts. */
export function useSyncGenres() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<GenreSyncView>("/admin/genres/sync", { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: genresQuery.queryKey }),
  });
}

/**
 * Saves a genre prompt: PUT /api/admin/genres/:id with the form's values and the version they were
 * made on (409 STALE_EDIT when another admin saved meanwhile). Success or failure, the prompts are
 * read again, so a refused save shows the current version.
 */
export function useSaveGenrePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: GenrePromptFormValues & { version: number } }) =>
      api<SavedGenrePromptView>(`/admin/genres/${encodeURIComponent(id)}`, { method: "PUT", body: values }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: genresQuery.queryKey }),
  });
}
