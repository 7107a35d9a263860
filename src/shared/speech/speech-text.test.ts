import { describe, expect, it } from "vitest";
import { speechSegments } from "./speech-text";

const NARRATION = [
  "# Capitolo primo",
  "",
  "La **cripta** è buia. Il Sig. Neri accende una [torcia](https://example.com)… *Qualcosa* si muove.",
  "",
  "> «Chi è?» sussurri.",
  "",
  "Cosa fai?",
  "",
  "1. **Entra** nella cripta",
  "2) Torna indietro",
  "3 - Chiama _aiuto_",
].join("\n");

describe("speechSegments (issue 13 Listen: what is read of a narration)", () => {
  it("reads the sentences as plain text, then the choices as 'Scelta A: …'", () => {
    expect(speechSegments(NARRATION, true).map((s) => s.speak)).toEqual([
      "Capitolo primo",
      "La cripta è buia.",
      "Il Sig. Neri accende una torcia…",
      "Qualcosa si muove.",
      "«Chi è?» sussurri.",
      "Cosa fai?",
      "Scelta A: Entra nella cripta",
      "Scelta B: Torna indietro",
      "Scelta C: Chiama aiuto",
    ]);
  });

  it("shows the choice without its letter, with hints in non-space characters of the page's text", () => {
    const segments = speechSegments("Uno due. Tre.\n\n1. Vai avanti\n2. Resta\n3. Torna", true);
    expect(segments.map((s) => [s.show, s.hint])).toEqual([
      ["Uno due.", 0],
      ["Tre.", 7],
      ["Vai avanti", 13],
      ["Resta", 24],
      ["Torna", 31],
    ]);
  });

  it("while streaming, never reads a choice, nor a sentence still being written, and only adds segments", () => {
    let previous: string[] = [];
    for (let end = 1; end <= NARRATION.length; end++) {
      const now = speechSegments(NARRATION.slice(0, end), false).map((s) => s.speak);
      expect(now.slice(0, previous.length)).toEqual(previous);
      expect(now.some((s) => s.startsWith("Scelta") || /Entra|Torna|aiuto/.test(s))).toBe(false);
      previous = now;
    }
    expect(previous.at(-1)).toBe("Cosa fai?");
  });

  it("keeps plain text as it is (no HTML meaning): markup-like text is read as written", () => {
    expect(speechSegments("Scrive <b>ciao</b> sul muro.", true).map((s) => s.speak)).toEqual(["Scrive <b>ciao</b> sul muro."]);
  });
});
