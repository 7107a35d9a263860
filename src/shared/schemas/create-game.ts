/**
 * /crea-gioco, "create your own game" (spec §2 route table; the content of the page is the
 * issue's choice): title, one of the 14 genres, a premise that becomes the narrator's opening,
 * and optional response style, pacing and interaction style (the template form's lists, §5).
 * One schema for the form and for POST /api/custom-games.
 */

import { z } from "zod";
import { GENRES } from "../genres";
import { TEMPLATE_INTERACTION_STYLES, TEMPLATE_LIMITS, TEMPLATE_MESSAGES, TEMPLATE_RESPONSE_STYLES, TEMPLATE_STORY_PACINGS } from "./template";

export const CREATE_GAME_MESSAGES = {
  title: TEMPLATE_MESSAGES.title,
  genre: "Seleziona un genere",
  premise: "La premessa deve avere almeno 20 caratteri.",
} as const;

/** An optional choice: "" or missing → null ("Predefinito del genere"). */
const optionalChoice = <T extends readonly [string, ...string[]]>(list: T, message: string) =>
  z
    .union([z.enum(list, { error: message }), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

export const createCustomGameSchema = z.object({
  title: z
    .string({ error: CREATE_GAME_MESSAGES.title })
    .trim()
    .min(3, CREATE_GAME_MESSAGES.title)
    .max(TEMPLATE_LIMITS.titleMax, `Il titolo può contenere al massimo ${TEMPLATE_LIMITS.titleMax} caratteri.`),
  genre: z.enum(GENRES, { error: CREATE_GAME_MESSAGES.genre }),
  premise: z
    .string({ error: CREATE_GAME_MESSAGES.premise })
    .trim()
    .min(20, CREATE_GAME_MESSAGES.premise)
    .max(TEMPLATE_LIMITS.initialPromptMax, `La premessa può contenere al massimo ${TEMPLATE_LIMITS.initialPromptMax} caratteri.`),
  response_style: optionalChoice(TEMPLATE_RESPONSE_STYLES, TEMPLATE_MESSAGES.responseStyle),
  story_pacing: optionalChoice(TEMPLATE_STORY_PACINGS, TEMPLATE_MESSAGES.storyPacing),
  interaction_style: optionalChoice(TEMPLATE_INTERACTION_STYLES, TEMPLATE_MESSAGES.interactionStyle),
});

export type CreateCustomGameValues = z.input<typeof createCustomGameSchema>;
export type CreateCustomGameInput = z.output<typeof createCustomGameSchema>;

export const CREATE_GAME_DEFAULTS = {
  title: "",
  genre: "Fantasy",
  premise: "",
  response_style: "",
  story_pacing: "",
  interaction_style: "",
} as const satisfies CreateCustomGameValues;

/** Fields 'Genera con AI' may fill on /crea-gioco (the empty ones). */
export const CUSTOM_GAME_GENERATABLE = ["premise", "response_style", "story_pacing", "interaction_style"] as const;
export type CustomGameGeneratable = (typeof CUSTOM_GAME_GENERATABLE)[number];

/**
 * Daily messages one 'Genera con AI' costs a player (a model call paid like a narrated turn; admins
 * pay nothing, spec §6). Shown on the button (issue 22 §5).
 */
export const CUSTOM_GAME_GENERATE_COST = 1;

/**
 * The generatable fields 'Genera con AI' would fill: those empty or blank in `values`.
 * Input: the form's values (any subset). Output: the field names, in form order; [] = nothing to
 * fill, and then nothing is asked of the model nor charged (issue 22 §5).
 */
export function emptyGeneratableFields(values: Partial<Record<CustomGameGeneratable, string | null | undefined>>): CustomGameGeneratable[] {
  return CUSTOM_GAME_GENERATABLE.filter((field) => !values[field]?.trim());
}

/** POST /api/custom-games/generate {title, genre, fields}: fills the empty fields from title and genre. */
export const generateCustomGameSchema = z.object({
  title: z.string().trim().max(TEMPLATE_LIMITS.titleMax).default(""),
  genre: z.string().trim().max(40).default(""),
  fields: z.partialRecord(z.enum(CUSTOM_GAME_GENERATABLE), z.union([z.string().max(TEMPLATE_LIMITS.initialPromptMax), z.null()])).default({}),
});
export type GenerateCustomGameInput = z.output<typeof generateCustomGameSchema>;
