/**
 * Group stories for tests over real HTTP (issue 24 'Gioca insieme', ADR 0019): a host with a game
 * and invited players, turns sent and read to the end, the group view, votes, the narrations of a
 * story and a game page's presence tab. Every helper creates its own users through the public API.
 */

import { expect } from "vitest";
import { newGame, readEvents, registerPlayer, type TestServer } from "./harness";

export type Player = Awaited<ReturnType<typeof registerPlayer>>;

/**
 * The group helpers bound to a test server. Input: a function giving the server (started in a
 * beforeAll, so read when a helper runs). Output: the helpers below.
 */
export function groupPlay(serverOf: () => TestServer) {
  const tokenOf = (url: string) => url.split("/").at(-1)!;

  /** A new invitation link of the host's story. Output: its token. */
  async function invite(host: Player, gameId: string): Promise<string> {
    const created = await host.client.json("POST", `/api/games/${gameId}/invitations`);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.url).toMatch(/^\/invito\/[A-Za-z0-9_-]{43}$/);
    return tokenOf(created.body.url);
  }

  /** POST /api/invitations/:token/join with a character. Output: the status and body. */
  async function join(player: Player, token: string, characterName = "Bruna", characterLine = "Una ladra gentile.") {
    return player.client.json("POST", `/api/invitations/${token}/join`, { characterName, characterLine });
  }

  /** A host with a game and `others` players who joined it ('Eroe 1', 'Eroe 2', …), in seat order. */
  async function group(others: number) {
    const server = serverOf();
    const host = await registerPlayer(server);
    const gameId = await newGame(host.client);
    const token = await invite(host, gameId);
    const players: Player[] = [];
    for (let i = 0; i < others; i++) {
      const player = await registerPlayer(server);
      expect((await join(player, token, `Eroe ${i + 1}`)).status).toBe(200);
      players.push(player);
    }
    return { host, gameId, token, players };
  }

  /** Sends a turn and reads its stream to the end. Output: the status, the error body (not 200) and the events. */
  async function send(player: Player, gameId: string, content: string) {
    const response = await player.client.post(`/api/games/${gameId}/messages`, { content });
    if (response.status !== 200) return { status: response.status, body: await response.json(), events: [] };
    return { status: 200, body: null, events: await readEvents(response) };
  }

  /** GET /api/games/:id/group as `player` sees it. */
  const groupOf = async (player: Player, gameId: string) => (await player.client.json("GET", `/api/games/${gameId}/group`)).body;

  /** A {@link group} in 'voto' (`voteSeconds`) whose host sent '/inizia'. */
  async function votingGroup(others: number, voteSeconds = 60) {
    const created = await group(others);
    expect((await created.host.client.json("PUT", `/api/games/${created.gameId}/group`, { mode: "vote", voteSeconds })).status).toBe(200);
    expect((await send(created.host, created.gameId, "/inizia")).events.at(-1)?.event).toBe("done");
    return created;
  }

  /** Waits until the story holds `count` narrations and none is being written. Output: the game. */
  async function narrations(player: Player, gameId: string, count: number) {
    let game: any;
    await expect
      .poll(
        async () => {
          game = (await player.client.json("GET", `/api/games/${gameId}`)).body;
          return game.liveNarration === null ? game.messages.filter((m: any) => m.role === "assistant").length : -1;
        },
        { timeout: 10_000 },
      )
      .toBe(count);
    return game;
  }

  /** Opens the game page's presence stream of `player` on the story (tab `tab`). Output: its events and close(). */
  async function openTab(player: Player, gameId: string, tab: string) {
    const controller = new AbortController();
    const response = await player.client.request("GET", `/api/presence?tab=${tab}&game=${gameId}`, undefined, { signal: controller.signal });
    const events: string[] = [];
    void readEvents(response, (e) => void events.push(e.event)).catch(() => undefined);
    await expect.poll(() => events).toEqual(["ready"]);
    return { events, close: () => controller.abort() };
  }

  /** The player's messages sent today (GET /api/me). */
  const messagesSent = async (player: Player): Promise<number> => (await player.client.json("GET", "/api/me")).body.tokens.messagesSent;

  return { invite, join, group, send, groupOf, votingGroup, narrations, openTab, messagesSent };
}
