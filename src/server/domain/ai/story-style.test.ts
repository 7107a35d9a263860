/** The story's style as the provider gets it (issue 38 §4): defaults change nothing, steps stay within the genre prompt form's bounds. */

import { describe, expect, it } from "vitest";
import { DEFAULT_STORY_STYLE } from "../../../shared/story-style";
import { buildSystemPrompt, type NarratorConfig } from "./prompt";
import { LENGTH_INSTRUCTIONS, withStoryStyle } from "./story-style";

const config: NarratorConfig = {
  system_prompt: "Sei il narratore.",
  temperature: 0.9,
  max_tokens: 1024,
  response_style: null,
  story_pacing: null,
  interaction_style: null,
  context_memory: 10,
  special_instructions: null,
  preferred_vocabulary: null,
  forbidden_topics: [],
  prompt_budget: 6000,
};

describe("withStoryStyle", () => {
  it("leaves the configuration and the system prompt as they were with the defaults", () => {
    const styled = withStoryStyle(config, DEFAULT_STORY_STYLE);
    expect(styled).toMatchObject({ temperature: 0.9, max_tokens: 1024 });
    expect(buildSystemPrompt(styled, "middle")).toBe(buildSystemPrompt(config, "middle"));
  });

  it("keeps the temperature within 0–2 and max_tokens within 8192", () => {
    expect(withStoryStyle({ ...config, temperature: 1.9, max_tokens: 6000 }, { length: "lunga", creativity: "audace" })).toMatchObject({ temperature: 2, max_tokens: 8192 });
    expect(withStoryStyle({ ...config, temperature: 0.1 }, { length: "media", creativity: "misurata" }).temperature).toBe(0);
  });

  it("'breve' halves max_tokens but leaves room for the choices (256), never above the configuration", () => {
    expect(withStoryStyle({ ...config, max_tokens: 400 }, { length: "breve", creativity: "equilibrata" }).max_tokens).toBe(256);
    expect(withStoryStyle({ ...config, max_tokens: 100 }, { length: "breve", creativity: "equilibrata" }).max_tokens).toBe(100);
  });

  it("puts the length instruction in the system prompt, before the ending's note", () => {
    const prompt = buildSystemPrompt(withStoryStyle(config, { length: "lunga", creativity: "equilibrata" }), "conclude");
    expect(prompt).toContain(LENGTH_INSTRUCTIONS.lunga!);
    expect(prompt.indexOf(LENGTH_INSTRUCTIONS.lunga!)).toBeLessThan(prompt.indexOf("Questo è il turno finale"));
  });
});
