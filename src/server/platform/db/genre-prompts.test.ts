import { describe, expect, it } from "vitest";
import { GENRES } from "../../../shared/genres";
import {
  GENRE_PROMPT_SEEDS,
  INTERACTION_STYLES,
  PREFERRED_VOCABULARIES,
  RESPONSE_STYLES,
  STORY_PACINGS,
} from "./genre-prompts";

describe("genre prompt seeds", () => {
  it("has a seed for every genre and nothing else", () => {
    expect(Object.keys(GENRE_PROMPT_SEEDS).sort()).toEqual([...GENRES].sort());
  });

  it.each(GENRES.map((g) => [g]))("%s: Italian prompt that asks for three numbered choices", (genre) => {
    const seed = GENRE_PROMPT_SEEDS[genre];
    const words = seed.system_prompt.split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThanOrEqual(150);
    expect(words).toBeLessThanOrEqual(300);
    expect(seed.system_prompt).toMatch(/tre scelte numerate/);
    expect(seed.system_prompt).toMatch(/^1\. .+\n2\. .+\n3\. .+$/m);
    expect(seed.system_prompt).toMatch(/italiano/);
    expect(seed.system_prompt).toMatch(/seconda persona/);
    expect(seed.system_prompt).toMatch(/Non parlare mai al posto del giocatore/);
  });

  it.each(GENRES.map((g) => [g]))("%s: configuration within the form's lists and limits", (genre) => {
    const seed = GENRE_PROMPT_SEEDS[genre];
    expect(seed.temperature).toBeGreaterThanOrEqual(0.7);
    expect(seed.temperature).toBeLessThanOrEqual(1);
    expect(seed.max_tokens).toBe(1024);
    expect(seed.context_memory).toBe(10);
    expect(RESPONSE_STYLES).toContain(seed.response_style);
    expect(STORY_PACINGS).toContain(seed.story_pacing);
    expect(INTERACTION_STYLES).toContain(seed.interaction_style);
    if (seed.preferred_vocabulary !== null) expect(PREFERRED_VOCABULARIES).toContain(seed.preferred_vocabulary);
    expect(Array.isArray(seed.forbidden_topics)).toBe(true);
    for (const topic of seed.forbidden_topics) expect(topic.trim()).not.toBe("");
    if (seed.special_instructions !== null) expect(seed.special_instructions.trim()).not.toBe("");
  });
});
