/**
 * A story's style (issue 38 §4 "Player controls"): 'Lunghezza' and 'Creatività', chosen by the
 * story's owner in the game's menu. The steps, their labels and the defaults, without zod: the
 * game page's menu reads them on its first load (the form's schema: schemas/story-style.ts). The
 * defaults narrate as before the setting existed ('media', 'equilibrata'); what each step sends
 * to the provider is decided on the server (src/server/domain/ai/story-style.ts).
 */

export const STORY_LENGTHS = ["breve", "media", "lunga"] as const;
export type StoryLength = (typeof STORY_LENGTHS)[number];

export const STORY_CREATIVITIES = ["misurata", "equilibrata", "audace"] as const;
export type StoryCreativity = (typeof STORY_CREATIVITIES)[number];

/** The menu's labels, in the order shown. */
export const STORY_LENGTH_LABELS: Record<StoryLength, string> = { breve: "Breve", media: "Media", lunga: "Lunga" };
export const STORY_CREATIVITY_LABELS: Record<StoryCreativity, string> = { misurata: "Misurata", equilibrata: "Equilibrata", audace: "Audace" };

export interface StoryStyle {
  length: StoryLength;
  creativity: StoryCreativity;
}

/**
 * What the story's style sends to the provider, as 'Cosa ricorda il narratore' shows it
 * (PromptPreviewView.style): the story's choices, the temperature and max_tokens of the request,
 * and the system prompt's length instruction (null: none).
 */
export interface PromptStyleView extends StoryStyle {
  temperature: number;
  maxTokens: number;
  instruction: string | null;
}

/** A story nobody has set: narrated as before (the genre prompt's max_tokens and temperature). */
export const DEFAULT_STORY_STYLE: StoryStyle = { length: "media", creativity: "equilibrata" };
