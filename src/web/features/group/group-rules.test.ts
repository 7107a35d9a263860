import type { GroupView } from "@shared/group-types";
import { describe, expect, it } from "vitest";
import { voteWinner } from "./components/group-panel";
import { sendBlockedReason } from "./game-hooks";

const ballot = (userId: string, choice: "A" | "B" | "C" | null, action: string | null = null) => ({ userId, choice, action });

describe("voteWinner (issue 24 'Voto': the majority, a tie goes to the host's vote)", () => {
  it("takes the majority", () => {
    expect(voteWinner([ballot("h", "A"), ballot("p1", "B"), ballot("p2", "B")], "h")).toMatchObject({ choice: "B" });
  });
  it("gives a tie to the host's vote, a proposed action too", () => {
    expect(voteWinner([ballot("p1", "C"), ballot("h", null, "Scappiamo")], "h")).toMatchObject({ userId: "h", action: "Scappiamo" });
    expect(voteWinner([ballot("h", "A"), ballot("p1", "C")], "h")).toMatchObject({ choice: "A" });
  });
  it("has no winner without votes", () => {
    expect(voteWinner([], "h")).toBeNull();
  });
});

describe("sendBlockedReason", () => {
  const group = (patch: Partial<GroupView>): GroupView => ({
    mode: "turns",
    voteSeconds: 60,
    hostId: "h",
    meId: "p1",
    turnUserId: "h",
    players: [{ userId: "h", nickname: "Ada", color: "#1e88e5", characterName: "Lira", characterLine: "", isHost: true, present: true, typing: false }],
    vote: null,
    notes: [],
    ...patch,
  });
  it("is null for a solo story and on the player's own turn", () => {
    expect(sendBlockedReason(null)).toBeNull();
    expect(sendBlockedReason(group({ turnUserId: "p1" }))).toBeNull();
  });
  it("names whose turn it is, and sends a vote's players to the vote", () => {
    expect(sendBlockedReason(group({}))).toBe("Non è il tuo turno: tocca a Ada. Intanto puoi scrivere una nota fuori scena.");
    expect(sendBlockedReason(group({ mode: "vote", turnUserId: null }))).toMatch(/si decide con il voto/);
  });
});
