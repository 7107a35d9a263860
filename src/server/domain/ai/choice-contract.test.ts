/** The choice contract (issue 11 §3): reading a narration's trailing choices and repairing them. */

import { describe, expect, it } from "vitest";
import { extractChoices } from "../../../shared/choices";
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
