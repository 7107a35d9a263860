/**
 * Template API for the web (spec §2 Discover list, Template detail; §4 Starting from a template,
 * Like and favorite; §7 increment_plays, toggle_like, toggle_favorite).
 */

import type { CreatedGameView, FavoriteResultView, LikeResultView, TemplateDetailView, TemplatePageView } from "@shared/template-types";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api";

/** Cards per page on /scopri. */
const DISCOVER_PAGE_SIZE = 12;

/** Path under /api of one /scopri page: the first one for a null cursor. */
export const discoverPagePath = (cursor: string | null) =>
  `/templates?limit=${DISCOVER_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

/**
 * GET /api/templates?limit&cursor, page after page (most played first). Each page continues after
 * the previous page's last card (keyset cursor), so 'Mostra altri' never repeats or skips a card
 * while other players raise the play counts (issue 9).
 */
export const discoverQuery = infiniteQueryOptions({
  queryKey: ["templates", "discover"],
  queryFn: ({ pageParam, signal }) => api<TemplatePageView>(discoverPagePath(pageParam), { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

/** Query key of one template page. */
export const templateKey = (id: string) => ["templates", "detail", id] as const;

/** Path under /api of one template. */
export const templateApiPath = (id: string) => `/templates/${encodeURIComponent(id)}`;

/** GET /api/templates/:id → TemplateDetailView; a 404 ('Template non trovato.') is not retried. */
export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: templateKey(id),
    queryFn: ({ signal }) => api<TemplateDetailView>(templateApiPath(id), { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

/** POST /api/templates/:id/like {value}: sets the like to `value`; answers {liked, likes}. */
export function setLike(id: string, value: boolean): Promise<LikeResultView> {
  return api<LikeResultView>(`/templates/${encodeURIComponent(id)}/like`, { body: { value } });
}

/** POST /api/templates/:id/favorite {value}: answers {favorited}. */
export function setFavorite(id: string, value: boolean): Promise<FavoriteResultView> {
  return api<FavoriteResultView>(`/templates/${encodeURIComponent(id)}/favorite`, { body: { value } });
}

/** POST /api/templates/:id/play → 201 {id, genre} of the player's new copy. */
export function playTemplate(id: string): Promise<CreatedGameView> {
  return api<CreatedGameView>(`/templates/${encodeURIComponent(id)}/play`, { body: {} });
}
