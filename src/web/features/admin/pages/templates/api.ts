/** Admin template API (spec §2 Admin templates; §7 improve-text, generate-content, generate-image). */

import type { GeneratableField, ImprovableField, TemplateFormValues } from "@shared/schemas/template";
import { type InfiniteData, infiniteQueryOptions, keepPreviousData, type QueryClient } from "@tanstack/react-query";
import type {
  AdminGenerateResultView,
  AdminTemplatePage,
  AdminTemplateView,
  CoverResultView,
  CreatedTemplateView,
  DeletedTemplateView,
  ImproveResultView,
  UpdatedTemplateView,
} from "@/lib/api-contract";
import { api } from "@/lib/api";

export const adminTemplatesKey = ["admin", "templates"] as const;

/**
 * GET /api/admin/templates?search&limit&cursor → templates newest first, page after page by keyset
 * cursor (issue 22 §11); `search`: part of the title.
 */
export const adminTemplatesQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...adminTemplatesKey, { search }],
    queryFn: ({ signal, pageParam }) =>
      api<AdminTemplatePage>(`/admin/templates?${new URLSearchParams({ limit: "20", ...(search ? { search } : {}), ...(pageParam ? { cursor: pageParam } : {}) })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

/** The template as the loaded admin list has it now (after a refetch), or undefined. */
export function cachedTemplate(queryClient: QueryClient, id: string): AdminTemplateView | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<AdminTemplatePage>>({ queryKey: adminTemplatesKey })) {
    const found = data?.pages?.flatMap((p) => p.items).find((t) => t.id === id);
    if (found) return found;
  }
  return undefined;
}

/** POST (new) or PUT (edit, with the version it was made on: 409 STALE_EDIT when stale) /api/admin/templates[/:id]. */
export function saveTemplate(id: string | null, values: TemplateFormValues, version: number): Promise<CreatedTemplateView | UpdatedTemplateView> {
  return id
    ? api<UpdatedTemplateView>(`/admin/templates/${encodeURIComponent(id)}`, { method: "PUT", body: { ...values, version } })
    : api<CreatedTemplateView>("/admin/templates", { body: values });
}

/** DELETE /api/admin/templates/:id. */
export function deleteTemplate(id: string): Promise<DeletedTemplateView> {
  return api<DeletedTemplateView>(`/admin/templates/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** POST /api/admin/templates/ai/improve → {improvedText}. */
export function improveField(field: ImprovableField, text: string, context: { genre: string; title: string; description: string }): Promise<ImproveResultView> {
  return api<ImproveResultView>("/admin/templates/ai/improve", { body: { field, text, context } });
}

/** POST /api/admin/templates/ai/generate → {generatedContent} for the empty fields only. */
export function generateEmptyFields(title: string, genre: string, fields: Record<GeneratableField, string>): Promise<AdminGenerateResultView> {
  return api<AdminGenerateResultView>("/admin/templates/ai/generate", { body: { title, genre, fields } });
}

/** POST /api/admin/templates/ai/cover → {url} of the stored 16:9 cover. */
export function generateCover(title: string, description: string, genre: string): Promise<CoverResultView> {
  return api<CoverResultView>("/admin/templates/ai/cover", { body: { title, description, genre } });
}
