/**
 * Template form (spec §2 Admin templates, §5 Template form, §9 limits and slider steps): one
 * schema for the admin dialog at /admin/templates and for POST/PUT /api/admin/templates, with
 * the spec's Italian messages. Parsing applies the save rules: blank optional texts become null,
 * forbidden topics (comma-separated text or a list) are split on commas, trimmed and emptied
 * of blank entries, an empty cover URL becomes null.
 *
 * Also the inputs of the AI helpers (spec §5 AI helpers, §7 improve-text / generate-content).
 */

import { z } from "zod";
import { TEMPLATE_GENRES } from "../genres";
import { DEFAULT_PROMPT_BUDGET, promptBudgetSchema, storyCardsSchema } from "./memory";
import { queryInteger } from "./query-number";

/** Choice lists of the template form (spec §5); defaults bilanciato, bilanciato, guidato. */
export const TEMPLATE_RESPONSE_STYLES = ["bilanciato", "creativo", "preciso", "drammatico", "umoristico"] as const;
export const TEMPLATE_STORY_PACINGS = ["lento", "bilanciato", "veloce"] as const;
export const TEMPLATE_INTERACTION_STYLES = ["guidato", "aperto", "misto"] as const;

/** Limits and slider steps (spec §5, §9): temperature 0–2 step 0.1, max tokens 50–8192 step 50, memory 0–20 step 1. */
export const TEMPLATE_LIMITS = {
  temperature: { min: 0, max: 2, step: 0.1 },
  maxTokens: { min: 50, max: 8192, step: 50 },
  contextMemory: { min: 0, max: 20, step: 1 },
  titleMax: 120,
  descriptionMax: 2_000,
  initialPromptMax: 6_000,
  systemPromptMax: 20_000,
  textMax: 2_000,
} as const;

export const TEMPLATE_MESSAGES = {
  title: "Il titolo deve avere almeno 3 caratteri.",
  description: "La descrizione deve avere almeno 10 caratteri.",
  genre: "Scegli un genere tra Fantasy, Giallo, Storico, Guerra, Avventura e Romantico.",
  coverUrl: "Inserisci un URL valido per l'immagine.",
  /** Issue 9: the site's CSP loads images over https only; an http:// cover would never show. */
  coverHttps: "L'URL dell'immagine deve iniziare con https://.",
  initialPrompt: "Il contenuto iniziale deve avere almeno 20 caratteri.",
  temperature: "La creatività deve essere un numero compreso tra 0 e 2.",
  maxTokens: "La lunghezza massima deve essere un numero intero compreso tra 50 e 8192.",
  contextMemory: "La memoria del contesto deve essere un numero intero compreso tra 0 e 20.",
  responseStyle: "Scegli uno stile di risposta dall'elenco.",
  storyPacing: "Scegli un ritmo dall'elenco.",
  interactionStyle: "Scegli uno stile di interazione dall'elenco.",
} as const;

/**
 * Splits comma-separated forbidden topics (spec §5): entries trimmed, empty ones dropped.
 * Input: text, a list, or nothing. Output: the list ([] for an empty value).
 */
export function splitForbiddenTopics(value: string | readonly string[] | null | undefined): string[] {
  const parts = Array.isArray(value) ? value : (typeof value === "string" ? value : "").split(",");
  return parts.map((t: string) => t.trim()).filter((t: string) => t !== "");
}

/**
 * True for a cover URL the site may show: an absolute https URL, or one of our stored images
 * (/media/…). http:// is refused (the CSP would block it and the page would show the placeholder
 * with no error; issue 9), and so are other schemes (javascript:, data:; DESIGN §5).
 */
export function isValidCoverUrl(value: string): boolean {
  if (/^\/media\/[a-z0-9][a-z0-9/_-]*\.(png|webp|jpe?g|gif)$/.test(value)) return true;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/** True for an absolute http:// URL (refused with its own message, TEMPLATE_MESSAGES.coverHttps). */
function isPlainHttpUrl(value: string): boolean {
  return /^http:\/\//i.test(value);
}

const optionalText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => {
      const text = (v ?? "").trim();
      return text === "" ? null : text;
    })
    .refine((v) => v === null || v.length <= max, `Il testo può contenere al massimo ${max} caratteri.`);

const required = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, `Il testo può contenere al massimo ${max} caratteri.`);

const choice = <T extends readonly [string, ...string[]]>(list: T, fallback: T[number], message: string) =>
  z.enum(list, { error: message }).default(fallback as never);

export const templateFormSchema = z.object({
  title: required(3, TEMPLATE_LIMITS.titleMax, TEMPLATE_MESSAGES.title),
  description: required(10, TEMPLATE_LIMITS.descriptionMax, TEMPLATE_MESSAGES.description),
  genre: z.enum(TEMPLATE_GENRES, { error: TEMPLATE_MESSAGES.genre }),
  cover_image_url: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => !isPlainHttpUrl(v), TEMPLATE_MESSAGES.coverHttps)
    .refine((v) => v === "" || isPlainHttpUrl(v) || (v.length <= 2_000 && isValidCoverUrl(v)), TEMPLATE_MESSAGES.coverUrl)
    .transform((v) => (v === "" ? null : v)),
  initial_prompt: required(20, TEMPLATE_LIMITS.initialPromptMax, TEMPLATE_MESSAGES.initialPrompt),
  system_prompt: optionalText(TEMPLATE_LIMITS.systemPromptMax),
  response_style: choice(TEMPLATE_RESPONSE_STYLES, "bilanciato", TEMPLATE_MESSAGES.responseStyle),
  story_pacing: choice(TEMPLATE_STORY_PACINGS, "bilanciato", TEMPLATE_MESSAGES.storyPacing),
  interaction_style: choice(TEMPLATE_INTERACTION_STYLES, "guidato", TEMPLATE_MESSAGES.interactionStyle),
  temperature: z
    .number({ error: TEMPLATE_MESSAGES.temperature })
    .min(0, TEMPLATE_MESSAGES.temperature)
    .max(2, TEMPLATE_MESSAGES.temperature)
    .default(1),
  max_tokens: z
    .number({ error: TEMPLATE_MESSAGES.maxTokens })
    .int(TEMPLATE_MESSAGES.maxTokens)
    .min(50, TEMPLATE_MESSAGES.maxTokens)
    .max(8192, TEMPLATE_MESSAGES.maxTokens)
    .default(1024),
  context_memory: z
    .number({ error: TEMPLATE_MESSAGES.contextMemory })
    .int(TEMPLATE_MESSAGES.contextMemory)
    .min(0, TEMPLATE_MESSAGES.contextMemory)
    .max(20, TEMPLATE_MESSAGES.contextMemory)
    .default(10),
  special_instructions: optionalText(TEMPLATE_LIMITS.textMax),
  preferred_vocabulary: optionalText(TEMPLATE_LIMITS.textMax),
  forbidden_topics: z
    .union([z.string(), z.array(z.string()), z.null()])
    .optional()
    .transform((v) => splitForbiddenTopics(v))
    .refine((list) => list.length <= 50 && list.every((t) => t.length <= 200), "Troppi argomenti vietati o argomenti troppo lunghi."),
  /** Issue 11 §1: tokens of the narrator's prompt (default 6,000) and the world's story cards. */
  prompt_budget: promptBudgetSchema.default(DEFAULT_PROMPT_BUDGET),
  story_cards: storyCardsSchema.default([]),
});

/** What the dialog edits (forbidden topics as comma-separated text). */
export type TemplateFormValues = z.input<typeof templateFormSchema>;
/** What is stored after the save rules. */
export type TemplateInput = z.output<typeof templateFormSchema>;

/** A new template's form values: the defaults of spec §5. */
export const TEMPLATE_FORM_DEFAULTS = {
  title: "",
  description: "",
  genre: "Fantasy",
  cover_image_url: "",
  initial_prompt: "",
  system_prompt: "",
  response_style: "bilanciato",
  story_pacing: "bilanciato",
  interaction_style: "guidato",
  temperature: 1,
  max_tokens: 1024,
  context_memory: 10,
  special_instructions: "",
  preferred_vocabulary: "",
  forbidden_topics: "",
  prompt_budget: DEFAULT_PROMPT_BUDGET,
  story_cards: [],
} as const satisfies TemplateFormValues;

// ── AI helpers (spec §5 AI helpers, §7 improve-text, generate-content) ───────────────────────

/** Text fields the 'improve' button works on (spec §2 Admin templates). */
export const IMPROVABLE_FIELDS = ["title", "description", "initial_prompt", "system_prompt", "special_instructions", "preferred_vocabulary"] as const;
export type ImprovableField = (typeof IMPROVABLE_FIELDS)[number];

/** Fields 'generate all empty fields' may fill (text fields; choices and sliders have defaults). */
export const GENERATABLE_FIELDS = ["description", "initial_prompt", "system_prompt", "special_instructions", "preferred_vocabulary", "forbidden_topics"] as const;
export type GeneratableField = (typeof GENERATABLE_FIELDS)[number];

const contextText = z.string().trim().max(TEMPLATE_LIMITS.descriptionMax).optional().default("");

/** POST /api/admin/templates/ai/improve: {text, field, context: {genre, title, description}}. */
export const improveTextSchema = z.object({
  text: z.string().max(TEMPLATE_LIMITS.systemPromptMax, "Il testo è troppo lungo.").default(""),
  field: z.enum(IMPROVABLE_FIELDS, { error: "Campo non valido." }),
  context: z
    .object({ genre: contextText, title: contextText, description: contextText })
    .optional()
    .default({ genre: "", title: "", description: "" }),
});
export type ImproveTextInput = z.output<typeof improveTextSchema>;

/**
 * POST /api/admin/templates/ai/generate: {title, genre, fields}. `fields` holds the current
 * values of the form's text fields; only the empty ones are generated (spec §5).
 */
export const generateContentSchema = z.object({
  title: z.string().trim().max(TEMPLATE_LIMITS.titleMax).default(""),
  genre: z.string().trim().max(40).default(""),
  fields: z.partialRecord(z.enum(GENERATABLE_FIELDS), z.union([z.string().max(TEMPLATE_LIMITS.systemPromptMax), z.null()])).default({}),
});
export type GenerateContentInput = z.output<typeof generateContentSchema>;

/** POST /api/admin/templates/ai/cover: {title, description, genre} (spec §5: all three needed). */
export const generateCoverSchema = z.object({
  title: z.string().trim().max(TEMPLATE_LIMITS.titleMax).default(""),
  description: z.string().trim().max(TEMPLATE_LIMITS.descriptionMax).default(""),
  genre: z.string().trim().max(40).default(""),
});
export type GenerateCoverInput = z.output<typeof generateCoverSchema>;

/** Like and favourite: the wanted state (idempotent), or nothing to toggle (spec §7 toggle_like). */
export const toggleSchema = z.object({ value: z.boolean().optional() }).default({});

/** GET /api/templates?limit&cursor (/scopri, most played first; cursor = the previous page's nextCursor). */
export const templateListQuerySchema = z.object({
  limit: queryInteger("limit", 1, 48, 12),
  cursor: z.string().max(400).optional(),
});
