import { describe, expect, it } from "vitest";
import { extractChoices, formatChoices } from "./choices";
import { parsePlayerAction } from "./commands";

describe("formatChoices (spec §2: 1/2/3 + dot, parenthesis or hyphen become A) B) C))", () => {
  it.each([
    ["1. Apri la porta\n2. Scappa\n3. Urla", "A) Apri la porta\nB) Scappa\nC) Urla"],
    ["1) Apri\n2) Scappa\n3) Urla", "A) Apri\nB) Scappa\nC) Urla"],
    ["1 - Apri\n2 - Scappa\n3 - Urla", "A) Apri\nB) Scappa\nC) Urla"],
    ["- 1. Apri\n- 2. Scappa", "- A) Apri\n- B) Scappa"],
  ])("%j", (input, expected) => {
    expect(formatChoices(input)).toBe(expected);
  });

  it("keeps numbers that are not list items and items beyond 3", () => {
    const text = "Nel 1492 arrivò la nave.\nHai 3 monete.\n4. Quarta opzione";
    expect(formatChoices(text)).toBe(text);
  });

  it("extracts the three choices after formatting, without markdown emphasis", () => {
    const text = "La porta cigola.\n\n1. **Entra** nella cripta\n2) Torna indietro\n3 - Chiama aiuto";
    expect(extractChoices(text)).toEqual({ A: "Entra nella cripta", B: "Torna indietro", C: "Chiama aiuto" });
  });
});

describe("parsePlayerAction (DESIGN §4: commands are interpreted by the server)", () => {
  it.each([
    ["/inizia", { kind: "start" }],
    [" /INIZIA ", { kind: "start" }],
    ["/A", { kind: "choice", letter: "A" }],
    ["b", { kind: "choice", letter: "B" }],
    ["C)", { kind: "choice", letter: "C" }],
    ["/nuovo", { kind: "new" }],
    ["Voglio iniziare un nuovo gioco", { kind: "new" }],
    ["/visualizza", { kind: "visualize" }],
    ["Apro la porta", { kind: "free", text: "Apro la porta" }],
    ["A me piace", { kind: "free", text: "A me piace" }],
  ])("%j", (input, expected) => {
    expect(parsePlayerAction(input)).toEqual(expected);
  });
});
