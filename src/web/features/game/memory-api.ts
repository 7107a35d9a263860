/**
 * The narrator's memory for the web (issue 11 §1): 'La storia finora', 'Ricordi', the game's
 * 'Schede del mondo' and 'Cosa ricorda il narratore'. Query options, and mutation hooks that
 * keep the memory query in step with the server's answers.
 */

import type { z } from "zod";
import type { factPatchSchema, factSchema, recapSchema } from "@shared/schemas/memory";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreatedFactView, FactView, MemoryView, PatchedFactView, PromptPreviewView, SavedRecapView } from "@/lib/api-contract";
import { api } from "@/lib/api";
import { showError } from "./show-error";

export type RecapInput = z.output<typeof recapSchema>;
export type FactInput = z.output<typeof factSchema>;
export type FactPatch = z.output<typeof factPatchSchema>;

const base = (gameId: string) => `/games/${encodeURIComponent(gameId)}/memory`;

/** Query key of everything about one game's memory (the memory and the prompt preview below it). */
export const memoryKey = (gameId: string) => ["game", gameId, "memory"] as const;
/** Query key of 'Cosa ricorda il narratore'. */
export const promptPreviewKey = (gameId: string) => [...memoryKey(gameId), "prompt"] as const;

/**
 * GET /api/games/:id/memory → MemoryView {recap | null, facts, cards}. Read fresh each time the
 * panel opens (the narrator updates it after narrations).
 */
export const memoryQuery = (gameId: string) =>
  queryOptions({
    queryKey: memoryKey(gameId),
    queryFn: ({ signal }) => api<MemoryView>(base(gameId), { signal }),
    staleTime: 0,
  });

/**
 * GET /api/games/:id/memory/prompt → PromptPreviewView: the sections of the next prompt with
 * their token counts, the budget and the total (the system section's text is null for players).
 */
export const promptPreviewQuery = (gameId: string) =>
  queryOptions({
    queryKey: promptPreviewKey(gameId),
    queryFn: ({ signal }) => api<PromptPreviewView>(`${base(gameId)}/prompt`, { signal }),
    staleTime: 0,
  });

/**
 * Input: the game id. Output: mutations on the memory, each one updating the memory query with
 * the server's answer and marking the prompt preview stale:
 * - `saveRecap`: PUT …/memory/recap {text} → RecapView | null (an empty text clears it);
 * - `addFact`: POST …/memory/facts {kind, title, text, pinned} → 201 FactView;
 * - `updateFact`: PATCH …/memory/facts/:factId {any field} → FactView ('Fissa' / 'Sblocca' too);
 * - `deleteFact`: DELETE …/memory/facts/:factId → 204.
 * Errors (400 with the schema's Italian text, 404) show in a toast and reject mutateAsync.
 */
export function useMemoryMutations(gameId: string) {
  const queryClient = useQueryClient();
  const key = memoryKey(gameId);
  const update = (change: (memory: MemoryView) => MemoryView) => {
    queryClient.setQueryData<MemoryView>(key, (memory) => memory && change(memory));
    void queryClient.invalidateQueries({ queryKey: promptPreviewKey(gameId) });
  };
  const replaceFact = (fact: FactView) => update((m) => ({ ...m, facts: m.facts.map((f) => (f.id === fact.id ? fact : f)) }));

  const saveRecap = useMutation({
    mutationFn: (input: RecapInput) => api<SavedRecapView>(`${base(gameId)}/recap`, { method: "PUT", body: input }),
    onSuccess: (recap) => update((m) => ({ ...m, recap })),
    onError: showError,
  });
  const addFact = useMutation({
    mutationFn: (input: FactInput) => api<CreatedFactView>(`${base(gameId)}/facts`, { body: input }),
    onSuccess: (fact) => update((m) => ({ ...m, facts: [...m.facts, fact] })),
    onError: showError,
  });
  const updateFact = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: FactPatch }) => api<PatchedFactView>(`${base(gameId)}/facts/${encodeURIComponent(id)}`, { method: "PATCH", body: patch }),
    onSuccess: replaceFact,
    onError: showError,
  });
  const deleteFact = useMutation({
    mutationFn: (id: string) => api<void>(`${base(gameId)}/facts/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_nothing, id) => update((m) => ({ ...m, facts: m.facts.filter((f) => f.id !== id) })),
    onError: showError,
  });
  return { saveRecap, addFact, updateFact, deleteFact };
}
