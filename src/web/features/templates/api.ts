/**
 * Template API for the web (spec §2 Discover list, Template detail; §4 Starting from a template,
 * Like and favorite; §7 increment_plays, toggle_like, toggle_favorite).
 */

import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type {
  CreatedGameView,
  CreatorPageView,
  DraftCoverView,
  FavoriteResultView,
  PublishedScenarioView,
  RemixedScenarioView,
  LikeResultView,
  SavedScenarioView,
  SavedTemplatePageView,
  ScenarioEditView,
  TemplateDetailView,
  TemplatePageView,
} from "@/lib/api-contract";
import { ApiError, api } from "@/lib/api";

/** Cards per page on /scopri. */
const DISCOVER_PAGE_SIZE = 12;

/** Path under /api of one page of a template list (e.g. "/templates"): the first one for a null cursor. */
const pagePath = (path: string, cursor: string | null) =>
  `${path}?limit=${DISCOVER_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

/** Path under /api of one /scopri page: the first one for a null cursor. */
export const discoverPagePath = (cursor: string | null) => pagePath("/templates", cursor);

/** Path under /api of one page of the player's saved templates ('Salvati'). */
export const savedTemplatesPagePath = (cursor: string | null) => pagePath("/templates/saved", cursor);

/**
 * A keyset-paged template list (queryKey, endpoint path): page after page, each continuing after
 * the previous page's last card, so 'Mostra altri' never repeats or skips one (issue 9).
 */
const pagedTemplates = <Page extends { nextCursor: string | null }>(queryKey: readonly string[], pathOf: (cursor: string | null) => string) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => api<Page>(pathOf(pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** GET /api/templates?limit&cursor: /scopri, most played first; cards keep their place while plays rise. */
export const discoverQuery = pagedTemplates<TemplatePageView>(["templates", "discover"], discoverPagePath);

/** Query key of the player's saved templates (invalidated when 'Salva' / 'Salvato' changes). */
export const savedTemplatesKey = ["templates", "saved"] as const;

/**
 * GET /api/templates/saved?limit&cursor (signed-in players; 401 otherwise): the player's saved
 * templates, newest saved first (issue 13), for 'Salvati' on /scopri and 'I miei preferiti' on /profilo.
 */
export const savedTemplatesQuery = pagedTemplates<SavedTemplatePageView>(savedTemplatesKey, savedTemplatesPagePath);

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

/**
 * POST /api/templates/:id/play {opening} → 201 {id, genre} of the player's new copy, opening with
 * the chosen opening (issue 40 §1: 0, the default, is the first message; 400 'Scegli uno degli
 * inizi proposti.' past the scenario's openings).
 */
export function playTemplate(id: string, opening = 0): Promise<CreatedGameView> {
  return api<CreatedGameView>(`/templates/${encodeURIComponent(id)}/play`, { body: { opening } });
}

/** POST /api/scenarios/:id/publish → {id, state}: the caller's draft, screened ('held' waits for a moderator). */
export function publishScenario(id: string): Promise<PublishedScenarioView> {
  return api<PublishedScenarioView>(`/scenarios/${encodeURIComponent(id)}/publish`, { body: {} });
}

/** POST /api/scenarios/:id/remix → 201 {id} of the caller's new draft copying the scenario (issue 40 §1). */
export function remixScenario(id: string): Promise<RemixedScenarioView> {
  return api<RemixedScenarioView>(`/scenarios/${encodeURIComponent(id)}/remix`, { body: {} });
}

/** Path under /api of a creator page. */
export const creatorApiPath = (nickname: string) => `/authors/${encodeURIComponent(nickname)}`;

/** GET /api/authors/:nickname → CreatorPageView (issue 40 §1); a 404 ('Autore non trovato.') is not retried. */
export const creatorQuery = (nickname: string) =>
  queryOptions({
    queryKey: ["templates", "creator", nickname] as const,
    queryFn: ({ signal }) => api<CreatorPageView>(creatorApiPath(nickname), { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

/** Path under /api of the caller's draft scenario ('Modifica bozza', issue 40 §1). */
const draftApiPath = (id: string) => `/scenarios/${encodeURIComponent(id)}`;

/** GET /api/scenarios/:id → the caller's draft as its editor fills the form; 404 / 409 are not retried. */
export const draftQuery = (id: string) =>
  queryOptions({
    queryKey: ["templates", "draft", id] as const,
    queryFn: ({ signal }) => api<ScenarioEditView>(draftApiPath(id), { signal }),
    retry: (failures, error) => !(error instanceof ApiError && (error.status === 404 || error.status === 409)) && failures < 1,
    staleTime: 0,
  });

/**
 * PUT /api/scenarios/:id with the scenario form → {id}. Throws ApiError: 400 with the schema's
 * Italian message, 404 not the caller's draft, 409 already published.
 */
export function saveDraft(id: string, body: unknown): Promise<SavedScenarioView> {
  return api<SavedScenarioView>(draftApiPath(id), { method: "PUT", body });
}

/** POST /api/scenarios/:id/cover (multipart `file`) → {url} of the stored cover; 400 COVER_INVALID / a file far over its limit too. */
export function uploadDraftCover(id: string, file: File): Promise<DraftCoverView> {
  const form = new FormData();
  form.set("file", file);
  return api<DraftCoverView>(`${draftApiPath(id)}/cover`, { body: form });
}

/** POST /api/scenarios/:id/cover/ai → {url} of a cover drawn from the draft's saved title, description and genre (one visualization token). */
export function drawDraftCover(id: string): Promise<DraftCoverView> {
  return api<DraftCoverView>(`${draftApiPath(id)}/cover/ai`, { body: {} });
}
