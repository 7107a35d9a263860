/**
 * The creator's name links to their creator page (issue 40 §1: '/autore/{nickname} … linked from
 * every scenario, shared story and gallery picture by that author'), over real HTTP on SQLite and
 * PostgreSQL: the gallery (list and image), a scene picture in the game, 'Storie condivise' and
 * the server-rendered reading page carry `creatorNickname` only when the author has a nickname
 * and a listed scenario (so no link ever leads to 'Autore non trovato'); a first name alone, a
 * nickname with only drafts or restricted scenarios, a hidden nickname or a deactivated author
 * give none; nothing private (user id, e-mail) is in the views.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creatorPath } from "../../../shared/slug";
import { nowIso } from "../../platform/clock";
import { DIALECTS, newGame, registerPlayer, type TestClient } from "../../testing/harness";
import { addGalleryImage } from "../../testing/gallery-image";
import { type ModerationSite, type Player, startModerationSite } from "../../testing/moderation-site";

const SCENARIO = {
  title: "La casa delle maree",
  genre: "Avventura",
  description: "Una casa che il mare sommerge ogni notte e restituisce ogni mattina.",
  first_message: "L'acqua si ritira dalle scale e la porta d'ingresso si apre da sola.",
  story_cards: [],
};

describe.each(DIALECTS)("links to the creator page on %s", (dialect) => {
  let site: ModerationSite;
  // Nicknames of this run's own; an accent is kept, so the path is percent-encoded.
  const suffix = randomUUID().slice(0, 6);

  beforeAll(async () => {
    site = await startModerationSite(dialect, 41);
  });
  afterAll(() => site.close());

  async function profile(player: Player, body: { nickname?: string; firstName?: string }) {
    const res = await player.client.json("PUT", "/api/profile", { nickname: "", firstName: "", lastName: "", ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  /** A scenario of `client`'s: a draft, published (screened: visible) unless `publish` is false. Output: its id. */
  async function scenario(client: TestClient, publish = true): Promise<string> {
    const created = await client.json("POST", "/api/scenarios", SCENARIO);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (publish) {
      const published = await client.json("POST", `/api/scenarios/${created.body.id}/publish`);
      expect(published.status, JSON.stringify(published.body)).toBe(200);
    }
    return created.body.id as string;
  }

  /** A shared story of the player's (one narration, a scene picture), listed, with the nickname shown unless told. Output: its path and id. */
  async function sharedStory(player: Player, showNickname = true): Promise<{ path: string; id: string }> {
    const gameId = await newGame(player.client, "horror");
    const id = randomUUID();
    await site.server.deps.db
      .insertInto("chat_messages")
      .values({ id, game_id: gameId, user_id: null, role: "assistant", content: "La nebbia sale dal porto.", created_at: nowIso(), parent_id: null, depth: 0 })
      .execute();
    await site.server.deps.db.updateTable("saved_games").set({ tip_message_id: id }).where("id", "=", gameId).execute();
    const shared = await player.client.json("PUT", `/api/games/${gameId}/share`, { showNickname, listed: true });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    return { path: shared.body.path as string, id: shared.body.id as string };
  }

  /** What a visitor is told about the player's picture and shared story. */
  async function seen(imageId: string, share: { path: string; id: string }) {
    const visitor = site.visitor();
    const gallery = await visitor.json("GET", "/api/images?limit=60");
    const shares = await visitor.json("GET", "/api/shares?limit=48");
    const html = await (await visitor.get(share.path)).text();
    return {
      listed: gallery.body.items.find((i: { id: string }) => i.id === imageId),
      image: (await visitor.json("GET", `/api/images/${imageId}`)).body,
      card: shares.body.items.find((s: { id: string }) => s.id === share.id),
      html,
      gallery: JSON.stringify(gallery.body),
      shares: JSON.stringify(shares.body),
    };
  }

  it("an author with a nickname and a published scenario: every name links to /autore/{nickname}, which exists", async () => {
    const author = await registerPlayer(site.server);
    const nickname = `Élise.${suffix}`;
    await profile(author, { nickname, firstName: "Elisa" });
    await scenario(author.client);
    const imageId = await addGalleryImage(site.server, author.id, "Il porto nella nebbia");
    const share = await sharedStory(author);

    const { listed, image, card, html, gallery, shares } = await seen(imageId, share);
    expect(listed).toMatchObject({ creator: nickname, creatorNickname: nickname });
    expect(image).toMatchObject({ creator: nickname, creatorNickname: nickname });
    expect(card).toMatchObject({ nickname, creatorNickname: nickname });
    // The reading page (server-rendered HTML): the byline's name is a link, its address encoded.
    const path = creatorPath(nickname);
    expect(path).toBe(`/autore/%C3%89lise.${suffix}`);
    expect(html).toMatch(new RegExp(`di <a class="[^"]*" href="${path}">${nickname}</a>`));
    // The link leads to the creator page.
    expect((await site.visitor().json("GET", `/api${path.replace("/autore/", "/authors/")}`)).status).toBe(200);
    expect((await site.visitor().get(path)).status).toBe(200);
    // Nothing private in the public views.
    for (const text of [gallery, shares, html]) {
      expect(text).not.toContain(author.id);
      expect(text).not.toContain(author.email);
    }
    expect(Object.keys(image).sort()).toEqual(["createdAt", "creator", "creatorNickname", "height", "id", "imageUrl", "offline", "slug", "title", "width"]);
    expect(Object.keys(card).sort()).toEqual(["creatorNickname", "excerpt", "genre", "id", "nickname", "path", "sharedAt", "title"]);

    // Their scene picture in their game carries it too.
    const gameId = await newGame(author.client, "fantasy");
    const url = (await site.server.deps.db.selectFrom("generated_images").select("image_url").where("id", "=", imageId).executeTakeFirstOrThrow()).image_url;
    const messageId = randomUUID();
    await site.server.deps.db
      .insertInto("chat_messages")
      .values({ id: messageId, game_id: gameId, user_id: null, role: "assistant", content: "Il porto nella nebbia", image_url: url, created_at: nowIso(), parent_id: null, depth: 0 })
      .execute();
    await site.server.deps.db.updateTable("saved_games").set({ tip_message_id: messageId }).where("id", "=", gameId).execute();
    const game = await author.client.json("GET", `/api/games/${gameId}`);
    expect(game.body.messages.find((m: { imageUrl: string | null }) => m.imageUrl === url).image).toMatchObject({ id: imageId, creator: nickname, creatorNickname: nickname });
  });

  it("a first name only, or a nickname without a listed scenario: the name is plain text, no link", async () => {
    const firstNameOnly = await registerPlayer(site.server);
    await profile(firstNameOnly, { firstName: "Giovanna" });
    await scenario(firstNameOnly.client);
    const drafting = await registerPlayer(site.server);
    await profile(drafting, { nickname: `Bozza.${suffix}` });
    await scenario(drafting.client, false);
    const restricted = await registerPlayer(site.server);
    await profile(restricted, { nickname: `Ristretta.${suffix}` });
    await site.decide("template", await scenario(restricted.client), "restrict");

    for (const [player, name] of [[firstNameOnly, "Giovanna"], [drafting, `Bozza.${suffix}`], [restricted, `Ristretta.${suffix}`]] as const) {
      const imageId = await addGalleryImage(site.server, player.id, "La torre");
      const share = await sharedStory(player);
      const { listed, image, card, html } = await seen(imageId, share);
      expect(listed, name).toMatchObject({ creator: name, creatorNickname: null });
      expect(image, name).toMatchObject({ creator: name, creatorNickname: null });
      expect(card, name).toMatchObject({ nickname: name, creatorNickname: null });
      expect(html, name).toContain(`di <span class="text-foreground">${name}</span>`);
      expect(html, name).not.toContain("/autore/");
    }
    // Neither page exists: linking there would lead to 'Autore non trovato'.
    expect((await site.visitor().json("GET", `/api/authors/Bozza.${suffix}`)).status).toBe(404);
    expect((await site.visitor().json("GET", `/api/authors/Ristretta.${suffix}`)).status).toBe(404);
  });

  it("a story shared without the nickname names nobody, even when the creator page exists", async () => {
    const author = await registerPlayer(site.server);
    const nickname = `Riservata.${suffix}`;
    await profile(author, { nickname });
    await scenario(author.client);
    const imageId = await addGalleryImage(site.server, author.id, "La scala");
    const share = await sharedStory(author, false);
    const { listed, card, html } = await seen(imageId, share);
    expect(listed).toMatchObject({ creatorNickname: nickname });
    expect(card).toMatchObject({ nickname: null, creatorNickname: null });
    expect(html).not.toContain(nickname);
    expect(html).not.toContain("/autore/");
  });

  it("an author who unpublishes everything (moderation removes the scenario) loses the links at once", async () => {
    const author = await registerPlayer(site.server);
    const nickname = `Rimossa.${suffix}`;
    await profile(author, { nickname });
    const id = await scenario(author.client);
    const imageId = await addGalleryImage(site.server, author.id, "Il pozzo");
    expect((await site.visitor().json("GET", `/api/images/${imageId}`)).body.creatorNickname).toBe(nickname);
    await site.decide("template", id, "remove");
    expect((await site.visitor().json("GET", `/api/images/${imageId}`)).body).toMatchObject({ creator: nickname, creatorNickname: null });
  });
});
