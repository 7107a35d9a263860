/**
 * Genre prompt form (spec §3 genre_prompts and its choice lists, §5 Genre prompt form, §9
 * limits): one schema for the admin form at /admin/genres and for PUT /api/admin/genres/:id,
 * with the spec's Italian messages. Parsing also applies the save rules of §5: empty
 * special_instructions and preferred_vocabulary become null; forbidden_topics (comma-separated
 * text, or already a list) is split on commas, trimmed, and emptied of blank entries.
 */

import { z } from "zod";
import { DEFAULT_PROMPT_BUDGET, promptBudgetSchema } from "./memory";

/** Choice lists for genre prompt editing (spec §3). */
export const RESPONSE_STYLES = ["bilanciato", "drammatico", "descrittivo", "conciso", "poetico", "diretto"] as const;
export const STORY_PACINGS = ["lento", "medio", "veloce", "variabile", "epico"] as const;
export const INTERACTION_STYLES = ["guidato", "libero", "semi-guidato", "interattivo", "narrativo"] as const;
export const PREFERRED_VOCABULARIES = ["formale", "colloquiale", "epico", "tecnico", "poetico", "semplice"] as const;

/** Limits of spec §5 and §9: temperature 0–2 (step 0.1), max_tokens 10–8192, memory 0–20. */
export const GENRE_PROMPT_LIMITS = {
  temperature: { min: 0, max: 2, step: 0.1 },
  maxTokens: { min: 10, max: 8192 },
  contextMemory: { min: 0, max: 20 },
  systemPromptMax: 20_000,
  textMax: 2_000,
} as const;

const TEMPERATURE_MESSAGE = "La temperatura deve essere un numero compreso tra 0 e 2.";
const MAX_TOKENS_MESSAGE = "I token massimi devono essere un numero intero compreso tra 10 e 8192.";
const MEMORY_MESSAGE = "La memoria del contesto deve essere un numero intero compreso tra 0 e 20.";

/** A required choice: the spec's "required" message when empty, a list message when unknown. */
function choice(list: readonly string[], required: string, unknown: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => list.includes(v), unknown);
}

/** Optional free text: blank or missing → null (spec §5 save rule). */
const optionalText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => {
    const text = (v ?? "").trim();
    return text === "" ? null : text;
  })
  .refine((v) => v === null || v.length <= GENRE_PROMPT_LIMITS.textMax, `Il testo può contenere al massimo ${GENRE_PROMPT_LIMITS.textMax} caratteri.`);

export const genrePromptSchema = z.object({
  system_prompt: z
    .string({ error: "Il prompt di sistema è obbligatorio." })
    .trim()
    .min(1, "Il prompt di sistema è obbligatorio.")
    .max(GENRE_PROMPT_LIMITS.systemPromptMax, `Il prompt di sistema può contenere al massimo ${GENRE_PROMPT_LIMITS.systemPromptMax} caratteri.`),
  temperature: z.number({ error: TEMPERATURE_MESSAGE }).min(0, TEMPERATURE_MESSAGE).max(2, TEMPERATURE_MESSAGE),
  max_tokens: z.number({ error: MAX_TOKENS_MESSAGE }).int(MAX_TOKENS_MESSAGE).min(10, MAX_TOKENS_MESSAGE).max(8192, MAX_TOKENS_MESSAGE),
  response_style: choice(RESPONSE_STYLES, "Lo stile di risposta è obbligatorio.", "Scegli uno stile di risposta dall'elenco."),
  context_memory: z.number({ error: MEMORY_MESSAGE }).int(MEMORY_MESSAGE).min(0, MEMORY_MESSAGE).max(20, MEMORY_MESSAGE),
  story_pacing: choice(STORY_PACINGS, "Il ritmo è obbligatorio.", "Scegli un ritmo dall'elenco."),
  interaction_style: choice(INTERACTION_STYLES, "Lo stile di interazione è obbligatorio.", "Scegli uno stile di interazione dall'elenco."),
  special_instructions: optionalText,
  preferred_vocabulary: optionalText.refine(
    (v) => v === null || (PREFERRED_VOCABULARIES as readonly string[]).includes(v),
    "Scegli un vocabolario dall'elenco.",
  ),
  forbidden_topics: z
    .union([z.string(), z.array(z.string()), z.null()])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : (v ?? "").split(","))
        .map((t) => t.trim())
        .filter((t) => t !== ""),
    )
    .refine((list) => list.length <= 50 && list.every((t) => t.length <= 200), "Troppi argomenti vietati o argomenti troppo lunghi."),
  /** Issue 11 §1: tokens of the narrator's prompt (default 6,000). */
  prompt_budget: promptBudgetSchema.default(DEFAULT_PROMPT_BUDGET),
});

/** What the form edits (forbidden_topics as comma-separated text). */
export type GenrePromptFormValues = z.input<typeof genrePromptSchema>;
/** What is stored after the save rules (forbidden_topics as a list, blanks as null). */
export type GenrePromptInput = z.output<typeof genrePromptSchema>;
