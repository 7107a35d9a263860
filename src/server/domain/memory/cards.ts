/**
 * Story cards (world info, issue 11 §1): a template's entries {title, text, keywords}, copied into
 * the games made from it; a card enters the prompt when one of its keywords appears in the
 * recent turns, whatever the case and the accents ('citta' matches 'Città').
 */

import { type StoryCard, storyCardsSchema } from "../../../shared/schemas/memory";
import { fold } from "./normalize";

/**
 * Reads saved_games.story_cards. Input: the stored JSON or null. Output: the cards ([] for null
 * or for JSON that is not a valid card list, so a bad row never breaks a turn).
 */
export function parseStoryCards(stored: string | null): StoryCard[] {
  if (!stored) return [];
  try {
    const parsed = storyCardsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Escapes a text for use inside a regular expression. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The cards whose keyword appears as a whole word (or words) in the texts.
 * Input: the game's cards and the recent turns' texts. Output: the matching cards, in their order.
 */
export function matchingCards(cards: readonly StoryCard[], texts: readonly string[]): StoryCard[] {
  if (cards.length === 0) return [];
  const haystack = fold(texts.join("\n"));
  return cards.filter((card) =>
    card.keywords.some((keyword) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(fold(keyword.trim()))}(?![\\p{L}\\p{N}])`, "u").test(haystack)),
  );
}
