import { describe, expect, it } from "vitest";
import { splitSentences } from "./sentences";

const texts = (text: string, final = true) => splitSentences(text, final).sentences.map((s) => s.text);

/** Feeds `text` in chunks of `size` characters, as a narration streams in: what each step releases. */
function streamed(text: string, size: number): string[][] {
  const steps: string[][] = [];
  for (let end = size; end < text.length + size; end += size) steps.push(texts(text.slice(0, end), false));
  return steps;
}

describe("splitSentences (issue 13 Listen: Italian sentences, released only once complete)", () => {
  it("splits on . ! ? and keeps the punctuation", () => {
    expect(texts("La porta cigola. Chi è là? Nessuno risponde!")).toEqual(["La porta cigola.", "Chi è là?", "Nessuno risponde!"]);
  });

  it("keeps abbreviations, titles and initials inside the sentence", () => {
    expect(texts("Il Sig. Rossi e la Dott.ssa Bianchi arrivano. Il Prof. A. Manzoni legge a pag. 12 del libro.")).toEqual([
      "Il Sig. Rossi e la Dott.ssa Bianchi arrivano.",
      "Il Prof. A. Manzoni legge a pag. 12 del libro.",
    ]);
  });

  it("keeps decimal numbers, thousands and dates; a year can end a sentence", () => {
    expect(texts("Costa 3.50 monete, e ne hai 1.000. Era il 1848. Poi tutto cambiò.")).toEqual([
      "Costa 3.50 monete, e ne hai 1.000.",
      "Era il 1848.",
      "Poi tutto cambiò.",
    ]);
  });

  it("handles ellipses («…» and '...'): a sentence ends only before a capital letter", () => {
    expect(texts("Forse… forse no. Aspettò… Poi entrò. Silenzio... E poi un grido.")).toEqual([
      "Forse… forse no.",
      "Aspettò…",
      "Poi entrò.",
      "Silenzio...",
      "E poi un grido.",
    ]);
  });

  it("handles quotes « » and “ ”: the closing quote stays with its sentence, a dialogue tag continues it", () => {
    expect(texts("«Chi è?» chiese lui. «Sono io!» Marco entrò. “Vieni.” Lei annuì. « Fermo! » Nessuno si mosse.")).toEqual([
      "«Chi è?» chiese lui.",
      "«Sono io!»",
      "Marco entrò.",
      "“Vieni.”",
      "Lei annuì.",
      "« Fermo! »",
      "Nessuno si mosse.",
    ]);
  });

  it("handles dialogue dashes: '— gridò' continues the sentence, a new line of dialogue starts one", () => {
    expect(texts("— Vieni qui! — gridò Marco. — Subito, — rispose lei. — Andiamo.")).toEqual([
      "— Vieni qui! — gridò Marco.",
      "— Subito, — rispose lei.",
      "— Andiamo.",
    ]);
  });

  it("treats ?! runs as one ending and a line break as an ending, skipping empty lines", () => {
    expect(texts("Davvero?! Non ci credo\n\nCapitolo 2\nIl viaggio riprende.")).toEqual(["Davvero?!", "Non ci credo", "Capitolo 2", "Il viaggio riprende."]);
  });

  it("while streaming, holds back the unfinished sentence and a sentence whose end is not yet certain", () => {
    expect(texts("La porta cigola. Chi", false)).toEqual(["La porta cigola."]);
    // The next word could be lower case ('— gridò'), or the dot an abbreviation's.
    expect(texts("Vieni qui!", false)).toEqual([]);
    expect(texts("Vieni qui! ", false)).toEqual([]);
    expect(texts("Vieni qui! —", false)).toEqual([]);
    expect(texts("Vieni qui! — g", false)).toEqual([]);
    expect(texts("Vieni qui! — E", false)).toEqual(["Vieni qui!"]);
    expect(texts("«Vieni!", false)).toEqual([]);
    expect(texts("«Vieni!» ", false)).toEqual([]);
    expect(texts("«Vieni!» c", false)).toEqual([]);
    expect(splitSentences("Uno. Due", false).rest).toBe(5);
    // The end of a text that is complete is the end of its last sentence.
    expect(texts("Vieni qui!", true)).toEqual(["Vieni qui!"]);
  });

  it("releases the same sentences, in the same order, whatever the chunks (prefix stability)", () => {
    const text =
      "«Chi va là?» chiese il Sig. Rossi, alzando la lanterna. Nessuno rispose… Poi, dal buio: — Sono io! — gridò Anna. " +
      "Erano le 10.30 e la nebbia saliva. Forse… forse era tardi.\n\nIl vento soffiava.";
    const all = texts(text);
    expect(all).toHaveLength(6);
    for (const size of [1, 2, 3, 7, 13]) {
      const steps = streamed(text, size);
      for (const step of steps) expect(step).toEqual(all.slice(0, step.length));
      // Before the end, everything but the last sentence has been released.
      expect(steps.at(-1)).toEqual(all.slice(0, 5));
    }
  });

  it("gives offsets into the text", () => {
    const text = "  Uno.  Due! ";
    const [a, b] = splitSentences(text, true).sentences;
    expect(text.slice(a!.start, a!.end)).toBe("Uno.");
    expect(text.slice(b!.start, b!.end)).toBe("Due!");
  });
});
