import type { GroupView } from "@shared/group-types";
import { describe, expect, it } from "vitest";
import { sendBlockedReason } from "./game-hooks";

describe("sendBlockedReason", () => {
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
