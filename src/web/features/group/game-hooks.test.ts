import { describe, expect, it } from "vitest";
import { playerWent, sendBlockedReason } from "./game-hooks";
import type { GroupView } from "@/lib/api-contract";

const group = (patch: Partial<GroupView>): GroupView => ({
  mode: "turns",
  voteSeconds: 60,
  hostId: "h",
  meId: "p1",
  turnUserId: "h",
  players: [{ userId: "h", nickname: "Ada", color: "#1e88e5", characterName: "Lira", characterLine: "", isHost: true, present: true, typing: false }],
  vote: null,
  voteNotice: null,
  notes: [],
  ...patch,
});

describe("sendBlockedReason", () => {
  it("is null for a solo story and on the player's own turn", () => {
    expect(sendBlockedReason(null, true)).toBeNull();
    expect(sendBlockedReason(group({ turnUserId: "p1" }), true)).toBeNull();
  });
  it("names whose turn it is, and sends a vote's players to the vote", () => {
    expect(sendBlockedReason(group({}), true)).toBe("Non è il tuo turno: tocca a Ada. Intanto puoi scrivere una nota fuori scena.");
    expect(sendBlockedReason(group({ mode: "vote", turnUserId: null }), true)).toMatch(/si decide con il voto/);
  });
  it("lets only the host start a story that moves by vote", () => {
    expect(sendBlockedReason(group({ mode: "vote", turnUserId: null, meId: "h" }), false)).toBeNull();
    expect(sendBlockedReason(group({ mode: "vote", turnUserId: null, meId: "h" }), true)).toMatch(/si decide con il voto/);
    expect(sendBlockedReason(group({ mode: "vote", turnUserId: null }), false)).toMatch(/si decide con il voto/);
  });
});

describe("playerWent", () => {
  const host = group({}).players[0]!;
  const friend = { ...host, userId: "p1", nickname: "Bruno", isHost: false };
  it("is true when a player of the group is gone (their messages change author), false otherwise", () => {
    const both = group({ players: [host, friend] });
    expect(playerWent(both, group({ players: [host] }))).toBe(true);
    expect(playerWent(both, group({ mode: "solo", players: [] }))).toBe(true);
    expect(playerWent(group({ players: [host] }), both)).toBe(false);
    expect(playerWent(both, both)).toBe(false);
    expect(playerWent(null, both)).toBe(false);
  });
});
