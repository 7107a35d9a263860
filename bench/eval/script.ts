/**
 * The eval's scripted player (issue 38 §5): what it sends at each turn of a story. Turn 1 is
 * '/inizia'; then it alternates a choice (A, B, C in turn) and a sentence of free text. Its first
 * free-text turns plant facts about the player's character ("La mia spada si chiama Aurora."),
 * its last ones ask about them ("Come si chiama la mia spada?"), as many as fit (at most
 * {@link FACTS}.length, one plant and one question each); other free-text turns are plain actions.
 */

/** A fact the player states early and asks about later; `answer` is the word a good narrator repeats. */
export interface PlantedFact {
  statement: string;
  question: string;
  answer: string;
}

export const FACTS: readonly PlantedFact[] = [
  { statement: "La mia spada si chiama Aurora, me l'ha lasciata mio padre.", question: "Come si chiama la mia spada?", answer: "Aurora" },
  { statement: "Il mio cavallo si chiama Zefiro ed è nero come la notte.", question: "Come si chiama il mio cavallo?", answer: "Zefiro" },
  { statement: "Vengo dal villaggio di Roccalba, sulle montagne.", question: "Da quale villaggio vengo?", answer: "Roccalba" },
];

const ACTIONS = ["Mi guardo intorno in silenzio e ascolto.", "Chiedo a chi mi sta vicino che cosa sta succedendo.", "Raccolgo le mie cose e proseguo con cautela."];

/** One message of the script: what is sent and what it is. */
export type ScriptStep =
  | { kind: "start"; content: string }
  | { kind: "choice"; content: string }
  | { kind: "action"; content: string }
  | { kind: "plant" | "ask"; content: string; fact: number };

/**
 * The script of a story of `turns` narrations (≥ 1). Output: one step per turn, in order. Free-text
 * turns are the even ones (2, 4, …); with F of them, min(3, ⌊F/2⌋) facts are planted in the first
 * free-text turns and asked, in the same order, in the last ones.
 */
export function playerScript(turns: number): ScriptStep[] {
  const free = Math.floor(turns / 2);
  const facts = Math.min(FACTS.length, Math.floor(free / 2));
  let freeSeen = 0;
  let choices = 0;
  return Array.from({ length: turns }, (_, i): ScriptStep => {
    if (i === 0) return { kind: "start", content: "/inizia" };
    if (i % 2 === 0) return { kind: "choice", content: "ABC"[choices++ % 3]! };
    const slot = freeSeen++;
    if (slot < facts) return { kind: "plant", content: FACTS[slot]!.statement, fact: slot };
    const ask = slot - (free - facts);
    if (ask >= 0) return { kind: "ask", content: FACTS[ask]!.question, fact: ask };
    return { kind: "action", content: ACTIONS[slot % ACTIONS.length]! };
  });
}
