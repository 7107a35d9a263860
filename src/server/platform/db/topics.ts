/** Forbidden topics are stored as JSON text (a string[]) in saved_games and genre_prompts (spec §3). */

/** Reads stored forbidden topics: the list's strings, [] for null, a non-list or malformed JSON. */
export function parseStoredTopics(json: string | null): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}
