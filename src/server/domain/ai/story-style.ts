/**
 * What a story's style (issue 38 §4: 'Lunghezza', 'Creatività') sends to the provider: the one
 * owner of that mapping, read by the turn and by the memory viewer's prompt alike.
 *
 * - Creatività moves the temperature from the narrator configuration's (the genre prompt's, or
 *   the story's own copy): 'misurata' −0.3, 'equilibrata' as configured, 'audace' +0.3, kept within
 *   the genre prompt form's bounds (0–2, spec §5).
 * - Lunghezza scales max_tokens ('breve' ×0.5 but never under 256 tokens unless the configuration
 *   itself is lower, so the three choices still fit; 'media' as configured; 'lunga' ×2 up to the
 *   form's 8192) and adds a length instruction to the system prompt ('media': none).
 * The defaults ('media', 'equilibrata') leave the configuration exactly as it was.
 */

import { GENRE_PROMPT_LIMITS } from "../../../shared/schemas/genre-prompt";
import type { StoryCreativity, StoryLength, StoryStyle } from "../../../shared/story-style";
import type { NarratorConfig } from "./prompt";

const TEMPERATURE_SHIFT: Record<StoryCreativity, number> = { misurata: -0.3, equilibrata: 0, audace: 0.3 };
const MAX_TOKENS_FACTOR: Record<StoryLength, number> = { breve: 0.5, media: 1, lunga: 2 };
/** Fewest tokens 'breve' asks for: two short paragraphs and three choices. */
const BRIEF_FLOOR_TOKENS = 256;

/** The system prompt's length instruction, per Lunghezza (null: none, as before). */
export const LENGTH_INSTRUCTIONS: Record<StoryLength, string | null> = {
  breve: "Lunghezza dei turni: breve. Scrivi uno o due paragrafi brevi prima delle tre scelte.",
  media: null,
  lunga: "Lunghezza dei turni: lunga. Scrivi da quattro a sei paragrafi ricchi di dettagli prima delle tre scelte.",
};

/**
 * The narrator configuration of a story with its style applied.
 * Input: the configuration (temperature 0–2, max_tokens 10–8192) and the story's style.
 * Output: a new configuration: temperature (rounded to 0.01) and max_tokens as described above,
 * `length_instruction` for buildSystemPrompt and `style` for the memory viewer. Never throws.
 */
export function withStoryStyle(config: NarratorConfig, style: StoryStyle): NarratorConfig {
  const { temperature: t, maxTokens: m } = GENRE_PROMPT_LIMITS;
  const temperature = Math.round(Math.min(t.max, Math.max(t.min, config.temperature + TEMPERATURE_SHIFT[style.creativity])) * 100) / 100;
  const scaled = Math.round(config.max_tokens * MAX_TOKENS_FACTOR[style.length]);
  const maxTokens = Math.min(m.max, Math.max(Math.min(config.max_tokens, BRIEF_FLOOR_TOKENS), scaled));
  return { ...config, temperature, max_tokens: maxTokens, length_instruction: LENGTH_INSTRUCTIONS[style.length], style };
}
