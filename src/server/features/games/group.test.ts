/**
 * Over 350 lines: group play's contract end to end (invitations, turns, votes), sharing one server per dialect.
 * 'Gioca insieme' over real HTTP (issue 24, ADR 0019): invitations (revocation, expiry, the 5th
 * player), reads for members only, 'a turno' order and its 409s, votes under concurrency (one per
 * player per turn, one narration), ties to the host, the deadline, the host hand-over, quotas per
 * player, and on PostgreSQL two server instances whose players see each other's events. Runs on
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryIdle } from "../../domain/memory/background";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { type Player, groupPlay } from "../../testing/group-play";
import { DIALECTS, newGame, openLive, registerPlayer, startServerProcess, startTestServer, TestClient, type TestServer } from "../../testing/harness";

/** The presence's grace before a player who closed the story is 'assente' (30 s on a real server). */
const AWAY_MS = 600;

describe.each(DIALECTS)("group play on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;
  const secret = "group-play-secret-".padEnd(40, "x");

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, {
      env: { AUTH_SECRET: secret, AI_BASE_URL: fake.url, AI_MODEL: "fake-model", AI_CONNECT_TIMEOUT_MS: "2000", AI_IDLE_TIMEOUT_MS: "2000", AI_RETRY_MAX_WAIT_MS: "0", PRESENCE_AWAY_MS: String(AWAY_MS) },
    });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.set({ mode: "ok", text: FAKE_REPLY, firstTokenDelayMs: 0, tokensPerSecond: 0, respond: undefined });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const { invite, join, group, send, groupOf, votingGroup, narrations, openTab } = groupPlay(() => server);

  it("an invitation lets players join up to 4, shows the story first, and is dead once revoked", async () => {
    const { host, gameId, token, players } = await group(2);
    const preview = await new TestClient(server.url).json("GET", `/api/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ genre: "Horror", players: 3, full: false });
    expect(preview.body.title).toMatch(/^Nuova Avventura Horror/);

    // Joining twice, or the host joining, changes nothing.
    expect((await join(players[0]!, token)).body).toEqual({ gameId, genre: "Horror" });
    expect((await join(host, token)).status).toBe(200);
    const view = await groupOf(players[0]!, gameId);
    expect(view.players.map((p: any) => [p.characterName, p.isHost, p.color])).toEqual([
      [expect.any(String), true, "#1e88e5"],
      ["Eroe 1", false, "#d81b60"],
      ["Eroe 2", false, "#43a047"],
    ]);
    expect(view).toMatchObject({ mode: "turns", hostId: host.id, meId: players[0]!.id, turnUserId: host.id, vote: null, notes: [] });

    const fourth = await registerPlayer(server);
    expect((await join(fourth, token)).status).toBe(200);
    expect((await new TestClient(server.url).json("GET", `/api/invitations/${token}`)).body).toMatchObject({ players: 4, full: true });
    const fifth = await registerPlayer(server);
    const refused = await join(fifth, token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe("La storia ha già 4 giocatori.");
    expect((await fifth.client.json("GET", `/api/games/${gameId}`)).status).toBe(404);

    const list = await host.client.json("GET", `/api/games/${gameId}/invitations`);
    expect(list.body.invitations).toHaveLength(1);
    const invitationId = list.body.invitations[0].id;
    expect((await players[0]!.client.json("DELETE", `/api/games/${gameId}/invitations/${invitationId}`)).status).toBe(404);
    expect((await host.client.json("DELETE", `/api/games/${gameId}/invitations/${invitationId}`)).status).toBe(204);
    expect((await host.client.json("GET", `/api/games/${gameId}/invitations`)).body.invitations[0].revokedAt).toEqual(expect.any(String));
    for (const res of [await new TestClient(server.url).json("GET", `/api/invitations/${token}`), await join(fifth, token)]) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Invito non valido o scaduto.");
    }
    // The token is never stored: only its SHA-256.
    const stored = await server.deps.db.selectFrom("game_invitations").select("token_hash").where("game_id", "=", gameId).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
  });

  it("an invitation expires after 7 days; forged, huge and malformed tokens are 404; a guest may join", async () => {
    const host = await registerPlayer(server);
    const gameId = await newGame(host.client);
    const token = await invite(host, gameId);
    const guest = new TestClient(server.url);
    expect((await guest.post("/api/auth/sign-in/anonymous")).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 7 * 24 * 3_600_000 - 60_000 });
    expect((await guest.json("POST", `/api/invitations/${token}/join`, { characterName: "Ospite", characterLine: "" })).status).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const late = await registerPlayer(server);
    expect((await join(late, token)).status).toBe(404);
    vi.useRealTimers();
    for (const forged of [token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), "x".repeat(5_000), "%00", "..%2F..%2Fetc"]) {
      expect((await new TestClient(server.url).json("GET", `/api/invitations/${forged}`)).status).toBe(404);
    }
    const fresh = await invite(host, gameId);
    for (const body of [{}, { characterName: "" }, { characterName: "x".repeat(41) }, { characterName: "Ada", characterLine: "y".repeat(141) }, { characterName: "Ada", extra: 1 }]) {
      const res = await late.client.json("POST", `/api/invitations/${fresh}/join`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await new TestClient(server.url).json("POST", `/api/invitations/${fresh}/join`, { characterName: "Ada" })).status).toBe(401);
  });

  it("only members read the story; a removed player loses access at once; strangers are 404 everywhere", async () => {
    const { host, gameId, players } = await group(2);
    const stranger = await registerPlayer(server);
    for (const path of ["", "/group", "/map", "/memory", "/live", "/invitations"]) {
      expect((await stranger.client.json("GET", `/api/games/${gameId}${path}`)).status, path).toBe(404);
    }
    expect((await stranger.client.json("POST", `/api/games/${gameId}/votes`, { choice: "A" })).status).toBe(404);
    expect((await stranger.client.json("POST", `/api/games/${gameId}/notes`, { text: "ciao" })).status).toBe(404);
    expect((await stranger.client.json("DELETE", `/api/games/${gameId}/players/${players[0]!.id}`)).status).toBe(404);
    const [a, b] = players as [Player, Player];
    expect((await a.client.json("GET", `/api/games/${gameId}`)).body.group).toMatchObject({ hostId: host.id });
    // /profilo lists the story for its players too, as not theirs to delete.
    const listed = (await a.client.json("GET", "/api/profile/games")).body.filter((g: any) => g.id === gameId);
    expect(listed).toEqual([expect.objectContaining({ id: gameId, hosted: false })]);
    expect((await host.client.json("GET", "/api/profile/games")).body.find((g: any) => g.id === gameId).hosted).toBe(true);
    // A player removes nobody but themself; the host removes anyone.
    const refused = await a.client.json("DELETE", `/api/games/${gameId}/players/${b.id}`);
    expect(refused.status).toBe(403);
    expect((await host.client.json("DELETE", `/api/games/${gameId}/players/${b.id}`)).status).toBe(204);
    expect((await b.client.json("GET", `/api/games/${gameId}`)).status).toBe(404);
    expect((await b.client.json("GET", `/api/games/${gameId}/live`)).status).toBe(404);
    expect((await host.client.json("DELETE", `/api/games/${gameId}/players/${b.id}`)).status).toBe(404);
    // The last player leaving makes it a solo story again.
    expect((await a.client.json("DELETE", `/api/games/${gameId}/players/${a.id}`)).status).toBe(204);
    expect((await a.client.json("GET", `/api/games/${gameId}`)).status).toBe(404);
    expect((await host.client.json("GET", `/api/games/${gameId}`)).body.group).toBeNull();
  });

  it("'a turno': only the current player's message is accepted, the turn passes after the narration, the host skips", async () => {
    const { host, gameId, players } = await group(2);
    const [a, b] = players as [Player, Player];
    const early = await send(a, gameId, "/inizia");
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(/^Non è il tuo turno: tocca a .+\.$/);
    expect((await send(host, gameId, "/inizia")).events.at(-1)?.event).toBe("done");
    expect((await groupOf(host, gameId)).turnUserId).toBe(a.id);
    const notYet = await send(b, gameId, "Apro la porta");
    expect(notYet.body.error.message).toBe("Non è il tuo turno: tocca a Eroe 1.");
    expect((await send(a, gameId, "Apro la porta")).events.at(-1)?.event).toBe("done");
    expect((await groupOf(host, gameId)).turnUserId).toBe(b.id);

    const game = (await b.client.json("GET", `/api/games/${gameId}`)).body;
    const mine = game.messages.filter((m: any) => m.role === "user");
    expect(mine.map((m: any) => [m.content, m.author?.color])).toEqual([
      ["/inizia", "#1e88e5"],
      ["Apro la porta", "#d81b60"],
    ]);
    expect(game.messages.filter((m: any) => m.role === "assistant").every((m: any) => !("author" in m))).toBe(true);
    // The narrator was told who plays.
    // The system prompt says it is a group; the cast and who acts are the players' words, quoted
    // in the player's message (issue 36 finding 11).
    const [system, turn] = [fake.requests.at(-1).messages[0].content as string, fake.requests.at(-1).messages.at(-1).content as string];
    expect(system).toContain("GRUPPO DI GIOCO");
    expect(system).not.toContain("Una ladra gentile.");
    expect(turn).toContain('- "Eroe 2": "Una ladra gentile."');
    expect(turn).toContain('In questo turno agisce "Eroe 1"');
    expect(turn.endsWith("\n\nApro la porta")).toBe(true);

    expect((await a.client.json("POST", `/api/games/${gameId}/group/skip`)).status).toBe(404);
    expect((await host.client.json("POST", `/api/games/${gameId}/group/skip`)).body.turnUserId).toBe(host.id);
    expect((await send(b, gameId, "Scappo")).status).toBe(409);
    // Side notes never reach the narrator.
    const note = await b.client.json("POST", `/api/games/${gameId}/notes`, { text: "Torno tra un minuto" });
    expect(note.status).toBe(201);
    expect((await groupOf(host, gameId)).notes.map((n: any) => [n.userId, n.text])).toEqual([[b.id, "Torno tra un minuto"]]);
    expect((await b.client.json("POST", `/api/games/${gameId}/notes`, { text: "x".repeat(501) })).status).toBe(400);
    await send(host, gameId, "Resto di guardia");
    expect(JSON.stringify(fake.requests.at(-1))).not.toContain("Torno tra un minuto");
  });

  it("'voto': concurrent votes count once per player, and exactly one narration follows the majority", async () => {
    const { host, gameId, players } = await votingGroup(3);
    const everyone = [host, ...players];
    const member = await send(players[0]!, gameId, "Corro via");
    expect(member.status).toBe(409);
    expect(member.body.error.message).toBe("In questa storia si decide con il voto.");

    // 20 parallel votes of one player: one counts.
    const same = await Promise.all(Array.from({ length: 20 }, () => players[0]!.client.json("POST", `/api/games/${gameId}/votes`, { choice: "B" })));
    expect(same.filter((r) => r.status === 200)).toHaveLength(1);
    expect(same.filter((r) => r.status === 409).map((r) => r.body.error.message)).toEqual(Array(19).fill("Hai già votato in questo turno."));
    const requests = fake.requests.length;
    // The three others, 5 times each at once.
    const rest = await Promise.all(
      [host, players[1]!, players[2]!].flatMap((p, i) => Array.from({ length: 5 }, () => p.client.json("POST", `/api/games/${gameId}/votes`, i === 0 ? { choice: "A" } : { choice: "B" }))),
    );
    expect(rest.filter((r) => r.status === 200)).toHaveLength(3);
    const game = await narrations(host, gameId, 2);
    expect(fake.requests.length - requests).toBe(1);
    const decided = game.messages.filter((m: any) => m.role === "user").at(-1);
    expect(decided).toMatchObject({ content: "B", author: { color: "#d81b60" } });
    expect(fake.requests.at(-1).messages.at(-1).content).toContain("Ha vinto a maggioranza (3 voti su 4): la scelta B");
    const votes = await server.deps.db.selectFrom("turn_votes").select("user_id").where("game_id", "=", gameId).execute();
    expect(votes.map((v) => v.user_id).sort()).toEqual(everyone.map((p) => p.id).sort());
    // Written by and charged to the first voter of the winning option, never to the host (issue 36 finding 2).
    const sent = async (p: Player) => (await p.client.json("GET", "/api/me")).body.tokens.messagesSent;
    expect(await sent(host)).toBe(1);
    expect(await sent(players[0]!)).toBe(1);
    expect(await sent(players[1]!)).toBe(0);
    expect((await groupOf(host, gameId)).vote).toBeNull();
  });

  it("a tie goes to the host's vote; past the deadline a vote closes once it has its quorum", async () => {
    const { host, gameId, players } = await votingGroup(3, 30);
    const [a, b, c] = players as [Player, Player, Player];
    // The same action in another spelling, voted before the host's: the turn of its first voter, as they wrote it.
    expect((await b.client.json("POST", `/api/games/${gameId}/votes`, { action: "  accendiamo una TORCIA " })).status).toBe(200);
    await Promise.all([
      host.client.json("POST", `/api/games/${gameId}/votes`, { action: "Accendiamo una torcia" }),
      a.client.json("POST", `/api/games/${gameId}/votes`, { choice: "C" }),
      c.client.json("POST", `/api/games/${gameId}/votes`, { choice: "C" }),
    ]);
    const tied = await narrations(host, gameId, 2);
    expect(tied.messages.filter((m: any) => m.role === "user").at(-1)).toMatchObject({ content: "accendiamo una TORCIA", author: { color: "#43a047" } });
    expect(fake.requests.at(-1).messages.at(-1).content).toContain("pareggio");

    // Two of four vote: no quorum (issue 36 finding 2). 30 s later the vote stays open and says
    // so; a third vote makes the quorum and the narrator follows them.
    expect((await a.client.json("POST", `/api/games/${gameId}/votes`, { choice: "A" })).status).toBe(200);
    expect((await b.client.json("POST", `/api/games/${gameId}/votes`, { choice: "A" })).status).toBe(200);
    const open = await groupOf(c, gameId);
    expect(open.vote.votes).toHaveLength(2);
    expect(Date.parse(open.vote.deadline) - Date.now()).toBeGreaterThan(25_000);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31_000 });
    const waiting = await groupOf(c, gameId);
    expect(waiting.vote.votes).toHaveLength(2);
    expect(waiting.voteNotice).toBe("Il tempo è scaduto, ma il voto resta aperto: si decide quando vota chi ospita la storia o più della metà dei giocatori.");
    expect((await c.client.json("POST", `/api/games/${gameId}/votes`, { choice: "B" })).status).toBe(200);
    expect((await groupOf(c, gameId)).vote).toBeNull();
    vi.useRealTimers();
    const closed = await narrations(host, gameId, 3);
    expect(closed.messages.filter((m: any) => m.role === "user").at(-1).content).toBe("A");
    expect((await a.client.json("POST", `/api/games/${gameId}/votes`, { choice: "A" })).status).toBe(200);
  });

  it("the host who leaves hands the story to the longest-present player", async () => {
    const { host, gameId, players } = await group(2);
    const [a, b] = players as [Player, Player];
    expect((await host.client.json("DELETE", `/api/games/${gameId}/players/${host.id}`)).status).toBe(204);
    expect((await host.client.json("GET", `/api/games/${gameId}`)).status).toBe(404);
    const view = await groupOf(b, gameId);
    expect(view.hostId).toBe(a.id);
    expect(view.players.map((p: any) => p.userId)).toEqual([a.id, b.id]);
    expect(view.turnUserId).toBe(a.id);
    // The new host holds the host's controls.
    expect((await a.client.json("PUT", `/api/games/${gameId}/group`, { mode: "vote", voteSeconds: 45 })).body).toMatchObject({ mode: "vote", voteSeconds: 45 });
    expect((await b.client.json("PUT", `/api/games/${gameId}/group`, { mode: "turns", voteSeconds: 45 })).status).toBe(404);
    for (const body of [{ mode: "solo", voteSeconds: 60 }, { mode: "vote", voteSeconds: 29 }, { mode: "vote", voteSeconds: 301 }, { mode: "vote", voteSeconds: 60.5 }]) {
      expect((await a.client.json("PUT", `/api/games/${gameId}/group`, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("a player who leaves keeps a read-only copy in /profilo: it reads and exports, takes no write but its deletion, and the story goes on without it; a removed player keeps none", async () => {
    const { host, gameId, token, players } = await group(2);
    const [a, b] = players as [Player, Player];
    expect((await send(host, gameId, "/inizia")).events.at(-1)?.event).toBe("done");
    expect((await send(a, gameId, "Apro la porta")).events.at(-1)?.event).toBe("done");
    expect((await host.client.json("POST", `/api/games/${gameId}/memory/facts`, { kind: "luogo", title: "La torre", text: "Una torre di vetro." })).status).toBe(201);
    const before = (await a.client.json("GET", `/api/games/${gameId}`)).body;
    await memoryIdle();
    const facts = (await a.client.json("GET", `/api/games/${gameId}/memory`)).body.facts.map((f: any) => f.title);
    expect(facts).toContain("La torre");

    expect((await a.client.json("DELETE", `/api/games/${gameId}/players/${a.id}`)).status).toBe(204);
    expect((await a.client.json("GET", `/api/games/${gameId}`)).status).toBe(404);
    const listed = (await a.client.json("GET", "/api/profile/games")).body;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ title: before.title, hosted: true, readOnly: true });
    const copyId = listed[0].id as string;
    expect(copyId).not.toBe(gameId);
    const copy = (await a.client.json("GET", `/api/games/${copyId}`)).body;
    expect(copy).toMatchObject({ readOnly: true, group: null, started: true });
    expect(copy.messages.map((m: any) => [m.role, m.content])).toEqual(before.messages.map((m: any) => [m.role, m.content]));
    expect((await a.client.json("GET", `/api/games/${copyId}/memory`)).body.facts.map((f: any) => f.title)).toEqual(facts);
    expect((await a.client.request("GET", `/api/games/${copyId}/export?format=epub`)).status).toBe(200);

    // Every write on the copy is refused with the reason, and changes nothing.
    const writes: [string, string, unknown?][] = [
      ["POST", `/api/games/${copyId}/messages`, { content: "Continuo da solo" }],
      ["POST", `/api/games/${copyId}/regenerate`],
      ["POST", `/api/games/${copyId}/undo`],
      ["PATCH", `/api/games/${copyId}/messages/${copy.messages.at(-1).id}`, { content: "Riscritto" }],
      ["PUT", `/api/games/${copyId}/share`, { showNickname: true, listed: true }],
      ["POST", `/api/games/${copyId}/invitations`],
      ["POST", `/api/games/${copyId}/memory/facts`, { kind: "luogo", title: "Il pozzo", text: "Profondo." }],
      ["PUT", `/api/games/${copyId}/memory/recap`, { text: "Riassunto" }],
      ["POST", `/api/games/${copyId}/images`],
    ];
    for (const [method, path, body] of writes) {
      const refused = await a.client.json(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error).toMatchObject({ code: "READ_ONLY_COPY", message: "Questa storia è una copia di sola lettura: puoi rileggerla, esportarla o eliminarla." });
    }
    expect((await a.client.json("GET", `/api/games/${copyId}`)).body.messages).toEqual(copy.messages);
    // Nobody else reads the copy, and a stranger's write is not told that it exists.
    expect((await host.client.json("GET", `/api/games/${copyId}`)).status).toBe(404);
    expect((await host.client.json("POST", `/api/games/${copyId}/undo`)).status).toBe(404);

    // The group's story goes on; the copy stays as it was.
    expect((await groupOf(host, gameId)).players.map((p: any) => p.userId)).toEqual([host.id, b.id]);
    expect((await send(b, gameId, "Salgo sulla torre")).events.at(-1)?.event).toBe("done");
    expect((await a.client.json("GET", `/api/games/${copyId}`)).body.messages).toEqual(copy.messages);

    // Joining again and leaving again replaces the copy: one per story and player.
    expect((await join(a, token, "Eroe 1")).status).toBe(200);
    expect((await a.client.json("DELETE", `/api/games/${gameId}/players/${a.id}`)).status).toBe(204);
    const relisted = (await a.client.json("GET", "/api/profile/games")).body;
    expect(relisted).toHaveLength(1);
    expect(relisted[0].id).not.toBe(copyId);
    expect((await a.client.json("GET", `/api/games/${copyId}`)).status).toBe(404);
    const latest = (await a.client.json("GET", `/api/games/${relisted[0].id}`)).body;
    expect(latest.messages.at(-2)).toMatchObject({ role: "user", content: "Salgo sulla torre" });

    // A player the host removes keeps nothing.
    expect((await host.client.json("DELETE", `/api/games/${gameId}/players/${b.id}`)).status).toBe(204);
    expect((await b.client.json("GET", "/api/profile/games")).body).toEqual([]);

    expect((await a.client.json("DELETE", `/api/games/${latest.id}`)).status).toBe(200);
    expect((await a.client.json("GET", `/api/games/${latest.id}`)).status).toBe(404);
    expect((await a.client.json("GET", "/api/profile/games")).body).toEqual([]);
  });

  it("a player who leaves before the first turn keeps no copy: there is nothing to reread", async () => {
    const { gameId, players } = await group(1);
    const [a] = players as [Player];
    expect((await a.client.json("DELETE", `/api/games/${gameId}/players/${a.id}`)).status).toBe(204);
    expect((await a.client.json("GET", "/api/profile/games")).body).toEqual([]);
  });

  const presentOf = async (viewer: Player, gameId: string) =>
    Object.fromEntries((await groupOf(viewer, gameId)).players.map((p: any) => [p.userId, p.present]));

  it("presence: a player whose page shows the story is there, still is just after closing it, then is 'assente'; the others are told and a vote that waited for them closes", async () => {
    const { host, gameId, players } = await votingGroup(2, 300);
    const [a, b] = players as [Player, Player];
    const stranger = await registerPlayer(server);
    expect(await presentOf(host, gameId)).toEqual({ [host.id]: false, [a.id]: false, [b.id]: false });
    const hostLive = await openLive(host.client);
    try {
      const tabs = [await openTab(host, gameId, "tab-host-0001"), await openTab(a, gameId, "tab-a-000001"), await openTab(b, gameId, "tab-b-000001")];
      // Another's story in the query records nothing: the stranger is in no group, and their tab is theirs alone.
      const strangerTab = await openTab(stranger, gameId, "tab-s-000001");
      expect(await presentOf(host, gameId)).toEqual({ [host.id]: true, [a.id]: true, [b.id]: true });

      for (const voter of [host, a]) expect((await voter.client.json("POST", `/api/games/${gameId}/votes`, { choice: "C" })).status).toBe(200);
      expect((await groupOf(host, gameId)).vote).not.toBeNull();
      const changesBefore = hostLive.events.filter((e) => e.event === "group.changed").length;
      tabs[2]!.close();
      // A closed tab is no session any more (spec §4): the player opens another story at once,
      // and is still here for the grace.
      const elsewhere = await openTab(b, await newGame(b.client), "tab-b-000002");
      expect((await presentOf(host, gameId))[b.id]).toBe(true);
      // After the grace: 'assente', the host is told, and the vote of the two present players decides.
      await expect.poll(() => presentOf(host, gameId), { timeout: AWAY_MS * 10 }).toEqual({ [host.id]: true, [a.id]: true, [b.id]: false });
      await expect.poll(() => hostLive.events.filter((e) => e.event === "group.changed").length, { timeout: AWAY_MS * 10 }).toBeGreaterThan(changesBefore);
      const game = await narrations(host, gameId, 2);
      expect(game.messages.filter((m: any) => m.role === "user").at(-1)).toMatchObject({ content: "C" });
      for (const tab of [...tabs, strangerTab, elsewhere]) tab.close();
    } finally {
      hostLive.close();
    }
  });

  it("the memory keeps a fact about each player's character, from the narrations that name them", async () => {
    const host = await registerPlayer(server);
    const gameId = await newGame(host.client);
    const token = await invite(host, gameId);
    const player = await registerPlayer(server);
    expect((await join(player, token, "Ada")).status).toBe(200);
    fake.set({ text: "La strada del porto è deserta. Ada, con la lanterna alzata, scruta il molo.\n\n1. Segui Ada\n2. Esplora il molo\n3. Torna alla locanda" });
    expect((await send(host, gameId, "/inizia")).events.at(-1)?.event).toBe("done");
    await memoryIdle();
    const facts = (await player.client.json("GET", `/api/games/${gameId}/memory`)).body.facts;
    expect(facts.filter((f: any) => f.title === "Ada")).toEqual([expect.objectContaining({ kind: "personaggio", text: "Ada, con la lanterna alzata, scruta il molo." })]);
  });

  it("a turn is charged to its sender: a player at their limit is refused while the others play on", async () => {
    const { host, gameId, players } = await group(1);
    const [a] = players as [Player];
    expect((await send(host, gameId, "/inizia")).status).toBe(200);
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
    await server.deps.db.updateTable("user_tokens").set({ messages_sent: 15, messages_period: day }).where("user_id", "=", a.id).execute();
    const refused = await send(a, gameId, "Salto il fosso");
    expect(refused.status).toBe(429);
    expect(refused.body.error.title).toBe("Limite messaggi raggiunto");
    expect((await groupOf(host, gameId)).turnUserId).toBe(a.id);
    await host.client.json("POST", `/api/games/${gameId}/group/skip`);
    expect((await send(host, gameId, "Salto io il fosso")).events.at(-1)?.event).toBe("done");
    const sent = async (p: Player) => (await p.client.json("GET", "/api/me")).body.tokens.messagesSent;
    expect(await sent(host)).toBe(2);
    expect(await sent(a)).toBe(15);
  });

  it("typing reaches the other players at most once a second; every change reaches them live", async () => {
    const { host, gameId, players } = await group(1);
    const live = await openLive(players[0]!.client);
    try {
      for (let i = 0; i < 5; i++) expect((await host.client.json("POST", `/api/games/${gameId}/typing`)).status).toBe(204);
      await live.next((e) => e.event === "group.typing" && e.data.userId === host.id);
      expect(live.events.filter((e) => e.event === "group.typing")).toHaveLength(1);
      await host.client.json("POST", `/api/games/${gameId}/notes`, { text: "Pronti?" });
      await live.next((e) => e.event === "group.changed" && e.data.gameId === gameId);
      const narration = live.next((e) => e.event === "group.narration" && e.data.gameId === gameId);
      await send(host, gameId, "/inizia");
      await narration;
    } finally {
      live.close();
    }
  });

  if (dialect === "postgres") {
    it("two instances: players on either see each other's joins, votes and narrations", async () => {
      const b = await startServerProcess(server, { AUTH_SECRET: secret, AI_BASE_URL: fake.url, AI_MODEL: "fake-model" });
      try {
        const host = await registerPlayer(server);
        const gameId = await newGame(host.client);
        const token = await invite(host, gameId);
        const other = await registerPlayer(server);
        const onB = new TestClient(b.url);
        expect((await onB.post("/api/auth/sign-in/email", { email: other.email, password: other.password })).status).toBe(200);
        const hostLive = await openLive(host.client);
        const otherLive = await openLive(onB);
        try {
          const joined = hostLive.next((e) => e.event === "group.changed" && e.data.gameId === gameId);
          expect((await onB.json("POST", `/api/invitations/${token}/join`, { characterName: "Bruna", characterLine: "" })).status).toBe(200);
          await joined;
          expect((await host.client.json("PUT", `/api/games/${gameId}/group`, { mode: "vote", voteSeconds: 60 })).status).toBe(200);
          await otherLive.next((e) => e.event === "group.changed" && e.data.gameId === gameId);
          const started = otherLive.next((e) => e.event === "group.narration" && e.data.gameId === gameId);
          expect((await send(host, gameId, "/inizia")).status).toBe(200);
          await started;
          const voted = hostLive.next((e) => e.event === "group.changed" && e.data.gameId === gameId);
          expect((await onB.json("POST", `/api/games/${gameId}/votes`, { choice: "C" })).status).toBe(200);
          await voted;
          const narrated = otherLive.next((e) => e.event === "group.narration" && e.data.gameId === gameId);
          expect((await host.client.json("POST", `/api/games/${gameId}/votes`, { choice: "C" })).status).toBe(200);
          await narrated;
          // The player on B follows the narration written on A.
          await expect.poll(async () => (await onB.json("GET", `/api/games/${gameId}`)).body.messages.filter((m: any) => m.role === "assistant").length, { timeout: 10_000 }).toBe(2);
        } finally {
          hostLive.close();
          otherLive.close();
        }
      } finally {
        await b.close();
      }
    });
  }
});
