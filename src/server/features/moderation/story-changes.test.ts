/**
 * A shared story's moderation over real HTTP, on SQLite and PostgreSQL (issue 36 finding 6): a
 * restriction or a hold belongs to the story, not to one link ('Smetti di condividere' then
 * 'Condividi' gives a new link under the same restriction, and the queue follows the story to it).
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, newGame, readEvents, registerPlayer } from "../../testing/harness";
import { type ModerationSite, type Player, startModerationSite } from "../../testing/moderation-site";

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
    expect(await queueItem(unlisted.id)).toMatchObject({ state: "held", reports: [{ source: "screening" }] });
    expect(await queueItem(held.id)).toBeUndefined();

    expect((await site.moderator.client.json("POST", `/api/moderation/items/story/${unlisted.id}/decision`, { action: "keep" })).status).toBe(200);
    expect((await visitor().get(unlisted.path)).status).toBe(200);
  });
});
