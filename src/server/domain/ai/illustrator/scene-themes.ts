/**
 * Reads the words of a scene (Italian) into visual themes for the offline illustrator and its
 * titles: night, sea, forest, city, castle, desert, space, fire, mountain, storm, snow, fog, dawn.
 */

import { z } from "zod";
import { GENRES, type GenreName } from "../../../../shared/genres";
import sceneWords from "./scene-words.json";

export type Theme =
  | "night" | "sea" | "forest" | "city" | "castle" | "desert" | "space" | "fire" | "mountain" | "storm" | "snow" | "fog" | "dawn";

const THEMES = ["night", "sea", "forest", "city", "castle", "desert", "space", "fire", "mountain", "storm", "snow", "fog", "dawn"] as const satisfies readonly Theme[];
const words = z.array(z.string().min(1)).min(1);
const perTheme = z.record(z.enum(THEMES), words);

/**
 * The word lists (scene-words.json beside this file, issue 37 §6), checked at load: `stems`, word
 * stems per theme (matched at the start of a word, case- and accent-insensitive); `genreDefaults`,
 * the themes each genre leans on when the scene names none of its own; `titles`, title pieces per
 * theme for offline titles (Italian, no punctuation).
 */
const { stems: STEMS, genreDefaults, titles: TITLE_NOUNS } = z
  .object({
    stems: perTheme,
    genreDefaults: z.record(z.enum(GENRES), z.array(z.enum(THEMES)).min(1)),
    titles: perTheme,
  })
  .parse(sceneWords);

/** Themes each genre leans on when the scene names none of its own. */
export const GENRE_DEFAULT_THEMES: Record<GenreName, Theme[]> = genreDefaults;


/** Lower-case, accents removed: 'Città' → 'citta'. */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Themes named by the scene's words, strongest first (by number of hits), then the genre's
 * defaults when none is named. Output: a non-empty list without duplicates.
 */
export function themesOf(scene: string, genre: GenreName): Theme[] {
  const words = fold(scene).split(/[^a-z0-9]+/).filter(Boolean);
  const text = ` ${words.join(" ")}`;
  const scores = new Map<Theme, number>();
  for (const [theme, stems] of Object.entries(STEMS) as [Theme, string[]][]) {
    let hits = 0;
    for (const stem of stems) {
      let from = 0;
      for (;;) {
        const at = text.indexOf(` ${stem}`, from);
        if (at < 0) break;
        hits += 1;
        from = at + stem.length + 1;
      }
    }
    if (hits) scores.set(theme, hits);
  }
  const named = [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);
  return named.length ? named : [...GENRE_DEFAULT_THEMES[genre]];
}

/** A short Italian title from the scene's main theme, deterministic for the same scene. */
export function offlineTitle(scene: string, genre: GenreName, seed: number): string {
  const [main] = themesOf(scene, genre);
  const options = TITLE_NOUNS[main!];
  return options[seed % options.length]!;
}
