/**
 * Offline memory pieces (issue 11 §1, issue 38 §2; ADR 0009): known names a narration mentions, a
 * fact's text when seen again, story cards matched by keyword (case and accents ignored), the
 * extractive recap.
 */

import { describe, expect, it } from "vitest";
import { MAX_FACT_TEXT_LENGTH, MAX_RECAP_LENGTH, storyCardsSchema } from "../../../shared/schemas/memory";
import { activeCards, matchingCards, parseStoryCards, reasonLabel } from "./cards";
import { mentionedFacts, mergedFactText } from "./facts";
import { boundedRecap, extractiveRecap } from "./recap";
import { queryWords } from "./retrieval";

describe("mentionedFacts", () => {
  it("finds the known names a narration mentions, with their sentences; never a capitalised word it does not know, never the choices", () => {
    const narration =
      "«Brucio di curiosità», dice Elena. «Che vuoi?» Poi Marco ride. Cerca la nebbia **nella torre nera**.\n\n" +
      "Intanto, la torre nera tace.\n\nA) Segui Marco\nB) Vai da Ottone\nC) Torna indietro";
    const known = [
      { title: "Elena", kind: "alleato" as const },
      { title: "la torre nera", kind: "luogo" as const },
      { title: "Ottone", kind: "nemico" as const },
    ];
    expect(mentionedFacts(narration, known)).toEqual([
      { kind: "alleato", title: "Elena", text: "«Brucio di curiosità», dice Elena." },
      { kind: "luogo", title: "la torre nera", text: "Cerca la nebbia nella torre nera. Intanto, la torre nera tace." },
    ]);
    expect(mentionedFacts("Cammini nel buio. Quello che senti è un rumore.", [])).toEqual([]);
  });

  it("finds a known name as whole words only: a player's character 'Ada' is not in 'la strada' (issue 24)", () => {
    const known = [{ title: "Ada", kind: "personaggio" as const }];
    expect(mentionedFacts("La strada è vuota. Il vento soffia.", known)).toEqual([]);
    expect(mentionedFacts("La strada è vuota. Ada, lesta, la attraversa.", known)).toEqual([{ kind: "personaggio", title: "Ada", text: "Ada, lesta, la attraversa." }]);
  });

  it("keeps how a fact was introduced and its newest mentions within the text limit", () => {
    let text = "Elena, tua sorella, ti aspetta al faro.";
    for (let i = 0; i < 40; i++) text = mergedFactText(text, `Elena ti saluta per la volta numero ${i}.`);
    expect(text.length).toBeLessThanOrEqual(MAX_FACT_TEXT_LENGTH);
    expect(text.startsWith("Elena, tua sorella, ti aspetta al faro.")).toBe(true);
    expect(text.endsWith("numero 39.")).toBe(true);
  });
});

describe("story cards", () => {
  const cards = storyCardsSchema.parse([
    { title: "La città sommersa", text: "Campane sott'acqua.", keywords: ["Città"] },
    { title: "Il Re", text: "Regna da cent'anni.", keywords: ["re"] },
  ]);
  it("issue 40 §2: constant cards are always in, disabled ones never, all by order, each with its reason", () => {
    const world = storyCardsSchema.parse([
      { title: "Tardi", text: "a", keywords: ["drago"], order: 50 },
      { title: "Sempre", text: "b", keywords: ["nulla"], constant: true, order: 10 },
      { title: "Spenta", text: "c", keywords: ["drago"], constant: true, enabled: false },
      { title: "Prima", text: "d", keywords: ["Drago", "torre"], order: 5 },
    ]);
    expect(activeCards(world, ["Un lupo."]).map((a) => a.card.title)).toEqual(["Sempre"]);
    const active = activeCards(world, ["Vedo il DRAGÓ sulla torre"]);
    expect(active.map((a) => a.card.title)).toEqual(["Prima", "Sempre", "Tardi"]);
    expect(active.map((a) => reasonLabel(a.reason))).toEqual(["parola chiave: «Drago»", "sempre attiva", "parola chiave: «drago»"]);
  });
  it("issue 40 §2: stored cards without the new fields stay valid (on keyword, enabled, order 100)", () => {
    expect(parseStoryCards(JSON.stringify([{ title: "T", text: "x", keywords: ["k"] }]))).toEqual([{ title: "T", text: "x", keywords: ["k"], constant: false, enabled: true, order: 100 }]);
  });
  it("match a keyword as a whole word, whatever the case and the accents", () => {
    expect(matchingCards(cards, ["Chiedo della CITTA sommersa"]).map((c) => c.title)).toEqual(["La città sommersa"]);
    expect(matchingCards(cards, ["Vado a correre verso il mare"])).toEqual([]);
    expect(matchingCards(cards, ["Il re mi guarda"]).map((c) => c.title)).toEqual(["Il Re"]);
  });
  it("read as none from a missing or broken column", () => {
    expect(parseStoryCards(null)).toEqual([]);
    expect(parseStoryCards("{non json")).toEqual([]);
    expect(parseStoryCards(JSON.stringify([{ title: "" }]))).toEqual([]);
  });
});

describe("recap and search words", () => {
  it("summarises narrations by their first sentence and the player's choices, bounded from its start", () => {
    const recap = extractiveRecap([
      { role: "user", content: "Vado al faro." },
      { role: "assistant", content: "Il faro è spento. Nessuno risponde.\n\nA) Entra\nB) Bussa\nC) Vai via" },
    ]);
    expect(recap).toBe("Il giocatore: «Vado al faro.». Il faro è spento.");
    const long = boundedRecap(Array.from({ length: 400 }, (_, i) => `Evento numero ${i}.`).join(" "));
    expect(long.length).toBeLessThanOrEqual(MAX_RECAP_LENGTH);
    expect(long.startsWith("… ")).toBe(true);
    expect(long.endsWith("Evento numero 399.")).toBe(true);
  });
  it("keeps only words of letters in a search query", () => {
    expect(queryWords(['Cosa mi direbbe Elena? ("*) OR -- NEAR', "Città"])).toEqual(["cosa", "direbbe", "elena", "near", "città"]);
  });
});
