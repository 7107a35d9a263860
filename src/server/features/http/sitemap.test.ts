/**
 * robots.txt and the sitemap over real HTTP (issue 12): robots names the sitemap; the index lists
 * the pages file and one gallery file per 50,000 images; the files parse as the protocol's XML
 * (parsed by the `sitemap` package) and hold the public pages, every template's page and every
 * image's canonical page; names beyond them are 404. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */

import { randomUUID } from "node:crypto";
import http from "node:http";
import { Readable } from "node:stream";
import { parseSitemap, parseSitemapIndex } from "sitemap";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imagePath } from "../../../shared/image-slug";
import { TEMPLATE_FORM_DEFAULTS } from "../../../shared/schemas/template";
import { templatePath } from "../../../shared/slug";
import { ERRORS } from "../../../shared/errors";
import { DIALECTS, newGame, registerPlayer, signIn, startServerProcess, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const ADMIN = { email: "mappa-admin@example.com", password: "password-admin-1" };

async function xml(client: TestClient, path: string) {
  const response = await client.request("GET", path);
  const text = await response.text();
  return { status: response.status, type: response.headers.get("content-type"), cache: response.headers.get("cache-control"), text };
}

describe.each(DIALECTS)("robots.txt and sitemap on %s", (dialect) => {
  let server: TestServer;
  let visitor: TestClient;
  const templates: { id: string; title: string }[] = [];
  const images: { id: string; title: string }[] = [];
  const listedStories: string[] = [];
  const unlistedStories: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    visitor = new TestClient(server.url);
    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    for (const title of ["L'isola di Ferro & Fuoco", "Il Faro di Àlbera"]) {
      const created = await admin.json("POST", "/api/admin/templates", {
        ...TEMPLATE_FORM_DEFAULTS,
        title,
        description: "Una storia per la mappa del sito.",
        initial_prompt: "Il vento porta un odore di sale e di ferro.",
      });
      expect(created.status).toBe(201);
      templates.push({ id: created.body.id, title });
    }
    // Two shared stories: one listed in the gallery by its owner, one only shared by link.
    for (const listed of [true, false]) {
      const gameId = await newGame(admin, "fantasy");
      const shared = await admin.json("PUT", `/api/games/${gameId}/share`, { showNickname: false, listed });
      expect(shared.status).toBe(201);
      (listed ? listedStories : unlistedStories).push(shared.body.path);
    }
    for (const [i, title] of ["Il castello <sotto> la luna", "Onde \"alte\" sul molo"].entries()) {
      const id = randomUUID();
      await server.deps.db
        .insertInto("generated_images")
        .values({ id, user_id: null, image_url: `/media/${id}.png`, prompt: title, created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), slug: id, width: 64, height: 36 })
        .execute();
      images.push({ id, title });
    }
  });
  afterAll(() => server.close());

  it("robots.txt names the sitemap by its absolute URL and keeps crawlers out of private pages", async () => {
    const robots = await xml(visitor, "/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(robots.text).toContain("Disallow: /api/");
    // Without PUBLIC_URL the origin comes from the request: never cached as public.
    expect(robots.cache).toBe("no-cache");
  });

  it("the index lists the pages file and the gallery file; each parses and holds the public, template, listed story and image pages", async () => {
    const index = await xml(visitor, "/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.type).toMatch(/^application\/xml/);
    const files = (await parseSitemapIndex(Readable.from([index.text]))).map((entry) => entry.url);
    expect(files).toEqual([`${server.url}/sitemaps/pages.xml`, `${server.url}/sitemaps/gallery-1.xml`]);

    const pages = await xml(visitor, "/sitemaps/pages.xml");
    expect(pages.status).toBe(200);
    const pageUrls = (await parseSitemap(Readable.from([pages.text]))).map((item) => item.url);
    for (const path of ["/", "/generi", "/scopri", "/galleria", "/prezzi"]) expect(pageUrls).toContain(`${server.url}${path}`);
    for (const t of templates) expect(pageUrls).toContain(`${server.url}${templatePath(t.id, t.title)}`);
    expect(pageUrls.some((url) => url.includes("/gioco/") || url.includes("/profilo") || url.includes("/admin"))).toBe(false);
    // Shared stories: only those their owners listed.
    for (const path of listedStories) expect(pageUrls).toContain(`${server.url}${path}`);
    for (const path of unlistedStories) expect(pageUrls).not.toContain(`${server.url}${path}`);

    const gallery = await xml(visitor, "/sitemaps/gallery-1.xml");
    expect(gallery.status).toBe(200);
    const imageItems = await parseSitemap(Readable.from([gallery.text]));
    // Newest first, each at its canonical page, with its date.
    expect(imageItems.map((item) => item.url)).toEqual([...images].reverse().map((image) => `${server.url}${imagePath(image.id, image.title)}`));
    expect(imageItems[0]!.lastmod).toMatch(/^2026-01-02/);
  });

  it("a flood of requests for a sitemap file is answered from one build (10 minutes), not one query each", async () => {
    const first = await xml(visitor, "/sitemaps/gallery-1.xml");
    // An image added now shows in the file only when it is next built.
    const id = randomUUID();
    await server.deps.db
      .insertInto("generated_images")
      .values({ id, user_id: null, image_url: `/media/${id}.png`, prompt: "Nuova", created_at: new Date().toISOString(), slug: id, width: 64, height: 36 })
      .execute();
    const flood = await Promise.all(Array.from({ length: 300 }, () => xml(visitor, "/sitemaps/gallery-1.xml")));
    expect(new Set(flood.map((answer) => `${answer.status} ${answer.text}`))).toEqual(new Set([`200 ${first.text}`]));
    // A forged Host gets the same cached file, written for that host: no new build.
    const forged = await new Promise<string>((resolve, reject) => {
      http.get(`${server.url}/sitemaps/gallery-1.xml`, { headers: { host: "forged.example" } }, (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk)).on("end", () => resolve(text)).on("error", reject);
      }).on("error", reject);
    });
    expect(forged).toBe(first.text.replaceAll(server.url, "http://forged.example"));
    await server.deps.db.deleteFrom("generated_images").where("id", "=", id).execute();
  });

  it("answers 404 in Italian for a gallery file beyond the last and for unknown names", async () => {
    for (const path of ["/sitemaps/gallery-2.xml", "/sitemaps/gallery-0.xml", "/sitemaps/altro.xml", "/sitemaps/gallery-99999999.xml", "/sitemaps/x"]) {
      const answer = await xml(visitor, path);
      expect({ status: answer.status, text: answer.text }, path).toEqual({ status: 404, text: ERRORS.NOT_FOUND.message });
    }
  });

  it("a story its owner unlists or revokes, or an admin takes down, leaves the cached sitemap at once (issue 19)", async () => {
    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    const shareOf = async () => {
      const gameId = await newGame(admin, "fantasy");
      const shared = await admin.json("PUT", `/api/games/${gameId}/share`, { showNickname: false, listed: true });
      expect(shared.status).toBe(201);
      return { gameId, url: `${server.url}${shared.body.path}`, id: shared.body.id as string };
    };
    const listedUrls = async () => (await xml(visitor, "/sitemaps/pages.xml")).text;
    const [unlisted, revoked, takenDown] = [await shareOf(), await shareOf(), await shareOf()];
    // Built (and cached) with the three stories in it.
    const before = await listedUrls();
    for (const story of [unlisted, revoked, takenDown]) expect(before).toContain(story.url);

    expect((await admin.json("PUT", `/api/games/${unlisted.gameId}/share`, { showNickname: false, listed: false })).status).toBe(200);
    expect((await admin.request("DELETE", `/api/games/${revoked.gameId}/share`)).status).toBe(204);
    expect((await admin.json("POST", `/api/admin/shares/${takenDown.id}/takedown`)).body).toEqual({ ok: true, changed: true });
    const after = await listedUrls();
    for (const story of [unlisted, revoked, takenDown]) expect(after).not.toContain(story.url);
    expect(after).toContain(`${server.url}${listedStories[0]}`);

    // Listed again: back in the sitemap at once.
    expect((await admin.json("PUT", `/api/games/${unlisted.gameId}/share`, { showNickname: false, listed: true })).status).toBe(200);
    expect(await listedUrls()).toContain(unlisted.url);
  });

  it("a story a moderator removes leaves the cached sitemap at once (issue 19)", async () => {
    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    // A player's story: nobody decides on their own content (issue 36 finding 5).
    const author = await registerPlayer(server);
    const gameId = await newGame(author.client, "fantasy");
    const shared = await author.client.json("PUT", `/api/games/${gameId}/share`, { showNickname: false, listed: true });
    const url = `${server.url}${shared.body.path}`;
    expect((await xml(visitor, "/sitemaps/pages.xml")).text).toContain(url);
    const report = { kind: "story", contentId: shared.body.id, reason: "violenza", explanation: "", email: "", goodFaith: true };
    expect((await visitor.json("POST", "/api/reports", report)).status).toBe(201);
    const decided = await admin.json("POST", `/api/moderation/items/story/${shared.body.id}/decision`, {
      action: "remove",
      groundType: "termini",
      ground: "Regole della community: violenza",
      facts: "La storia descrive violenza esplicita.",
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect((await xml(visitor, "/sitemaps/pages.xml")).text).not.toContain(url);
  });

  it.runIf(dialect === "postgres")("on PostgreSQL another instance's cached sitemap drops an unlisted story as well", async () => {
    const other = await startServerProcess(server);
    try {
      const admin = await signIn(server, ADMIN.email, ADMIN.password);
      const gameId = await newGame(admin, "fantasy");
      const shared = await admin.json("PUT", `/api/games/${gameId}/share`, { showNickname: false, listed: true });
      const otherVisitor = new TestClient(other.url);
      const url = `${other.url}${shared.body.path}`;
      expect((await xml(otherVisitor, "/sitemaps/pages.xml")).text).toContain(url);
      expect((await admin.request("DELETE", `/api/games/${gameId}/share`)).status).toBe(204);
      await expect.poll(async () => (await xml(otherVisitor, "/sitemaps/pages.xml")).text).not.toContain(url);
    } finally {
      await other.close();
    }
  });
});
