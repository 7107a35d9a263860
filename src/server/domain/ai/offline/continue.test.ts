/**
 * 'Continua' in the offline storyteller (issue 38 §4): the narrator goes on without a choice, in
 * every genre, and the narration still ends with three choices.
 */

import { describe, expect, it } from "vitest";
import { extractChoices } from "../../../../shared/choices";
import { GENRES } from "../../../../shared/genres";
import { keepsChoiceContract } from "../choice-contract";
import { CONTINUE_INTROS } from "./continue-intros";
import { composeNarration } from "./offline-narrator";

describe("offline 'Continua'", () => {
  it.each(GENRES)("%s: the story moves on by itself and ends with three new choices", (genre) => {
    const previous = composeNarration({ gameId: "game-c", genre, turn: 0, action: { kind: "start" }, phase: "opening", messages: [] });
    const messages = [
      { role: "user" as const, content: "/inizia" },
      { role: "assistant" as const, content: previous.text },
      { role: "user" as const, content: "/continua" },
    ];
    const continued = composeNarration({ gameId: "game-c", genre, turn: 1, action: { kind: "continue" }, phase: "middle", messages });
    expect(CONTINUE_INTROS.some((intro) => continued.text.startsWith(intro))).toBe(true);
    expect(keepsChoiceContract(continued.text)).toBe(true);
    expect(Object.keys(extractChoices(continued.text))).toEqual(["A", "B", "C"]);
    // No player's move is quoted: the narration is not the one a choice would give.
    const chosen = composeNarration({ gameId: "game-c", genre, turn: 1, action: { kind: "choice", letter: "A" }, phase: "middle", messages });
    expect(continued.text).not.toBe(chosen.text);
  });
});
