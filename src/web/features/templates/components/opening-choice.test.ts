/** The previews of 'Scegli l'inizio' (issue 40 §1): at most ~140 characters, cut at a word. */

import { describe, expect, it } from "vitest";
import { OPENING_PREVIEW_CHARS, openingPreview } from "./opening-choice";

describe("openingPreview", () => {
  it("keeps a short opening whole, its spacing flattened", () => {
    expect(openingPreview("Ciao {{user}},\n\n  benvenuto. ")).toBe("Ciao {{user}}, benvenuto.");
  });

  it("cuts a long opening after its last whole word with '…'", () => {
    const text = `${"parola ".repeat(40)}fine`;
    const preview = openingPreview(text);
    expect(preview.length).toBeLessThanOrEqual(OPENING_PREVIEW_CHARS + 1);
    expect(preview).toMatch(/^(parola )*parola…$/);
  });

  it("cuts a text without spaces at the limit", () => {
    expect(openingPreview("x".repeat(10_000))).toBe(`${"x".repeat(OPENING_PREVIEW_CHARS)}…`);
  });
});
