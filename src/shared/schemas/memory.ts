/**
 * The narrator's memory (issue 11 §1): the recap 'La storia finora', the facts 'Ricordi', the
 * story cards of templates and the prompt budget. One schema per form, shared by the web forms
 * and the server routes.
 */

import { z } from "zod";

/** Kinds of a fact, with their Italian labels (issue 11 §1 'Ricordi'; 'evento' issue 38 §2). */
export const FACT_KINDS = {
  personaggio: "Personaggio",
  luogo: "Luogo",
  oggetto: "Oggetto",
  evento: "Evento",
  promessa: "Promessa",
  ferita: "Ferita",
  alleato: "Alleato",
  nemico: "Nemico",
  altro: "Altro",
} as const;
export type FactKind = keyof typeof FACT_KINDS;

export const MAX_RECAP_LENGTH = 4000;
export const MAX_FACT_TITLE_LENGTH = 80;
export const MAX_FACT_TEXT_LENGTH = 500;
export const MAX_STORY_CARDS = 50;
export const MAX_CARD_TEXT_LENGTH = 1000;
export const MAX_CARD_KEYWORDS = 10;

/** Prompt budget in tokens (issue 11 §1): default and admin-editable bounds. */
export const DEFAULT_PROMPT_BUDGET = 6000;
export const MIN_PROMPT_BUDGET = 1000;
export const MAX_PROMPT_BUDGET = 32000;

const BUDGET_MESSAGE = `Il budget del prompt deve essere un numero intero compreso tra ${MIN_PROMPT_BUDGET} e ${MAX_PROMPT_BUDGET} token.`;

/** Prompt budget field of the genre prompt and template forms. */
export const promptBudgetSchema = z
  .number({ error: BUDGET_MESSAGE })
  .int(BUDGET_MESSAGE)
  .min(MIN_PROMPT_BUDGET, BUDGET_MESSAGE)
  .max(MAX_PROMPT_BUDGET, BUDGET_MESSAGE);

/** PUT /api/games/:id/memory/recap {text}: the player's edit of 'La storia finora' (empty clears it). */
export const recapSchema = z.object({
  text: z.string().trim().max(MAX_RECAP_LENGTH, `Il riassunto può contenere al massimo ${MAX_RECAP_LENGTH} caratteri.`),
});

/** POST /api/games/:id/memory/facts: a fact the player adds to 'Ricordi'. */
export const factSchema = z.object({
  kind: z.enum(Object.keys(FACT_KINDS) as [FactKind, ...FactKind[]], { error: "Scegli il tipo del ricordo." }),
  title: z
    .string()
    .trim()
    .min(1, "Il nome del ricordo non può essere vuoto.")
    .max(MAX_FACT_TITLE_LENGTH, `Il nome può contenere al massimo ${MAX_FACT_TITLE_LENGTH} caratteri.`),
  text: z
    .string()
    .trim()
    .min(1, "Il testo del ricordo non può essere vuoto.")
    .max(MAX_FACT_TEXT_LENGTH, `Il testo può contenere al massimo ${MAX_FACT_TEXT_LENGTH} caratteri.`),
  pinned: z.boolean().default(false),
});

/** PATCH /api/games/:id/memory/facts/:factId: any field of a fact, at least one. */
export const factPatchSchema = factSchema
  // Without the default of `pinned`: a patch that does not name it leaves it as it is.
  .extend({ pinned: z.boolean({ error: "Indica se il ricordo è fissato." }) })
  .partial()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), "Nessuna modifica da salvare.");

/**
 * One story card (world info) of a template (issue 11 §1; 'Schede del mondo', issue 40 §2): enters the
 * prompt when a keyword appears in the recent turns, or always when `constant`; never when not `enabled`.
 */
export const storyCardSchema = z.object({
  title: z.string().trim().min(1, "Il titolo della voce non può essere vuoto.").max(MAX_FACT_TITLE_LENGTH, `Il titolo può contenere al massimo ${MAX_FACT_TITLE_LENGTH} caratteri.`),
  text: z.string().trim().min(1, "Il testo della voce non può essere vuoto.").max(MAX_CARD_TEXT_LENGTH, `Il testo può contenere al massimo ${MAX_CARD_TEXT_LENGTH} caratteri.`),
  keywords: z
    .array(z.string().trim().min(1, "Una parola chiave non può essere vuota.").max(40, "Una parola chiave può contenere al massimo 40 caratteri."))
    .max(MAX_CARD_KEYWORDS, `Al massimo ${MAX_CARD_KEYWORDS} parole chiave per voce.`),
  /** Always in the prompt ('sempre attiva', a card's `constant`; issue 40 §2); stored JSON without it: false. */
  constant: z.boolean({ error: "Indica se la voce è sempre attiva." }).default(false),
  /** Off: never enters the prompt (a card's `enabled`); stored JSON without it: true. */
  enabled: z.boolean({ error: "Indica se la voce è attiva." }).default(true),
  /** Insertion order (a card's `insertion_order`): lower first; the highest is dropped first. Stored JSON without it: 100. */
  order: z.number({ error: "L'ordine della voce deve essere un numero intero." }).int("L'ordine della voce deve essere un numero intero.").min(-100000).max(100000).default(100),
  // A card that is always on (or off) needs no keyword; one that waits for a keyword needs one.
}).refine((card) => card.keywords.length > 0 || card.constant || !card.enabled, { message: "Aggiungi almeno una parola chiave.", path: ["keywords"] });
export type StoryCard = z.infer<typeof storyCardSchema>;
/** A story card as a form sends it (the issue 40 §2 fields optional). */
export type StoryCardInput = z.input<typeof storyCardSchema>;

/** The story cards of a template form. */
export const storyCardsSchema = z.array(storyCardSchema).max(MAX_STORY_CARDS, `Al massimo ${MAX_STORY_CARDS} voci per modello.`);
