/** Admin template API (spec §2 Admin templates; §7 improve-text, generate-content, generate-image). */

import type { GeneratableField, ImprovableField, TemplateFormValues } from "@shared/schemas/template";
import type { AdminTemplateView, CoverResultView, GenerateResultView, ImproveResultView } from "@shared/template-types";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const adminTemplatesKey = ["admin", "templates"] as const;

/** GET /api/admin/templates → every template, newest first. */
export const adminTemplatesQuery = queryOptions({
  queryKey: adminTemplatesKey,
  queryFn: ({ signal }) => api<AdminTemplateView[]>("/admin/templates", { signal }),
});

/** POST (new) or PUT (edit) /api/admin/templates[/:id] with the form values. */
export function saveTemplate(id: string | null, values: TemplateFormValues): Promise<AdminTemplateView> {
  return id
    ? api<AdminTemplateView>(`/admin/templates/${encodeURIComponent(id)}`, { method: "PUT", body: values })
    : api<AdminTemplateView>("/admin/templates", { body: values });
}

/** DELETE /api/admin/templates/:id. */
export function deleteTemplate(id: string): Promise<{ ok: true }> {
  return api<{ ok: true }>(`/admin/templates/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** POST /api/admin/templates/ai/improve → {improvedText}. */
export function improveField(field: ImprovableField, text: string, context: { genre: string; title: string; description: string }): Promise<ImproveResultView> {
  return api<ImproveResultView>("/admin/templates/ai/improve", { body: { field, text, context } });
}

/** POST /api/admin/templates/ai/generate → {generatedContent} for the empty fields only. */
export function generateEmptyFields(title: string, genre: string, fields: Record<GeneratableField, string>): Promise<GenerateResultView> {
  return api<GenerateResultView>("/admin/templates/ai/generate", { body: { title, genre, fields } });
}

/** POST /api/admin/templates/ai/cover → {url} of the stored 16:9 cover. */
export function generateCover(title: string, description: string, genre: string): Promise<CoverResultView> {
  return api<CoverResultView>("/admin/templates/ai/cover", { body: { title, description, genre } });
}
