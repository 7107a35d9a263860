/**
 * 'Voto' decided by the group, not by one member (issue 36 finding 2, ADR 0019) over real HTTP on
 * SQLite and PostgreSQL: a vote's turn is charged to and written by the first voter of the winning
 * option, the daily budget's exemption is that player's (an admin host lends it to nobody), and a
 * vote needs its quorum (the host's vote, or more than half of the players): without one it stays
 * open past the deadline, narrates nothing and tells the players why. The turn's own transaction
 * asks the same rule (policies/vote-outcome.ts), so a path that closes a vote without it is refused.
 */

import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ERRORS } from "../../../shared/errors";
import { nowIso } from "../../platform/clock";
import { memoryIdle } from "../../domain/memory/background";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { groupPlay, type Player } from "../../testing/group-play";
import { DIALECTS, startTestServer, type TestServer } from "../../testing/harness";
import { boundedTurn, startNarration } from "./live-narration";

/** The players' colours in seat order: the host, 'Eroe 1', 'Eroe 2'. */
const [HOST_COLOR, FIRST_COLOR] = ["#1e88e5", "#d81b60"];

describe.each(DIALECTS)("'voto' on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let budgeted: TestServer;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const env = { AI_BASE_URL: fake.url, AI_MODEL: "fake-model", AI_RETRY_MAX_WAIT_MS: "0" };
    [server, budgeted] = await Promise.all([startTestServer(dialect, { env }), startTestServer(dialect, { env: { ...env, AI_DAILY_TOKEN_BUDGET: "50" } })]);
  });
  afterAll(async () => {
    await Promise.all([server.close(), budgeted.close()]);
    await fake.close();
  });
  beforeEach(() => {
    fake.set({ mode: "ok", text: FAKE_REPLY, firstTokenDelayMs: 0, tokensPerSecond: 0, respond: undefined });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const { votingGroup, groupOf, narrations, openTab, messagesSent } = groupPlay(() => server);
  const onBudgeted = groupPlay(() => budgeted);

  const vote = (player: Player, gameId: string, ballot: object) => player.client.json("POST", `/api/games/${gameId}/votes`, ballot);
  const lastPlayerMessage = (game: any) => game.messages.filter((m: any) => m.role === "user").at(-1);

  it("a lone member's vote never decides: with the host away it stays open past the deadline, narrates nothing, charges nobody and says why", async () => {
    const { host, gameId, players } = await votingGroup(1, 30);
    const [member] = players;
    const tab = await openTab(member!, gameId, "tab-member-01");
    try {
      const asked = fake.requests.length;
      expect((await vote(member!, gameId, { action: "Apro la botola" })).status).toBe(200);
      // Three times: one ballot, no turn.
      for (let i = 0; i < 2; i++) expect((await vote(member!, gameId, { action: "Apro la botola" })).body.error.message).toBe("Hai già votato in questo turno.");
      const open = await groupOf(member!, gameId);
      expect(open.vote.votes).toHaveLength(1);
      expect(open.voteNotice).toBeNull();

      // Past the deadline: the vote's deadline is moved, not the clock (a clock 31 s ahead could be
      // in the next Europe/Rome day, whose message counters start again at 0).
      await server.deps.db.updateTable("saved_games").set({ vote_deadline: new Date(Date.now() - 1_000).toISOString() }).where("id", "=", gameId).execute();
      const late = await groupOf(member!, gameId);
      expect(late.vote.votes).toEqual([{ userId: member!.id, choice: null, action: "Apro la botola" }]);
      expect(late.voteNotice).toBe(ERRORS.VOTE_NO_QUORUM.message);
      expect(fake.requests.length).toBe(asked);
      expect(await messagesSent(host)).toBe(1);
      expect(await messagesSent(member!)).toBe(0);

      // The host agrees: the action is the member's, written and paid by the member.
      expect((await vote(host, gameId, { action: "apro la botola" })).status).toBe(200);
      const game = await narrations(host, gameId, 2);
      expect(lastPlayerMessage(game)).toMatchObject({ content: "Apro la botola", author: { color: FIRST_COLOR } });
      expect(await messagesSent(host)).toBe(1);
      expect(await messagesSent(member!)).toBe(1);
      expect((await groupOf(host, gameId)).voteNotice).toBeNull();
    } finally {
      tab.close();
    }
  });

  it("a winning choice is the turn of its first voter: written by them and charged to them, never to the host", async () => {
    const { host, gameId, players } = await votingGroup(2);
    const [a, b] = players;
    expect((await vote(a!, gameId, { choice: "B" })).status).toBe(200);
    expect((await vote(b!, gameId, { choice: "B" })).status).toBe(200);
    expect((await vote(host, gameId, { choice: "A" })).status).toBe(200);
    const game = await narrations(host, gameId, 2);
    expect(lastPlayerMessage(game)).toMatchObject({ content: "B", author: { color: FIRST_COLOR } });
    expect([await messagesSent(host), await messagesSent(a!), await messagesSent(b!)]).toEqual([1, 1, 0]);
  });

  it("with the day's budget spent, the exemption is the acting player's: an admin host lends it to no member, and the vote starts over", async () => {
    const { host, gameId, players } = await onBudgeted.votingGroup(2);
    const [a, b] = players;
    await budgeted.deps.db.insertInto("user_roles").values({ id: randomUUID(), user_id: host.id, role: "admin", created_at: nowIso() }).execute();
    // The host's '/inizia' spent more than the budget of 50 tokens.
    await memoryIdle();
    const asked = fake.requests.length;
    for (const [player, choice] of [[a, "B"], [b, "B"], [host, "A"]] as const) expect((await vote(player!, gameId, { choice })).status).toBe(200);
    const refused = await onBudgeted.groupOf(a!, gameId);
    expect(refused.vote).toBeNull();
    expect(refused.voteNotice).toBe(`${ERRORS.AI_BUDGET_EXHAUSTED.title}. ${ERRORS.VOTE_TURN_REFUSED.message}`);
    expect(fake.requests.length).toBe(asked);
    expect(await onBudgeted.messagesSent(a!)).toBe(0);

    // A new vote on the same narration: the host's choice is voted first, so the turn is the admin's.
    for (const [player, choice] of [[host, "B"], [a, "B"], [b, "A"]] as const) expect((await vote(player!, gameId, { choice })).status).toBe(200);
    const game = await onBudgeted.narrations(host, gameId, 2);
    expect(lastPlayerMessage(game)).toMatchObject({ content: "B", author: { color: HOST_COLOR } });
    expect([await onBudgeted.messagesSent(host), await onBudgeted.messagesSent(a!)]).toEqual([2, 0]);
    expect((await onBudgeted.groupOf(a!, gameId)).voteNotice).toBeNull();
  });

  it("the turn asks the vote's rule itself: a vote closed by a path that skips it narrates only with a quorum, as the first voter of the winner", async () => {
    const { host, gameId, players } = await votingGroup(2);
    const [a, b] = players;
    const { db } = server.deps;
    // A new path that closes the vote on its own (the deadline cleared), then sends the outcome.
    const setDeadline = (deadline: string | null) => db.updateTable("saved_games").set({ vote_deadline: deadline }).where("id", "=", gameId).execute();
    const refusal = (userId: string, content: string) => boundedTurn(server.deps, userId, gameId, { content, vote: true }).then(() => null, (error: { code: string }) => error.code);

    expect((await vote(a!, gameId, { choice: "B" })).status).toBe(200);
    const { vote_deadline: deadline } = await db.selectFrom("saved_games").select("vote_deadline").where("id", "=", gameId).executeTakeFirstOrThrow();
    await setDeadline(null);
    expect(await refusal(a!.id, "B")).toBe("VOTE_NO_QUORUM");
    await setDeadline(deadline);
    expect((await vote(b!, gameId, { choice: "B" })).status).toBe(200);
    await setDeadline(null);
    expect(await refusal(host.id, "B")).toBe("NOT_YOUR_TURN");
    expect(await refusal(a!.id, "C")).toBe("VOTE_NOT_READY");
    expect([await messagesSent(host), await messagesSent(a!)]).toEqual([1, 0]);
    const { turn, release } = await boundedTurn(server.deps, a!.id, gameId, { content: "B", vote: true });
    startNarration(server.deps, turn, release);
    const game = await narrations(host, gameId, 2);
    expect(lastPlayerMessage(game)).toMatchObject({ content: "B", author: { color: FIRST_COLOR } });
    expect(await messagesSent(a!)).toBe(1);
    // Answered once: the same outcome again finds no closed vote on the tip.
    expect(await refusal(a!.id, "B")).toBe("VOTE_NOT_READY");
  });
});
