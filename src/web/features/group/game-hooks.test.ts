import { describe, expect, it } from "vitest";
import { groupNews, sendBlockedReason } from "./game-hooks";
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

describe("groupNews", () => {
  const host = group({}).players[0]!;
  const friend = { ...host, userId: "p1", nickname: "Bruno", isHost: false };
  const other = { ...host, userId: "p2", nickname: "Carla", isHost: false };
  it("names who joined, never the player themself", () => {
    expect(groupNews([], group({ meId: "h", players: [host, friend] }))).toEqual({ joined: ["Bruno"], left: [] });
    expect(groupNews([host, friend], group({ players: [host, friend, other] }))).toEqual({ joined: ["Carla"], left: [] });
  });
  it("names who left, also when the story is solo again", () => {
    expect(groupNews([host, friend, other], group({ meId: "h", players: [host, other] }))).toEqual({ joined: [], left: ["Bruno"] });
    expect(groupNews([host, friend], group({ meId: "h", mode: "solo", players: [] }))).toEqual({ joined: [], left: ["Bruno"] });
  });
  it("tells nothing when nothing changed or the story was not loaded yet", () => {
    const both = group({ players: [host, friend] });
    expect(groupNews([host, friend], both)).toEqual({ joined: [], left: [] });
    expect(groupNews(undefined, both)).toEqual({ joined: [], left: [] });
  });
});
