/**
 * The offline memory over 200 narrations of the offline storyteller (issue 38 §2): 40 stories of
 * 5 turns across every genre — openings, chosen options, free text quoting the player («Che
 * cosa…», capitalised verbs), climaxes and endings — each narration's facts found as the
 * background memory finds them (the storyteller's cast, a group player's character, the facts
 * stored so far). Every card is one of the names the story knows, never a word guessed from a
 * capital letter: no function word, pronoun or verb form.
 */

import { describe, expect, it } from "vitest";
import type { PlayerAction } from "../../../shared/commands";
import { GENRES } from "../../../shared/genres";
import { castFor } from "../ai/offline/cast";
import { composeNarration } from "../ai/offline/offline-narrator";
import type { ChatTurn, StoryPhase } from "../ai/types";
import { type FoundFact, type KnownName, castNames, mentionedFacts } from "./facts";

/** A single word ending as an Italian verb form: infinitive, gerund, 1st/3rd person plural, imperfect, -isc- present. */
const VERB_FORM = /^\p{L}+(?:are|ere|ire|ando|endo|iamo|iate|ano|ono|avo|ava|evo|eva|ivo|iva|isco|isce)$/iu;

/** What the player does on each turn of a story: the start, options, and free text full of capitalised words. */
const MOVES: readonly { action: PlayerAction; phase: StoryPhase }[] = [
  { action: { kind: "start" }, phase: "opening" },
  { action: { kind: "choice", letter: "A" }, phase: "middle" },
  { action: { kind: "free", text: "Brucio la lettera e chiedo: «Che cosa vuoi da me? Quello non è tuo»" }, phase: "middle" },
  { action: { kind: "choice", letter: "C" }, phase: "approach-ending" },
  { action: { kind: "free", text: "Cerca Non Guardo, Speriamo: Sono qui e Rispondete!" }, phase: "conclude" },
];

const CHARACTER: KnownName = { title: "Ada", kind: "personaggio" };

describe("offline memory over 200 narrations (issue 38 §2)", () => {
  it("keeps only the cast's and the characters' names as cards: no function word, pronoun or verb form", () => {
    const cards: FoundFact[] = [];
    let narrations = 0;
    for (let story = 0; story < 40; story++) {
      const genre = GENRES[story % GENRES.length]!;
      const gameId = `storia-${story}`;
      const known = [...castNames(castFor(gameId, genre)), ...(story % 4 === 0 ? [CHARACTER] : [])];
      const companion = known[0]!;
      const stored: KnownName[] = [];
      const messages: ChatTurn[] = [];
      for (const [turn, { action, phase }] of MOVES.entries()) {
        messages.push({ role: "user", content: action.kind === "free" ? action.text : "/A" });
        const { text } = composeNarration({ gameId, genre, turn, variant: story % 3, action, phase, messages });
        messages.push({ role: "assistant", content: text });
        narrations += 1;
        const found = mentionedFacts(text, [...known, ...stored]);
        // Every outcome of a move names the companion: the memory is not empty by accident.
        if (turn > 0) expect(found.map((f) => f.title), text).toContain(companion.title);
        for (const fact of found) if (!stored.some((s) => s.title === fact.title)) stored.push(fact);
        cards.push(...found);
      }
    }
    expect(narrations).toBe(200);
    expect(cards.length).toBeGreaterThan(200);
    const allowed = new Set(GENRES.flatMap((genre) => Array.from({ length: 40 }, (_, story) => castNames(castFor(`storia-${story}`, genre)))).flat().map((k) => `${k.kind}|${k.title}`));
    allowed.add(`${CHARACTER.kind}|${CHARACTER.title}`);
    const junk = cards.filter((c) => !allowed.has(`${c.kind}|${c.title}`) || VERB_FORM.test(c.title));
    expect(junk).toEqual([]);
  });
});
