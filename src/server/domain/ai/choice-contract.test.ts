/** The choice contract (issue 11 §3): reading a narration's trailing choices and repairing them. */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractChoices, formatChoices } from "../../../shared/choices";
import { GENERIC_CHOICES, keepChoiceContract, keepsChoiceContract, parseChoiceReply, readChoiceBlock, withChoices } from "./choice-contract";
import type { ThreeChoices } from "./types";

const PROSE = "La porta della cripta cigola.\n\nUn soffio gelido ti sfiora il collo.";
const REPAIRED: ThreeChoices = ["Entra nella cripta", "Torna indietro", "Chiama aiuto"];

describe("keepsChoiceContract", () => {
  it.each([
    ["1.", `${PROSE}\n\n1. Entra\n2. Torna indietro\n3. Chiama aiuto`],
    ["1)", `${PROSE}\n\n1) Entra\n2) Torna indietro\n3) Chiama aiuto`],
    ["1 -", `${PROSE}\n\n1 - Entra\n2 - Torna indietro\n3 - Chiama aiuto`],
    ["A)", `${PROSE}\n\nA) Entra\nB) Torna indietro\nC) Chiama aiuto`],
    ["bold numbers", `${PROSE}\n\n**1.** Entra\n**2.** Torna indietro\n**3.** Chiama aiuto`],
    ["bold choices", `${PROSE}\n\n1. **Entra** nella cripta\n2. **Torna** indietro\n3. **Chiama** aiuto`],
    ["bullets", `${PROSE}\n\n- 1. Entra\n- 2. Torna indietro\n- 3. Chiama aiuto`],
    ["blank lines between the choices", `${PROSE}\n\n1. Entra\n\n2. Torna indietro\n\n3. Chiama aiuto`],
    ["trailing whitespace", `${PROSE}\n\n1. Entra\n2. Torna indietro\n3. Chiama aiuto  \n\n \n`],
    ["a question right before the choices", `${PROSE} Cosa fai?\n1. Entra\n2. Torna indietro\n3. Chiama aiuto`],
    ["choices only", "1. Entra\n2. Torna indietro\n3. Chiama aiuto"],
  ])("three choices (%s) keep it", (_name, text) => {
    expect(keepsChoiceContract(text)).toBe(true);
  });

  it.each([
    ["no choices", PROSE],
    ["two choices", `${PROSE}\n\n1. Entra\n2. Torna indietro`],
    ["four choices", `${PROSE}\n\n1. Entra\n2. Torna indietro\n3. Chiama aiuto\n4. Aspetta`],
    ["a fourth choice D)", `${PROSE}\n\nA) Entra\nB) Torna indietro\nC) Chiama aiuto\nD) Aspetta`],
    ["choices in the middle of the prose", `Puoi:\n1. Entrare\n2. Tornare\n3. Chiamare\n\n${PROSE}`],
    ["choices followed by a question", `${PROSE}\n\n1. Entra\n2. Torna indietro\n3. Chiama aiuto\n\nCosa scegli?`],
    ["choices out of order", `${PROSE}\n\n1. Entra\n3. Chiama aiuto\n2. Torna indietro`],
    ["an empty choice", `${PROSE}\n\n1. Entra\n2.\n3. Chiama aiuto`],
    ["lower-case letters", `${PROSE}\n\na) Entra\nb) Torna indietro\nc) Chiama aiuto`],
    ["round bullets", `${PROSE}\n\n• 1. Entra\n• 2. Torna indietro\n• 3. Chiama aiuto`],
  ])("%s break it", (_name, text) => {
    expect(keepsChoiceContract(text)).toBe(false);
  });
});

describe("readChoiceBlock", () => {
  it("splits the prose from the trailing choices, without markers or emphasis", () => {
    const block = readChoiceBlock(`${PROSE}\n\n1. **Entra** nella cripta\n2) Torna indietro\n- 3 - Chiama aiuto\n`);
    expect(block.prose).toBe(PROSE);
    expect(block.items.map((i) => [i.position, i.text])).toEqual([
      [1, "Entra nella cripta"],
      [2, "Torna indietro"],
      [3, "Chiama aiuto"],
    ]);
  });

  it("keeps choices followed by prose, decimals and initials in the prose", () => {
    for (const text of [`Puoi:\n1. Entrare\n2. Tornare\n\n${PROSE}`, `${PROSE}\n1.5 metri ti separano dalla porta.`, `${PROSE}\nS. Marco veglia sulla laguna.`]) {
      expect(readChoiceBlock(text)).toEqual({ prose: text, items: [] });
    }
  });
});

describe("withChoices and parseChoiceReply", () => {
  it("writes the canonical form, which keeps the contract and reads back as A, B, C", () => {
    const text = withChoices(`${PROSE}\n\n`, REPAIRED);
    expect(text).toBe(`${PROSE}\n\nA) Entra nella cripta\nB) Torna indietro\nC) Chiama aiuto`);
    expect(keepsChoiceContract(text)).toBe(true);
    expect(extractChoices(text)).toEqual({ A: REPAIRED[0], B: REPAIRED[1], C: REPAIRED[2] });
    expect(withChoices("", REPAIRED)).toBe("A) Entra nella cripta\nB) Torna indietro\nC) Chiama aiuto");
  });

  it("reads three choices from a repair reply, with or without an introduction", () => {
    expect(parseChoiceReply("1. Entra nella cripta\n2. Torna indietro\n3. Chiama aiuto")).toEqual(REPAIRED);
    expect(parseChoiceReply("Ecco le scelte:\n\n**1.** Entra nella cripta\n**2.** Torna indietro\n**3.** Chiama aiuto\n")).toEqual(REPAIRED);
    expect(parseChoiceReply("A) Entra nella cripta\nB) Torna indietro\nC) Chiama aiuto")).toEqual(REPAIRED);
  });

  it.each([["Entra, torna o chiama."], ["1. Entra\n2. Torna"], ["1. Entra\n2. Torna\n3. Chiama\n4. Aspetta"], [""]])("refuses a reply that is not three choices: %j", (reply) => {
    expect(parseChoiceReply(reply)).toBeNull();
  });
});

describe("keepChoiceContract", () => {
  const never = () => Promise.reject(new Error("no repair expected"));

  it("keeps a narration with three choices as it is, without a repair", async () => {
    const text = `${PROSE}\n\n1. Entra\n2. Torna indietro\n3. Chiama aiuto`;
    expect(await keepChoiceContract(text, never)).toEqual({ text, outcome: "kept" });
  });

  it("rewrites three ordered choices the site does not read, without a repair", async () => {
    const result = await keepChoiceContract(`${PROSE}\n\na) Entra nella cripta\nb) Torna indietro\nc) Chiama aiuto`, never);
    expect(result).toEqual({ text: withChoices(PROSE, REPAIRED), outcome: "rewritten" });
  });

  it("drops one short closing question after three choices, without a repair", async () => {
    const result = await keepChoiceContract(`${PROSE}\n\n1. Entra nella cripta\n2. Torna indietro\n3. Chiama aiuto\n\nCosa scegli?`, never);
    expect(result).toEqual({ text: withChoices(PROSE, REPAIRED), outcome: "rewritten" });
  });

  it("repairs three choices followed by a whole paragraph: the paragraph stays, as prose", async () => {
    const paragraph = "Il vento ulula tra le lapidi e una luce si accende nella cappella. ".repeat(4).trim();
    const text = `${PROSE}\n\n1. Entra\n2. Torna indietro\n3. Chiama aiuto\n\n${paragraph}`;
    const asked: string[] = [];
    const result = await keepChoiceContract(text, async (prose) => {
      asked.push(prose);
      return REPAIRED;
    });
    expect(asked).toEqual([text]);
    expect(result).toEqual({ text: withChoices(text, REPAIRED), outcome: "repaired" });
  });

  it.each([
    ["none", PROSE],
    ["two", `${PROSE}\n\n1. Entra\n2. Torna indietro`],
    ["four", `${PROSE}\n\n1. Entra\n2. Torna indietro\n3. Chiama aiuto\n4. Aspetta`],
  ])("%s: the prose is kept and the repair's three choices end it", async (_name, text) => {
    const asked: string[] = [];
    const result = await keepChoiceContract(text, async (prose) => {
      asked.push(prose);
      return [" Entra nella\ncripta ", "Torna indietro", "Chiama aiuto"];
    });
    expect(asked).toEqual([PROSE]);
    expect(result).toEqual({ text: withChoices(PROSE, REPAIRED), outcome: "repaired" });
  });

  it.each([
    ["the repair throws", () => Promise.reject(new Error("provider down"))],
    ["the repair answers an empty choice", () => Promise.resolve(["Entra", " ", "Chiama aiuto"] as const)],
  ])("%s: the generic choices end the narration", async (_name, repair) => {
    const result = await keepChoiceContract(PROSE, repair);
    expect(result).toEqual({ text: withChoices(PROSE, GENERIC_CHOICES), outcome: "generic" });
    expect(keepsChoiceContract(result.text)).toBe(true);
  });
});

describe("issue 38 §1: the choice contract loses no prose", () => {
  const never = () => Promise.reject(new Error("no repair expected"));

  it("a range line ('3-4 guardie') before numbered choices stays prose, and the model's choices are kept", async () => {
    const prose = "La valle trema sotto i passi dei soldati.\n3-4 guardie restano al ponte, annoiate.";
    const text = `${prose}\n\n1. Parla con il capitano\n2. Nasconditi nel fienile\n3. Corri verso il ponte`;
    expect(readChoiceBlock(text).prose).toBe(prose);
    expect(keepsChoiceContract(text)).toBe(true);
    expect(await keepChoiceContract(text, never)).toEqual({ text, outcome: "kept" });
    expect(extractChoices(text)).toEqual({ A: "Parla con il capitano", B: "Nasconditi nel fienile", C: "Corri verso il ponte" });
  });

  it("a range line ('2-3 lupi') before A) B) C) stays prose, and the narration keeps the contract", async () => {
    const text = "Il bosco è buio.\n2-3 lupi ululano in lontananza.\n\nA) Accendi un fuoco\nB) Sali su un albero\nC) Continua a camminare";
    expect(keepsChoiceContract(text)).toBe(true);
    expect(readChoiceBlock(text).prose).toBe("Il bosco è buio.\n2-3 lupi ululano in lontananza.");
    expect(await keepChoiceContract(text, never)).toEqual({ text, outcome: "kept" });
  });
});

/*
 * Issue 38 §1, property-based: whatever Italian prose precedes the choices (numbers, ranges,
 * decimals, times, dates, dialogue, numbered clues), every prose line survives byte for byte, and
 * the model's three choices are found in each marker style the grammar reads (shared/choices.ts).
 */
const int = (min: number, max: number) => fc.integer({ min, max });
const pad = (n: number) => String(n).padStart(2, "0");

/** One line of Italian prose, hard to tell from a list item. */
const proseLine: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "La valle trema sotto i passi dei soldati.",
    "«Non fidarti di lui» sussurra la locandiera.",
    "— Fermo lì! — grida la sentinella.",
    "\"Chi va là?\" chiede una voce.",
    "A. Rossi ti osserva dal fondo della sala.",
    "S. Marco veglia sulla laguna.",
    "Capitolo 1. L'arrivo",
    "**Attenzione:** il ponte è crollato.",
    "- Il mercante ride, poi tace.",
  ),
  int(1, 9).map((n) => `${n}-${n + 1} guardie restano al ponte, annoiate.`),
  int(1, 9).map((n) => `${n}-${n + 1}`),
  fc.tuple(int(1, 9), int(0, 999)).map(([a, b]) => `${a}.${String(b).padStart(3, "0")} uomini avanzano verso il ponte.`),
  fc.tuple(int(0, 23), int(0, 59)).map(([h, m]) => `${h}.${pad(m)} di notte: qualcuno bussa.`),
  fc.tuple(int(0, 23), int(0, 59)).map(([h, m]) => `Alle ${h}.${pad(m)} il treno parte.`),
  fc.tuple(int(1, 28), int(1, 12), int(1000, 2099)).map(([d, m, y]) => `${d}.${m}.${y}: la lettera arriva.`),
  fc.tuple(int(1, 28), int(1, 12), int(1000, 2099)).map(([d, m, y]) => `Il ${d}/${m}/${y} la città fu liberata.`),
  fc.tuple(int(1, 3), int(1, 3)).map(([a, b]) => `${a},${b} chili di polvere da sparo.`),
  int(1, 3).map((n) => `${n} monete d'oro brillano nella polvere.`),
  fc.tuple(int(1, 3), int(1, 3)).map(([a, b]) => `${a}-${b} della partita, dice il locandiere.`),
);

/** A numbered list of clues inside the prose: two or four items (three in a row would be a choice block). */
const clues: fc.Arbitrary<string[]> = fc
  .tuple(fc.constantFrom(2, 4), fc.constantFrom(".", ")", " -"))
  .map(([n, mark]) => ["Indizi:", ...Array.from({ length: n }, (_, i) => `${i + 1}${mark} L'indizio numero ${i + 1}, trovato alle 2.30.`)]);

const prose: fc.Arbitrary<string[]> = fc.array(fc.oneof({ weight: 5, arbitrary: proseLine.map((l) => [l]) }, { weight: 1, arbitrary: clues }), { minLength: 1, maxLength: 8 }).map((parts) => parts.flat());

/** Marker styles models use: (position 0..2, text) → line. */
const STYLES: Record<string, (i: number, text: string) => string> = {
  "A)": (i, t) => `${"ABC"[i]}) ${t}`,
  "A.": (i, t) => `${"ABC"[i]}. ${t}`,
  "**A)**": (i, t) => `**${"ABC"[i]})** ${t}`,
  "- A)": (i, t) => `- ${"ABC"[i]}) ${t}`,
  "Opzione A:": (i, t) => `Opzione ${"ABC"[i]}: ${t}`,
  "1.": (i, t) => `${i + 1}. ${t}`,
  "1)": (i, t) => `${i + 1}) ${t}`,
  "1 -": (i, t) => `${i + 1} - ${t}`,
  "**1.**": (i, t) => `**${i + 1}.** ${t}`,
  "- 1.": (i, t) => `- ${i + 1}. ${t}`,
};

const choiceText = fc.constantFrom(
  "Parla con il capitano",
  "Nasconditi nel fienile",
  "Corri verso il ponte",
  "Prendi 2-3 frecce dalla faretra",
  "Aspetta fino alle 2.30",
  "Paga 1.500 fiorini al mercante",
  "Chiedi «chi sei?» allo straniero",
);

const choices = fc.record({
  style: fc.constantFrom(...Object.keys(STYLES)),
  texts: fc.tuple(choiceText, choiceText, choiceText),
  blankBetween: fc.boolean(),
  closing: fc.boolean(),
});

const narration = fc.record({ prose, choices: fc.option(choices, { freq: 4 }) });

/** The narration as the model wrote it: prose, a blank line, the choices (and a question); or the prose and one last plain sentence. */
function write({ prose, choices }: { prose: string[]; choices: { style: string; texts: [string, string, string]; blankBetween: boolean; closing: boolean } | null }): {
  text: string;
  proseText: string;
} {
  if (!choices) {
    const proseText = [...prose, "La notte cala sul villaggio."].join("\n");
    return { text: proseText, proseText };
  }
  const proseText = prose.join("\n");
  const list = choices.texts.map((t, i) => STYLES[choices.style]!(i, t)).join(choices.blankBetween ? "\n\n" : "\n");
  return { text: `${proseText}\n\n${list}${choices.closing ? "\n\nCosa fai?" : ""}`, proseText };
}

describe("issue 38 §1 (property): the choice contract loses no prose", () => {
  it("keeps every prose line byte for byte and finds the model's three choices", async () => {
    await fc.assert(
      fc.asyncProperty(narration, async (generated) => {
        const { text, proseText } = write(generated);
        const asked: string[] = [];
        const result = await keepChoiceContract(text, async (p) => {
          asked.push(p);
          return REPAIRED;
        });
        // Every prose line, in order and unchanged, starts the stored narration.
        expect(result.text.startsWith(`${proseText}\n\n`)).toBe(true);
        expect(formatChoices(text).startsWith(proseText)).toBe(true);
        expect(formatChoices(text, { partial: true }).startsWith(proseText)).toBe(true);
        if (generated.choices) {
          const expected = { A: generated.choices.texts[0], B: generated.choices.texts[1], C: generated.choices.texts[2] };
          expect(asked).toEqual([]);
          expect(result.outcome === "kept" || result.outcome === "rewritten").toBe(true);
          expect(extractChoices(text)).toEqual(expected);
          expect(extractChoices(result.text)).toEqual(expected);
          if (!generated.choices.closing) expect(readChoiceBlock(text).prose).toBe(proseText);
        } else {
          expect(asked).toEqual([proseText]);
          expect(result).toEqual({ text: `${proseText}\n\nA) ${REPAIRED[0]}\nB) ${REPAIRED[1]}\nC) ${REPAIRED[2]}`, outcome: "repaired" });
        }
      }),
      { numRuns: 500 },
    );
  });
});
