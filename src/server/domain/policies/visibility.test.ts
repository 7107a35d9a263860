/**
 * The visibility rule at every address (issue 36 findings 4 and 16b, "One visibility rule"), over
 * real HTTP on SQLite and PostgreSQL. A story with three real pictures (/visualizza with the
 * offline illustrator): one visible, one a moderator removed, one held by automatic screening;
 * a removed and a held shared story; a removed and a held template. Every address that serves
 * content (media, renditions, downloads, gallery API and pages, share pages and their Open Graph
 * image, 'Storie condivise', Scopri, template pages, like / favourite / play, the sitemap, a
 * member's EPUB) is probed against them. The last test lists every route of the app and fails
 * when one is not classified, or is a content address no test here probed: a new surface cannot
 * skip the rule (visibility-owner.test.ts checks the code side).
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renditionKeyOf } from "../../../shared/media-renditions";
import { imagePath } from "../../../shared/image-slug";
import { templatePath } from "../../../shared/slug";
import { createApp } from "../../app/app";
import { readZip } from "../../features/book/book-testing";
import { DIALECTS, newGame, readEvents, registerPlayer, TestClient, type TestServer } from "../../testing/harness";
import { type ModerationSite, type Player, startModerationSite } from "../../testing/moderation-site";
import { PRIVATE_OR_NO_CONTENT, STAFF_PREFIXES } from "../../testing/route-inventory";

type Picture = { id: string; url: string; key: string; path: string };
/** 410 for what a moderator removed, 404 for what waits for a moderator. */
const REFUSED = { removed: 410, held: 404 } as const;

describe.each(DIALECTS)("the visibility rule at every address on %s", (dialect) => {
  let site: ModerationSite;
  let server: TestServer;
  let author: Player;
  let member: Player;
  let gameId: string;
  const pictures = {} as Record<"visible" | "removed" | "held", Picture>;
  let storyPath: string;
  const stories = {} as Record<"removed" | "held", { id: string; path: string }>;
  const templates = {} as Record<"removed" | "held", { id: string; path: string }>;
  /** The author's scenarios (issue 40 §1): one listed, one removed, one held, one a draft. */
  const scenarios = {} as Record<"visible" | "removed" | "held" | "draft", string>;
  const nickname = `Autrice${dialect}`;
  /** The routes (METHOD path) the tests below probed. */
  const probed = new Set<string>();
  /** Pictures the author drew (all still in their story, one visible). */
  let drawings = 0;
  const visitor = () => site.visitor();

  /** GET `path` as `client` (a new visitor by default), recording the route it probes. */
  async function probe(route: string, path: string, client: TestClient = visitor(), method = "GET", body?: unknown) {
    probed.add(route);
    return client.request(method, path, body);
  }

  const decide = (kind: "image" | "story" | "template", id: string) => site.decide(kind, id, "remove");
  const flagging = (flagAll: boolean) => site.fake.setModeration({ flagAll });

  async function draw(): Promise<Picture> {
    const drawn = await author.client.json("POST", `/api/games/${gameId}/images`, {});
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(201);
    drawings += 1;
    const { id, imageUrl, title } = drawn.body.image;
    return { id, url: imageUrl, key: imageUrl.slice("/media/".length), path: imagePath(id, title) };
  }

  async function shareListed(client: TestClient, id: string) {
    const shared = await client.json("PUT", `/api/games/${id}/share`, { showNickname: true, listed: true });
    expect(shared.status).toBe(201);
    return { id: shared.body.id as string, path: shared.body.path as string };
  }

  async function template(title: string) {
    const created = await site.admin.json("POST", "/api/admin/templates", { title, description: "Una prova.", genre: "Fantasy", cover_image_url: "", initial_prompt: "Il viaggio comincia." });
    expect(created.status).toBe(201);
    return { id: created.body.id as string, path: templatePath(created.body.id, title) };
  }

  beforeAll(async () => {
    site = await startModerationSite(dialect, 36);
    server = site.server;
    [author, member] = [await registerPlayer(server), await registerPlayer(server)];
    await server.deps.db.updateTable("user_tokens").set({ model: "premium", message_limit: 50, visualize_limit: 20 }).where("user_id", "=", author.id).execute();

    gameId = await newGame(author.client);
    await readEvents(await author.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }));
    pictures.visible = await draw();
    pictures.removed = await draw();
    flagging(true);
    pictures.held = await draw();
    flagging(false);
    await decide("image", pictures.removed.id);
    storyPath = (await shareListed(author.client, gameId)).path;
    const invitation = await author.client.json("POST", `/api/games/${gameId}/invitations`);
    const joined = await member.client.json("POST", `/api/invitations/${invitation.body.url.split("/").at(-1)}/join`, { characterName: "Bruna", characterLine: "Una ladra." });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);

    stories.removed = await shareListed(author.client, await newGame(author.client));
    await decide("story", stories.removed.id);
    flagging(true);
    stories.held = await shareListed(author.client, await newGame(author.client));
    flagging(false);

    templates.removed = await template("La strada del nord");
    expect((await member.client.json("POST", `/api/templates/${templates.removed.id}/favorite`, { value: true })).status).toBe(200);
    await decide("template", templates.removed.id);
    templates.held = await template("Un titolo VIETATO");

    expect((await author.client.json("PUT", "/api/profile", { nickname, firstName: "", lastName: "" })).status).toBe(200);
    const scenario = async (title: string, publish = true) => {
      const created = await author.client.json("POST", "/api/scenarios", {
        title,
        genre: "Giallo",
        description: "Un delitto in una villa sul lago.",
        first_message: "Il corpo è nella serra, e la porta era chiusa dall'interno.",
      });
      expect(created.status).toBe(201);
      if (publish) expect((await author.client.json("POST", `/api/scenarios/${created.body.id}/publish`)).status).toBe(200);
      return created.body.id as string;
    };
    scenarios.visible = await scenario("La villa sul lago");
    scenarios.removed = await scenario("La serra chiusa");
    await decide("template", scenarios.removed);
    flagging(true);
    scenarios.held = await scenario("La serra fiorita");
    flagging(false);
    scenarios.draft = await scenario("La serra segreta", false);
  });
  afterAll(() => site.close());

  it("a removed or held picture is unreachable at its media address, renditions and download; its author still sees it, privately", async () => {
    for (const state of ["removed", "held"] as const) {
      const { key, id } = pictures[state];
      const rendition = renditionKeyOf(key, 480)!;
      for (const path of [`/media/${key}`, `/media/${rendition}`, `/media/${renditionKeyOf(key, 960)}`]) {
        const refused = await probe("GET /media/*", path);
        expect(refused.status, `${state} ${path}`).toBe(REFUSED[state]);
        expect(refused.headers.get("cache-control")).toBe("no-store");
      }
      // No rendition is made for a refused picture.
      expect(await server.deps.media.get(rendition)).toBeNull();
      expect((await probe("GET /api/images/:id/download", `/api/images/${id}/download`)).status).toBe(REFUSED[state]);
      // Its author's own story page still shows it, never from a shared cache.
      const own = await author.client.get(`/media/${key}`);
      expect(own.status).toBe(200);
      expect(own.headers.get("cache-control")).toBe("private, no-store");
      expect((await member.client.get(`/media/${key}`)).status).toBe(REFUSED[state]);
    }
  });

  it("a picture that can still be removed is revalidated on every use, never cached as immutable", async () => {
    const { key } = pictures.visible;
    const first = await probe("GET /media/*", `/media/${key}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const etag = first.headers.get("etag")!;
    expect((await visitor().request("GET", `/media/${key}`, undefined, { headers: { "if-none-match": etag } })).status).toBe(304);
    // A picture removed after a browser cached it: the revalidation answers 410, not 304.
    const later = await draw();
    const cached = await visitor().get(`/media/${later.key}`);
    await decide("image", later.id);
    expect((await visitor().request("GET", `/media/${later.key}`, undefined, { headers: { "if-none-match": cached.headers.get("etag")! } })).status).toBe(410);
  });

  it("the gallery API and pages refuse removed and held pictures without naming them, and never list them", async () => {
    for (const state of ["removed", "held"] as const) {
      const { id, path } = pictures[state];
      expect((await probe("GET /api/images/:id", `/api/images/${id}`)).status).toBe(REFUSED[state]);
      expect((await probe("GET /galleria/:id/:slug", path)).status).toBe(REFUSED[state]);
      // The short address answers the refusal itself: no redirect to the title's slug.
      const short = await probe("GET /galleria/:id", `/galleria/${id}`);
      expect(short.status).toBe(REFUSED[state]);
      expect(short.headers.get("location")).toBeNull();
    }
    const listed = await (await probe("GET /api/images", "/api/images?limit=60")).json();
    const ids = listed.items.map((i: { id: string }) => i.id);
    expect(ids).toContain(pictures.visible.id);
    expect(ids).not.toContain(pictures.removed.id);
    expect(ids).not.toContain(pictures.held.id);
  });

  it("the author's public story page and its Open Graph image leave out a removed or held picture", async () => {
    const page = await probe("GET /storia/:id/:slug", storyPath);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(pictures.visible.key.replace(/\.png$/, ""));
    for (const state of ["removed", "held"] as const) expect(html).not.toContain(pictures[state].key.replace(/\.png$/, ""));
    expect(html).toMatch(/<meta property="og:image" content="[^"]+"/);
  });

  it("another member's EPUB leaves out a removed or held picture; the author's own export keeps them", async () => {
    const pictureFiles = async (client: TestClient) => {
      const response = await probe("GET /api/games/:id/export", `/api/games/${gameId}/export?format=epub`, client);
      expect(response.status).toBe(200);
      return (await readZip(Buffer.from(await response.arrayBuffer()))).filter((e) => /^OEBPS\/images\/image-/.test(e.name)).length;
    };
    expect(await pictureFiles(member.client)).toBe(1);
    expect(await pictureFiles(author.client)).toBe(drawings);
  });

  it("removed and held stories and templates are out of every list and the sitemap, and their pages refuse them", async () => {
    for (const state of ["removed", "held"] as const) {
      expect((await probe("GET /storia/:id/:slug", stories[state].path)).status).toBe(REFUSED[state]);
      expect((await probe("GET /storia/:id", `/storia/${stories[state].id}`)).status).toBe(REFUSED[state]);
      expect((await probe("GET /api/templates/:id", `/api/templates/${templates[state].id}`)).status).toBe(REFUSED[state]);
      expect((await probe("GET /api/templates/:id/card", `/api/templates/${templates[state].id}/card?format=png`)).status).toBe(REFUSED[state]);
      expect((await probe("GET /scopri/:slug/:templateId", templates[state].path)).status).toBe(REFUSED[state]);
      expect((await probe("GET /api/reports/target/:kind/:id", `/api/reports/target/story/${stories[state].id}`)).status).toBe(REFUSED[state]);
    }
    const shares = JSON.stringify(await (await probe("GET /api/shares", "/api/shares?limit=48")).json());
    const scopri = JSON.stringify(await (await probe("GET /api/templates", "/api/templates?limit=48")).json());
    const saved = JSON.stringify(await (await probe("GET /api/templates/saved", "/api/templates/saved?limit=48", member.client)).json());
    // The creator page (issue 40 §1) lists the author's visible scenario only.
    const creator = JSON.stringify(await (await probe("GET /api/authors/:nickname", `/api/authors/${nickname}`)).json());
    expect(creator).toContain(scenarios.visible);
    expect((await probe("GET /autore/:nickname", `/autore/${nickname}`)).status).toBe(200);
    const index = await (await probe("GET /sitemap.xml", "/sitemap.xml")).text();
    expect(index).toContain("/sitemaps/gallery-1.xml");
    const sitemap = (await (await probe("GET /sitemaps/:file", "/sitemaps/pages.xml")).text()) + (await (await visitor().get("/sitemaps/gallery-1.xml")).text());
    expect(sitemap).toContain(pictures.visible.id);
    for (const text of [scopri, sitemap, creator]) expect(text).not.toContain(scenarios.draft);
    for (const state of ["removed", "held"] as const) {
      for (const text of [shares, sitemap]) expect(text).not.toContain(stories[state].id);
      for (const text of [scopri, saved, sitemap]) expect(text).not.toContain(templates[state].id);
      for (const text of [scopri, sitemap, creator]) expect(text).not.toContain(scenarios[state]);
      expect(sitemap).not.toContain(pictures[state].id);
    }
  });

  it("like, favourite and play on a removed or held template answer as its page does and change nothing", async () => {
    const player = await registerPlayer(server);
    for (const state of ["removed", "held"] as const) {
      const { id } = templates[state];
      const before = await server.deps.db.selectFrom("saved_games").select(["likes_count", "plays"]).where("id", "=", id).executeTakeFirstOrThrow();
      for (const action of ["like", "favorite", "play"]) {
        const answer = await probe(`POST /api/templates/:id/${action}`, `/api/templates/${id}/${action}`, player.client, "POST", action === "play" ? {} : { value: true });
        expect(answer.status, `${action} ${state}`).toBe(REFUSED[state]);
      }
      // A remix (issue 40 §1) answers as the page does and copies nothing.
      expect((await probe("POST /api/scenarios/:id/remix", `/api/scenarios/${id}/remix`, player.client, "POST")).status).toBe(REFUSED[state]);
      expect((await player.client.json("POST", `/api/scenarios/${scenarios[state]}/remix`)).status).toBe(REFUSED[state]);
      // Taking back a favourite saved before the removal is refused too: the page is gone.
      expect((await member.client.json("POST", `/api/templates/${id}/favorite`, { value: false })).status).toBe(REFUSED[state]);
      expect(await server.deps.db.selectFrom("saved_games").select(["likes_count", "plays"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual(before);
      const rows = await server.deps.db.selectFrom("template_likes").select("id").where("template_id", "=", id).where("user_id", "=", player.id).execute();
      expect(rows).toEqual([]);
      expect(await server.deps.db.selectFrom("saved_games").select("id").where("user_id", "=", player.id).where("is_template", "=", 1).execute()).toEqual([]);
      expect(await server.deps.db.selectFrom("user_favorites").select("id").where("template_id", "=", id).where("user_id", "=", player.id).execute()).toEqual([]);
    }
  });

  it("every route is classified, and every address that serves public content was probed against removed and held items", () => {
    const routes = [...new Set(createApp(server.deps).routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))];
    const staff = (route: string) => STAFF_PREFIXES.some((prefix) => route.split(" ")[1]!.startsWith(prefix));
    const unclassified = routes.filter((route) => !staff(route) && !probed.has(route) && !PRIVATE_OR_NO_CONTENT.has(route));
    expect(unclassified, "classify these routes in testing/route-inventory.ts, or probe them here against a removed and a held item").toEqual([]);
    expect([...PRIVATE_OR_NO_CONTENT].filter((route) => probed.has(route)), "a probed route is not 'private or no content'").toEqual([]);
  });
});
