import { describe, expect, it } from "vitest";
import { extractChoices, formatChoices } from "./choices";
import { parsePlayerAction } from "./commands";

describe("formatChoices (spec §2: 1/2/3 + dot, parenthesis or hyphen become A) B) C); issue 22 §4: list lines only)", () => {
  it.each([
    ["1. Apri la porta\n2. Scappa\n3. Urla", "A) Apri la porta\nB) Scappa\nC) Urla"],
    ["1) Apri\n2) Scappa\n3) Urla", "A) Apri\nB) Scappa\nC) Urla"],
    ["1 - Apri\n2 - Scappa\n3 - Urla", "A) Apri\nB) Scappa\nC) Urla"],
    ["1- Apri\n2- Scappa\n3- Urla", "A) Apri\nB) Scappa\nC) Urla"],
    ["- 1. Apri\n- 2. Scappa\n- 3. Urla", "- A) Apri\n- B) Scappa\n- C) Urla"],
    ["**1. Entra**\n**2. Fuggi**\n**3. Aspetta**", "**A) Entra**\n**B) Fuggi**\n**C) Aspetta**"],
    ["  1. Entra\n  2. Fuggi\n  3. Aspetta", "  A) Entra\n  B) Fuggi\n  C) Aspetta"],
    ["Cosa fai?\n\n1. Entra\n\n2. Fuggi\n\n3. Aspetta", "Cosa fai?\n\nA) Entra\n\nB) Fuggi\n\nC) Aspetta"],
    ["La nebbia sale.\n1. Segui il sentiero\n2. Torna al villaggio\n3. Accendi una torcia\nCosa scegli?", "La nebbia sale.\nA) Segui il sentiero\nB) Torna al villaggio\nC) Accendi una torcia\nCosa scegli?"],
    ["1. Il 1492 fu l'anno\n2. Nel 1500 tornò\n3. Dal 1.200 al 1.300", "A) Il 1492 fu l'anno\nB) Nel 1500 tornò\nC) Dal 1.200 al 1.300"],
  ])("a list of three becomes A) B) C): %j", (input, expected) => {
    expect(formatChoices(input)).toBe(expected);
  });

  it.each([
    "1.500 uomini avanzano verso il ponte.",
    "1.500 uomini avanzano.\n2.000 cavalieri li seguono.\n3.000 arcieri attendono.",
    "3-4 guardie sorvegliano la porta.",
    "1-2 ore di cammino\n2-3 giorni di viaggio\n3-4 settimane di assedio",
    "2,5 chili di polvere da sparo.",
    "Nel 1492 arrivò la nave.",
    "Hai 3 monete.",
    "3 monete d'oro brillano nella polvere.",
    "1 uomo, 2 donne e 3 bambini ti guardano.",
    "Il 1° maggio 1945 la città fu liberata.",
    "Il 3.10.1943 segnò la fine.",
    "12.30: il treno parte.",
    "1.30 di notte: qualcuno bussa.",
    "2.45 del mattino, 3.15 del pomeriggio.",
    "Capitolo 1. L'arrivo",
    "1.1 Il prologo\n2.1 Il viaggio\n3.1 La fine",
    "1)Apri\n2)Scappa\n3)Urla",
    "1. Prima solo questa",
    "1. Apri\n2. Scappa",
    "2. Scappa\n3. Urla",
    "1. Apri\nLa porta è chiusa.\n2. Scappa\n3. Urla",
    "1. Apri\n3. Urla\n2. Scappa",
    "4. Quarta opzione",
    "Le ore 3-4 sono le più buie.",
    "Il 2-1 della partita.",
    "Pagine 1-3 del diario.",
    "1.000.000 di stelle sopra di te.",
    "3 - 2 = 1, dice il mago.",
    "Il codice è 1-2-3.",
    "Tra il 1915-1918 la guerra infuriò.",
  ])("prose keeps its numbers: %j", (text) => {
    expect(formatChoices(text)).toBe(text);
  });

  it("while a narration is still being written, its first items already show as letters", () => {
    expect(formatChoices("Cosa fai?\n1. Entra", { partial: true })).toBe("Cosa fai?\nA) Entra");
    expect(formatChoices("Cosa fai?\n1. Entra\n2. Fug", { partial: true })).toBe("Cosa fai?\nA) Entra\nB) Fug");
    expect(formatChoices("1.500 uomini", { partial: true })).toBe("1.500 uomini");
    // A finished pair is not a run of three; nor is a run followed by prose.
    expect(formatChoices("Cosa fai?\n1. Entra\n2. Fuggi")).toBe("Cosa fai?\n1. Entra\n2. Fuggi");
    expect(formatChoices("1. Entra\nLa notte scende.", { partial: true })).toBe("1. Entra\nLa notte scende.");
  });

  it("extracts the three choices after formatting, without markdown emphasis", () => {
    const text = "La porta cigola.\n\n1. **Entra** nella cripta\n2) Torna indietro\n3 - Chiama aiuto";
    expect(extractChoices(text)).toEqual({ A: "Entra nella cripta", B: "Torna indietro", C: "Chiama aiuto" });
  });

  it("finds no choices in prose full of numbers", () => {
    expect(extractChoices("1.500 uomini avanzano.\n2.000 cavalieri li seguono.\n3-4 guardie restano.")).toEqual({});
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
    ["/continua", { kind: "continue" }],
    [" /Continua ", { kind: "continue" }],
    ["Continua a camminare", { kind: "free", text: "Continua a camminare" }],
    ["Apro la porta", { kind: "free", text: "Apro la porta" }],
    ["A me piace", { kind: "free", text: "A me piace" }],
  ])("%j", (input, expected) => {
    expect(parsePlayerAction(input)).toEqual(expected);
  });
});
