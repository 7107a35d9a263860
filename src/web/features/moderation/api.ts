/**
 * Trust and safety for the web (issue 23): the report page's target and submission, the
 * author's statement of reasons and appeal, and the moderation queue ('Segnalazioni') with its
 * decisions, appeals, figures and monthly CSV.
 */

import type { AppealDecisionInput, ContentKindName, DecisionInput, ReportInput } from "@shared/schemas/moderation";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AppealDecidedView,
  AppealedDecisionView,
  AppealQueueView,
  DecisionView,
  ItemDecidedView,
  ModerationStatsView,
  QueueView,
  ReportReceiptView,
  ReportTargetView,
} from "@/lib/api-contract";
import { ApiError, api } from "@/lib/api";
import { toast } from "@/lib/toast";

const noRetryOn4xx = (failures: number, error: Error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

/** GET /api/reports/target/:kind/:id: the item the report page names (404 / 410 not retried). */
export const reportTargetQuery = (kind: ContentKindName, id: string) =>
  queryOptions({
    queryKey: ["report-target", kind, id],
    queryFn: ({ signal }) => api<ReportTargetView>(`/reports/target/${kind}/${encodeURIComponent(id)}`, { signal }),
    retry: noRetryOn4xx,
  });

/** POST /api/reports → the acknowledgement. Errors are shown by the page (the server's Italian text). */
export function useSendReport() {
  return useMutation({ mutationFn: (input: ReportInput) => api<ReportReceiptView>("/reports", { method: "POST", body: input }) });
}

/** GET /api/decisions/:id: the statement of reasons, for its author only (404 otherwise). */
export const decisionQuery = (id: string) =>
  queryOptions({
    queryKey: ["decision", id],
    queryFn: ({ signal }) => api<DecisionView>(`/decisions/${encodeURIComponent(id)}`, { signal }),
    retry: noRetryOn4xx,
  });

/** POST /api/decisions/:id/appeal ('Contesta la decisione'): the page shows the appeal afterwards. */
export function useAppeal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api<AppealedDecisionView>(`/decisions/${encodeURIComponent(id)}/appeal`, { method: "POST", body: { text } }),
    onSuccess: (view) => {
      queryClient.setQueryData(decisionQuery(id).queryKey, view);
      toast.success("Ricorso inviato", { description: "Lo esaminerà un moderatore diverso da chi ha deciso." });
    },
    onError: (error) => toast.error("Errore", { description: error instanceof ApiError ? error.message : "Impossibile inviare il ricorso." }),
  });
}

const queueKey = ["moderation", "queue"] as const;
const appealsKey = ["moderation", "appeals"] as const;
const statsKey = ["moderation", "stats"] as const;

export const queueQuery = queryOptions({ queryKey: queueKey, queryFn: ({ signal }) => api<QueueView>("/moderation/queue", { signal }) });
export const appealsQuery = queryOptions({ queryKey: appealsKey, queryFn: ({ signal }) => api<AppealQueueView>("/moderation/appeals", { signal }) });
export const moderationStatsQuery = queryOptions({ queryKey: statsKey, queryFn: ({ signal }) => api<ModerationStatsView>("/moderation/stats", { signal }) });

/** The monthly CSV's address (a download link). */
export const summaryCsvUrl = (month: string) => `/api/moderation/summary.csv?month=${encodeURIComponent(month)}`;

/** Refreshes the queue, the appeals and the figures after a decision. */
function useRefreshModeration() {
  const queryClient = useQueryClient();
  return () => Promise.all([queueKey, appealsKey, statsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** POST /api/moderation/items/:kind/:id/decision. */
export function useDecideItem() {
  const refresh = useRefreshModeration();
  return useMutation({
    mutationFn: ({ kind, id, input }: { kind: ContentKindName; id: string; input: DecisionInput }) =>
      api<ItemDecidedView>(`/moderation/items/${kind}/${encodeURIComponent(id)}/decision`, { method: "POST", body: input }),
    onSuccess: async () => {
      await refresh();
      toast.success("Decisione registrata", { description: "L'autore e chi ha segnalato sono stati avvisati." });
    },
    onError: (error) => toast.error("Errore", { description: error instanceof ApiError ? error.message : "Impossibile registrare la decisione." }),
  });
}

/** POST /api/moderation/appeals/:id/decision. */
export function useDecideAppeal() {
  const refresh = useRefreshModeration();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AppealDecisionInput }) => api<AppealDecidedView>(`/moderation/appeals/${encodeURIComponent(id)}/decision`, { method: "POST", body: input }),
    onSuccess: async () => {
      await refresh();
      toast.success("Ricorso deciso", { description: "L'autore ha ricevuto l'esito." });
    },
    onError: (error) => toast.error("Errore", { description: error instanceof ApiError ? error.message : "Impossibile registrare l'esito." }),
  });
}
