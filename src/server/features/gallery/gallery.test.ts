/**
 * The public gallery over real HTTP (issue 3; spec §2 Gallery, Image detail): keyset pages
 * newest first with no gaps or repeats, lookups by id and by title slug, 'Immagine non trovata',
 * the PNG download, and no private data of the creator in any answer. SQLite and PostgreSQL.
 */

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import type { AppEnv } from "../../domain/context";
import { deleteUnreferencedMedia } from "../../domain/media-references";
import { escapeHtml } from "../http/page-head";
import { mountGalleryPages, withOpenGraph } from "./gallery.pages";

describe.each(DIALECTS)("gallery on %s", (dialect) => {
  let server: TestServer;
  let visitor: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    visitor = new TestClient(server.url);
  });
  afterAll(() => server.close());

  /** Stores a picture and its row as /visualizza would. */
  async function addImage(userId: string | null, title: string | null, createdAt: string, format: "png" | "webp" = "png") {
    const id = randomUUID();
    const bytes = await sharp({ create: { width: 64, height: 36, channels: 3, background: "#7c3aed" } }).toFormat(format).toBuffer();
    const { url } = await server.deps.media.put(`images/test/${id}.${format}`, bytes, `image/${format}`);
    const slug = (title ?? "immagine").toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, "").trim().replace(/\s+/g, "-") || "immagine";
    await server.deps.db.insertInto("generated_images").values({ id, user_id: userId, image_url: url, prompt: title, created_at: createdAt, slug, width: 64, height: 36 }).execute();
    return { id, url };
  }

  it("is empty at first: no items, no next page", async () => {
    const res = await visitor.json("GET", "/api/images");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], nextCursor: null });
  });

  it("pages newest first with a keyset cursor: every image once, ties on the date ordered by id", async () => {
    const player = await registerPlayer(server);
    const created: string[] = [];
    for (let i = 0; i < 23; i++) {
      // Pairs of images share a timestamp, to exercise the (created_at, id) tie-break.
      const at = new Date(Date.UTC(2025, 0, 1, 0, Math.floor(i / 2))).toISOString();
      created.push((await addImage(player.id, `Scena ${i}`, at)).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: any } = await visitor.json("GET", `/api/images?limit=5${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(5);
      seen.push(...res.body.items.map((i: any) => i.id));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => created.includes(id))).toHaveLength(23);
    const rows = await server.deps.db.selectFrom("generated_images").select(["id", "created_at"]).execute();
    const expected = rows.sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1)).map((r) => r.id);
    expect(seen).toEqual(expected);
  });

  it("refuses a malformed cursor or page size with 400", async () => {
    expect((await visitor.json("GET", "/api/images?cursor=nonvalido")).status).toBe(400);
    expect((await visitor.json("GET", "/api/images?limit=500")).status).toBe(400);
  });

  it("shows only the picture, title, nickname and date: never the creator's id or e-mail", async () => {
    const player = await registerPlayer(server);
    await server.deps.db.updateTable("profiles").set({ nickname: "narratrice", first_name: "Giulia", last_name: "Segreta" }).where("id", "=", player.id).execute();
    const { id } = await addImage(player.id, "La torre d'avorio", new Date().toISOString());
    const page = await visitor.json("GET", "/api/images?limit=1");
    const one = await visitor.json("GET", `/api/images/${id}`);
    expect(page.body.items[0]).toEqual(one.body);
    expect(Object.keys(one.body).sort()).toEqual(["createdAt", "creator", "creatorNickname", "height", "id", "imageUrl", "offline", "slug", "title", "width"]);
    expect(one.body).toMatchObject({ id, title: "La torre d'avorio", slug: "la-torre-davorio", creator: "narratrice", creatorNickname: null });
    for (const body of [JSON.stringify(page.body), JSON.stringify(one.body)]) {
      expect(body).not.toContain(player.id);
      expect(body).not.toContain(player.email);
      expect(body).not.toContain("Segreta");
      expect(body).not.toContain("Giulia");
    }
  });

  it("an image without a nickname or title reads 'Utente anonimo' (null creator) and 'Scena generata'", async () => {
    const { id } = await addImage(null, null, new Date().toISOString());
    const one = await visitor.json("GET", `/api/images/${id}`);
    expect(one.body).toMatchObject({ creator: null, title: "Scena generata", slug: "immagine" });
  });

  it("finds an image by id or by its title's slug (newest of equal titles); otherwise 'Immagine non trovata'", async () => {
    await addImage(null, "Il faro spento", "2025-02-01T10:00:00.000Z");
    const newer = await addImage(null, "Il faro spento", "2025-03-01T10:00:00.000Z");
    expect((await visitor.json("GET", "/api/images/il-faro-spento")).body.id).toBe(newer.id);
    const missing = await visitor.json("GET", `/api/images/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Immagine non trovata");
    expect((await visitor.json("GET", "/api/images/nessuna-scena")).status).toBe(404);
  });

  it("'Scarica' gives a PNG named from the id, converting a WebP original", async () => {
    const { id } = await addImage(null, "Notte", new Date().toISOString(), "webp");
    const res = await fetch(`${server.url}/api/images/${id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="immagine-${id}.png"`);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe("png");
    expect((await fetch(`${server.url}/api/images/${randomUUID()}/download`)).status).toBe(404);
  });

  it("serves stored media with its content type, revalidated (a gallery picture can be removed, issue 36); unknown keys are 404", async () => {
    const { url } = await addImage(null, "Media", new Date().toISOString(), "webp");
    const res = await fetch(`${server.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
    expect((await fetch(`${server.url}/media/images/test/nessuna.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/../auth-secret`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/images/%E0.png`)).status).toBe(404);
  });

  it("'Scarica' encodes a WebP once: the PNG is stored, reused byte for byte, and goes with its original", async () => {
    const { id, url } = await addImage(null, "Una volta sola", new Date().toISOString(), "webp");
    const pngFile = path.join(server.deps.env.DATA_DIR, "media", "downloads", "images", "test", `${id}.png`);
    expect(fs.existsSync(pngFile)).toBe(false);
    const first = Buffer.from(await (await fetch(`${server.url}/api/images/${id}/download`)).arrayBuffer());
    expect(fs.readFileSync(pngFile)).toEqual(first);
    const encodedAt = fs.statSync(pngFile).mtimeMs;
    const second = Buffer.from(await (await fetch(`${server.url}/api/images/${id}/download`)).arrayBuffer());
    expect(second).toEqual(first);
    expect(fs.statSync(pngFile).mtimeMs).toBe(encodedAt);

    await server.deps.db.deleteFrom("generated_images").where("id", "=", id).execute();
    expect(await deleteUnreferencedMedia(server.deps, [url])).toEqual({ deleted: 1, kept: 0 });
    expect(fs.existsSync(pngFile)).toBe(false);
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
  });

  it("redirects for good only what the id names, a title's slug may name a newer image later; downloads revalidate (issue 36)", async () => {
    // The page routes as app.ts mounts them beside the built web app.
    const pages = new Hono<AppEnv>().use(async (c, next) => {
      c.set("deps", server.deps);
      await next();
    });
    mountGalleryPages(pages, async () => "<html><head><title>x</title></head></html>");
    const page = (pathname: string) => pages.request(pathname);
    const older = await addImage(null, "Il ponte levatoio", "2025-04-01T10:00:00.000Z");
    const byId = await page(`/galleria/${older.id}`);
    expect(byId.status).toBe(301);
    expect(byId.headers.get("location")).toBe(`/galleria/${older.id}/il-ponte-levatoio`);
    const wrongSlug = await page(`/galleria/${older.id}/altro`);
    expect(wrongSlug.status).toBe(301);

    const bySlug = await page("/galleria/il-ponte-levatoio");
    expect(bySlug.status).toBe(302);
    expect(bySlug.headers.get("location")).toBe(`/galleria/${older.id}/il-ponte-levatoio`);
    const slugDownload = await fetch(`${server.url}/api/images/il-ponte-levatoio/download`);
    expect(slugDownload.headers.get("cache-control")).toBe("public, no-cache");

    const newer = await addImage(null, "Il ponte levatoio", "2025-05-01T10:00:00.000Z");
    const again = await page("/galleria/il-ponte-levatoio");
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(`/galleria/${newer.id}/il-ponte-levatoio`);
    const idDownload = await fetch(`${server.url}/api/images/${newer.id}/download`);
    expect(idDownload.headers.get("cache-control")).toBe("public, no-cache");
  });
});

describe("Open Graph tags of the image page", () => {
  it("inserts escaped title and absolute image URL before </head>", () => {
    const html = withOpenGraph("<html><head><title>x</title></head><body></body></html>", {
      title: 'Il "drago" <rosso>',
      brand: "Storie",
      imageUrl: "https://storie.example/media/images/a.png",
      pageUrl: "https://storie.example/galleria/a/il-drago-rosso",
      width: 1280,
      height: 720,
    });
    expect(html).toContain('<meta property="og:title" content="Il &quot;drago&quot; &lt;rosso&gt;" />');
    expect(html).toContain('<meta property="og:image" content="https://storie.example/media/images/a.png" />');
    expect(html).toContain('<meta property="og:image:width" content="1280" />');
    expect(html).toContain("<title>Il &quot;drago&quot; &lt;rosso&gt; · Storie.ai</title>");
    expect(html.indexOf("og:title")).toBeLessThan(html.indexOf("</head>"));
    expect(escapeHtml("<script>")).toBe("&lt;script&gt;");
  });

  it("copies a title holding replacement patterns ($& $') literally", () => {
    const page = "<html><head><title>x</title></head><body><p>segreto</p></body></html>";
    const html = withOpenGraph(page, { title: "Oro $& e $' nel forziere", brand: "Storie", imageUrl: "https://s.example/a.png", pageUrl: "https://s.example/g", width: 1, height: 1 });
    expect(html).toContain("<title>Oro $&amp; e $&#39; nel forziere · Storie.ai</title>");
    expect(html.match(/segreto/g)).toHaveLength(1);
  });
});
