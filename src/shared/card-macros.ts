/**
 * The macros of character cards (issue 40 §3; github.com/malfoyslastname/character-card-spec-v2
 * "{{char}} and {{user}}"): a card's texts keep `{{user}}` and `{{char}}` in storage; when the
 * story is played they become the player's name and the character's. SillyTavern also reads the
 * older `<USER>` and `<BOT>`; all four are matched whatever their case.
 */

/**
 * Replaces the card macros in a text. Input: the text and the names ({user: the player's nickname,
 * char: the main character's name}). Output: the text with every `{{user}}`/`<USER>` and
 * `{{char}}`/`<BOT>` (any case) replaced; anything else untouched.
 */
export function replaceCardMacros(text: string, names: { user: string; char: string }): string {
  return text.replace(/\{\{\s*user\s*\}\}|<user>/gi, () => names.user).replace(/\{\{\s*char\s*\}\}|<bot>/gi, () => names.char);
}
