/**
 * A shared story's moderation over real HTTP, on SQLite and PostgreSQL (issue 36 findings 6 and
 * 7): a restriction or a hold belongs to the story, not to one link ('Smetti di condividere' then
 * 'Condividi' gives a new link under the same restriction, and the queue follows the story to
 * it); every change that alters what a listed story shows the public — an edit in place, a new
 * turn, moving the tip to a branch — is screened like its first publication.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, newGame, readEvents, registerPlayer } from "../../testing/harness";
import { type ModerationSite, type Player, startModerationSite } from "../../testing/moderation-site";

const FLAGGED = "Un testo VIETATO che il controllo automatico segnala.";

describe.each(DIALECTS)("a shared story's moderation on %s", (dialect) => {
  let site: ModerationSite;
  const visitor = () => site.visitor();

  beforeAll(async () => {
    site = await startModerationSite(dialect, 37);
  });
  afterAll(() => site.close());

  /** A player's started story (the offline narrator's opening after '/inizia'). */
  async function startedStory() {
    const player = await registerPlayer(site.server);
    const gameId = await newGame(player.client);
    await readEvents(await player.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }));
    return { player, gameId };
  }

  async function share(player: Player, gameId: string, listed: boolean) {
    const shared = await player.client.json("PUT", `/api/games/${gameId}/share`, { showNickname: false, listed });
    expect(shared.status, JSON.stringify(shared.body)).toBeLessThan(300);
    return shared.body as { id: string; path: string };
  }

  const listedIds = async () => (await visitor().json("GET", "/api/shares?limit=48")).body.items.map((s: { id: string }) => s.id);
  const queueItem = async (id: string) => (await site.moderator.client.json("GET", "/api/moderation/queue")).body.items.find((i: { id: string }) => i.id === id);

  it("a restricted story stays out of the gallery after 'Smetti di condividere' and a new listed link; the decision follows it", async () => {
    const { player, gameId } = await startedStory();
    const first = await share(player, gameId, true);
    const decisionId = await site.decide("story", first.id, "restrict");

    expect((await player.client.json("DELETE", `/api/games/${gameId}/share`)).status).toBe(204);
    expect((await player.client.json("GET", `/api/games/${gameId}/share`)).body).toEqual({ share: null });
    const again = await player.client.json("PUT", `/api/games/${gameId}/share`, { showNickname: false, listed: true });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.id);
    // The old link stays dead; the new one works (restricted: by link only), and is listed nowhere.
    expect((await visitor().get(first.path)).status).toBe(404);
    expect((await visitor().get(again.body.path)).status).toBe(200);
    expect(await listedIds()).not.toContain(again.body.id);
    expect(await (await visitor().get("/sitemaps/pages.xml")).text()).not.toContain(again.body.id);

    // An upheld appeal puts back the story the decision was about, under its new link.
    const appeal = await player.client.json("POST", `/api/decisions/${decisionId}/appeal`, { text: "La storia non prende di mira nessuno." });
    expect(appeal.status).toBe(201);
    const open = (await site.admin.json("GET", "/api/moderation/appeals")).body.find((a: { decision: { id: string } }) => a.decision.id === decisionId);
    expect((await site.admin.json("POST", `/api/moderation/appeals/${open.id}/decision`, { outcome: "reversed", reasons: "Nessuna violazione." })).status).toBe(200);
    expect(await listedIds()).toContain(again.body.id);
  });

  it("a story held by screening stays held after a new unlisted link; the moderator's queue follows it", async () => {
    const { player, gameId } = await startedStory();
    site.fake.setModeration({ flagAll: true });
    const held = await share(player, gameId, true);
    site.fake.setModeration({ flagAll: false });
    expect((await visitor().get(held.path)).status).toBe(404);

    expect((await player.client.json("DELETE", `/api/games/${gameId}/share`)).status).toBe(204);
    const unlisted = await share(player, gameId, false);
    const page = await visitor().get(unlisted.path);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Contenuto in revisione");
    // Its author reads it, never from a shared cache.
    const own = await player.client.get(unlisted.path);
    expect([own.status, own.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
    expect(await queueItem(unlisted.id)).toMatchObject({ state: "held", reports: [{ source: "screening" }] });
    expect(await queueItem(held.id)).toBeUndefined();

    expect((await site.moderator.client.json("POST", `/api/moderation/items/story/${unlisted.id}/decision`, { action: "keep" })).status).toBe(200);
    expect((await visitor().get(unlisted.path)).status).toBe(200);
  });

  it("an edit in place of a listed story is screened first: the flagged text never reaches its page, and the edit is kept", async () => {
    const { player, gameId } = await startedStory();
    const { path, id } = await share(player, gameId, true);
    const game = await player.client.json("GET", `/api/games/${gameId}`);
    const narration = game.body.messages.find((m: { role: string }) => m.role === "assistant");
    const screened = site.fake.moderationRequests.length;

    const edited = await player.client.json("PATCH", `/api/games/${gameId}/messages/${narration.id}`, { content: FLAGGED });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toBe(FLAGGED);
    expect(site.fake.moderationRequests.length).toBe(screened + 1);
    expect(JSON.stringify(site.fake.moderationRequests.at(-1))).toContain("VIETATO");
    const page = await visitor().get(path);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("VIETATO");
    expect(await listedIds()).not.toContain(id);
    expect(await queueItem(id)).toMatchObject({ state: "held", reports: [{ source: "screening" }] });
    expect((await player.client.json("GET", "/api/notifications")).body.some((n: { title: string }) => n.title === "Contenuto in revisione")).toBe(true);

    // An unlisted story is not screened, as its first publication was not.
    const other = await startedStory();
    await share(other.player, other.gameId, false);
    const otherNarration = (await other.player.client.json("GET", `/api/games/${other.gameId}`)).body.messages.find((m: { role: string }) => m.role === "assistant");
    const before = site.fake.moderationRequests.length;
    expect((await other.player.client.json("PATCH", `/api/games/${other.gameId}/messages/${otherNarration.id}`, { content: FLAGGED })).status).toBe(200);
    expect(site.fake.moderationRequests.length).toBe(before);
  });

  it("a new turn of a listed story is screened, and so is the branch the tip moves to", async () => {
    const turn = await startedStory();
    const listed = await share(turn.player, turn.gameId, true);
    const events = await readEvents(await turn.player.client.post(`/api/games/${turn.gameId}/messages`, { content: FLAGGED }));
    expect(events.at(-1)?.event).toBe("done");
    expect((await visitor().get(listed.path)).status).toBe(404);
    expect(await listedIds()).not.toContain(listed.id);

    // A branch written while the story was private, then brought back on the path of a listed story.
    const branch = await startedStory();
    await readEvents(await branch.player.client.post(`/api/games/${branch.gameId}/messages`, { content: FLAGGED }));
    const flaggedMessage = (await branch.player.client.json("GET", `/api/games/${branch.gameId}`)).body.messages.at(-1);
    expect((await branch.player.client.json("POST", `/api/games/${branch.gameId}/undo`)).status).toBe(200);
    const clean = await share(branch.player, branch.gameId, true);
    expect((await visitor().get(clean.path)).status).toBe(200);
    expect((await branch.player.client.json("PUT", `/api/games/${branch.gameId}/tip`, { messageId: flaggedMessage.id, mode: "here" })).status).toBe(200);
    expect((await visitor().get(clean.path)).status).toBe(404);
    expect(await queueItem(clean.id)).toMatchObject({ state: "held" });
  });
});
