/**
 * Shared stories over real HTTP (issue 13, "A public reading page"), SQLite and PostgreSQL:
 * 'Condividi' makes an unlisted link whose server-rendered page holds the story before any script,
 * with escaped Open Graph tags and no private data; wrong slugs redirect; revoked and taken-down
 * links are 404 and a new share gets a new id; only the owner can share or revoke (404 for
 * another user, 401 for a visitor); 'Storie condivise' lists only opted-in stories; an admin's
 * takedown is audited; the account export holds the links and the erasure removes them.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../../platform/clock";
import { DIALECTS, newGame, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { TEST_INDEX_HTML, tempWebRoot } from "../../testing/web-root";

const ADMIN_EMAIL = "admin-share@example.com";
const ADMIN_PASSWORD = "password-admin-share";
const STYLESHEET = '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css">';
const HOSTILE_TITLE = `Il "faro" <script>alert('x')</script> & l'eco`;
const OPENING = 'La nebbia sale dal porto. "Chi va là?" chiede il guardiano...\n\nA) Entri nel faro\nB) Torni al porto\nC) Aspetti';
const SECOND = "Le scale di pietra salgono a spirale verso la lanterna.";

describe.each(DIALECTS)("shared stories on %s", (dialect) => {
  let server: TestServer;
  let web: ReturnType<typeof tempWebRoot>;
  let visitor: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    web = tempWebRoot({ "index.html": TEST_INDEX_HTML.replace("</head>", `  ${STYLESHEET}\n  </head>`) });
    server = await startTestServer(dialect, { webRoot: web.root, env: { ADMIN_EMAIL, ADMIN_PASSWORD, REQUIRE_ADMIN_2FA: "off" } });
    visitor = new TestClient(server.url);
    admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server.close();
    web.remove();
  });

  /** A game with a written story: opening, the player's choice A, a scene image, a second narration. */
  async function storyGame(options: { title?: string; nickname?: string } = {}) {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client, "horror");
    const db = server.deps.db;
    if (options.nickname) await db.updateTable("profiles").set({ nickname: options.nickname, nickname_key: options.nickname.toLowerCase() }).where("id", "=", player.id).execute();
    const imageUrl = `/media/images/test/${randomUUID()}.png`;
    await db.insertInto("generated_images").values({ id: randomUUID(), user_id: player.id, image_url: imageUrl, prompt: "La lanterna", created_at: nowIso(), slug: "la-lanterna", width: 640, height: 360 }).execute();
    const turns: [string, string, string | null][] = [
      ["user", "/inizia", null],
      ["assistant", OPENING, null],
      ["user", "/A", null],
      ["assistant", "La lanterna", imageUrl],
      ["assistant", SECOND, null],
    ];
    let parent: string | null = null;
    for (const [depth, [role, content, image]] of turns.entries()) {
      const id: string = randomUUID();
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, depth)).toISOString();
      await db
        .insertInto("chat_messages")
        .values({ id, game_id: gameId, user_id: role === "user" ? player.id : null, role: role as "user" | "assistant", content, image_url: image, created_at: at, parent_id: parent, depth })
        .execute();
      parent = id;
    }
    await db.updateTable("saved_games").set({ tip_message_id: parent, ...(options.title ? { title: options.title } : {}) }).where("id", "=", gameId).execute();
    return { player, gameId, imageUrl };
  }

  async function share(client: TestClient, gameId: string, options = { showNickname: false, listed: false }) {
    return client.json("PUT", `/api/games/${gameId}/share`, options);
  }

  it("'Condividi' makes a link with a random id; changing the options keeps it", async () => {
    const { player, gameId } = await storyGame();
    expect((await player.client.json("GET", `/api/games/${gameId}/share`)).body).toEqual({ share: null });
    const created = await share(player.client, gameId);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ showNickname: false, listed: false, takenDownAt: null });
    expect(created.body.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.body.path).toMatch(new RegExp(`^/storia/${created.body.id}/nuova-avventura-horror-\\d{4}$`));
    const changed = await share(player.client, gameId, { showNickname: true, listed: true });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: created.body.id, showNickname: true, listed: true });
    expect((await player.client.json("GET", `/api/games/${gameId}/share`)).body.share).toEqual(changed.body);
  });

  it("the page holds the story before any script, Open Graph tags escaped, nothing private", async () => {
    const { player, gameId, imageUrl } = await storyGame({ title: HOSTILE_TITLE, nickname: "Lanterna_Rossa" });
    const { body: link } = await share(player.client, gameId);
    const response = await visitor.get(link.path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const html = await response.text();

    // A whole document, in Italian, with the site's stylesheet and no script at all.
    expect(html).toMatch(/^<!doctype html>\s*<html lang="it">/);
    expect(html).toContain(STYLESHEET);
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(/<main id="contenuto"/);
    // The story as in the book: typeset narration, the choice's text in italics, the figure.
    expect(html).toContain("La nebbia sale dal porto. «Chi va là?» chiede il guardiano…");
    expect(html).toContain("<em>Entri nel faro</em>");
    expect(html).not.toContain("B) Torni al porto");
    expect(html).toContain(SECOND);
    expect(html).toMatch(/<figure[^>]*><img src="\/media\/renditions\/images\/test\/[^"]+-png-960\.webp" srcset="[^"]+480w, [^"]+960w"[^>]* width="640" height="360" alt="La lanterna" loading="lazy"/);
    expect(html).toContain("<figcaption");
    expect(html.indexOf("La nebbia sale")).toBeLessThan(html.indexOf(SECOND));

    // Head: escaped title and description, absolute image and canonical URL, noindex (unlisted).
    const escaped = "Il «faro» &lt;script&gt;alert(‘x’)&lt;/script&gt; &amp; l’eco";
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain(`<title>${escaped} · Storie condivise · Storie.ai</title>`);
    expect(html).toContain(`<h1 class="mt-2 text-3xl font-bold tracking-tight text-balance md:text-4xl">${escaped}</h1>`);
    expect(html).toMatch(/<meta property="og:description" content="La nebbia sale dal porto\. «Chi va là\?» chiede il guardiano…" \/>/);
    expect(html).toContain(`<meta property="og:image" content="${server.url}${imageUrl}" />`);
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image" />`);
    expect(html).toContain(`<link rel="canonical" href="${server.url}${link.path}" />`);
    expect(html).toContain(`<meta name="robots" content="noindex" />`);
    expect(html).not.toContain("<script>alert");

    // CTA: a new game of the same genre.
    expect(html).toContain('href="/gioco/horror/new">Gioca anche tu</a>');

    // Nothing private: no e-mail, no user id, and the nickname only once the owner opts in.
    expect(html).not.toContain(player.email);
    expect(html).not.toContain(player.id);
    expect(html).not.toContain("Lanterna_Rossa");
    await share(player.client, gameId, { showNickname: true, listed: true });
    const withNickname = await (await visitor.get(link.path)).text();
    expect(withNickname).toContain("Lanterna_Rossa");
    expect(withNickname).not.toContain('name="robots"');
    expect(withNickname).not.toContain(player.email);
    expect(withNickname).not.toContain(player.id);
  });

  it("a game from a template invites its readers to the template's page", async () => {
    const templateId = randomUUID();
    const now = nowIso();
    await server.deps.db.insertInto("saved_games").values({ id: templateId, title: "Il Mistero di Villa Àlbera", genre: "Giallo", is_template: 1, created_at: now, updated_at: now }).execute();
    const player = await registerPlayer(server);
    const played = await player.client.json("POST", `/api/templates/${templateId}/play`);
    expect(played.status).toBe(201);
    const { body: link } = await share(player.client, played.body.id);
    const html = await (await visitor.get(link.path)).text();
    expect(html).toContain(`href="/scopri/il-mistero-di-villa-albera/${templateId}">Gioca anche tu</a>`);
  });

  it("redirects a wrong slug and the bare id to the canonical path; an unknown or forged id is a 404 page", async () => {
    const { player, gameId } = await storyGame({ title: "La Torre" });
    const { body: link } = await share(player.client, gameId);
    expect(link.path).toBe(`/storia/${link.id}/la-torre`);
    for (const path of [`/storia/${link.id}/altro-titolo`, `/storia/${link.id}`]) {
      const res = await visitor.get(path);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe(link.path);
    }
    for (const path of [`/storia/${"A".repeat(22)}/la-torre`, `/storia/${gameId}/la-torre`, "/storia/%00/x", `/storia/${"x".repeat(5000)}/y`]) {
      const res = await visitor.get(path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("Storia non trovata");
      expect(html).toContain(STYLESHEET);
    }
  });

  it("a revoked link is 404 for good; sharing again makes a new link", async () => {
    const { player, gameId } = await storyGame();
    const { body: first } = await share(player.client, gameId, { showNickname: false, listed: true });
    expect((await visitor.get(first.path)).status).toBe(200);
    expect((await player.client.request("DELETE", `/api/games/${gameId}/share`)).status).toBe(204);
    expect((await visitor.get(first.path)).status).toBe(404);
    expect((await player.client.json("GET", `/api/games/${gameId}/share`)).body).toEqual({ share: null });
    expect((await visitor.json("GET", "/api/shares?limit=48")).body.items.map((i: any) => i.id)).not.toContain(first.id);
    const again = await share(player.client, gameId);
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.id);
    expect((await visitor.get(first.path)).status).toBe(404);
    expect((await visitor.get(again.body.path)).status).toBe(200);
    // A deleted game takes its link with it.
    expect((await player.client.json("DELETE", `/api/games/${gameId}`)).status).toBe(200);
    expect((await visitor.get(again.body.path)).status).toBe(404);
  });

  it("only the owner shares or revokes: 404 for another user, 401 for a visitor, 400 for bad options", async () => {
    const { player, gameId } = await storyGame();
    const { body: link } = await share(player.client, gameId);
    const intruder = await registerPlayer(server);
    expect((await intruder.client.json("GET", `/api/games/${gameId}/share`)).status).toBe(404);
    expect((await share(intruder.client, gameId, { showNickname: true, listed: true })).status).toBe(404);
    expect((await intruder.client.json("DELETE", `/api/games/${gameId}/share`)).status).toBe(404);
    expect((await visitor.json("GET", `/api/games/${gameId}/share`)).status).toBe(401);
    expect((await share(visitor, gameId)).status).toBe(401);
    expect((await visitor.json("DELETE", `/api/games/${gameId}/share`)).status).toBe(401);
    // Still shared, with the owner's options.
    expect((await player.client.json("GET", `/api/games/${gameId}/share`)).body.share).toMatchObject({ id: link.id, listed: false });
    expect((await visitor.get(link.path)).status).toBe(200);
    // Bad input.
    const bad = await player.client.json("PUT", `/api/games/${gameId}/share`, { showNickname: "sì", listed: false });
    expect(bad.status).toBe(400);
    expect((await player.client.json("PUT", `/api/games/${gameId}/share`, { showNickname: false, listed: false, extra: "x".repeat(10_000) })).status).toBe(400);
    // A template cannot be shared as a game.
    const templateId = randomUUID();
    await server.deps.db.insertInto("saved_games").values({ id: templateId, user_id: player.id, title: "T", genre: "Fantasy", is_template: 1, created_at: nowIso(), updated_at: nowIso() }).execute();
    expect((await share(player.client, templateId)).status).toBe(404);
  });

  it("'Storie condivise' lists only opted-in stories, newest first, in keyset pages, with public fields only", async () => {
    const listedIds: string[] = [];
    let owner: Awaited<ReturnType<typeof storyGame>>["player"] | undefined;
    for (let i = 0; i < 3; i++) {
      const story = await storyGame({ title: `Elencata ${i}`, nickname: `Autore${randomUUID().slice(0, 6)}` });
      owner = story.player;
      listedIds.push((await share(story.player.client, story.gameId, { showNickname: i === 0, listed: true })).body.id);
    }
    const hidden = await storyGame({ title: "Non elencata" });
    const hiddenLink = (await share(hidden.player.client, hidden.gameId, { showNickname: true, listed: false })).body;

    const seen: any[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: any } = await visitor.json("GET", `/api/shares?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    const ids = seen.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(hiddenLink.id);
    expect(ids.filter((id) => listedIds.includes(id))).toEqual([...listedIds].reverse());
    const first = seen.find((s) => s.id === listedIds[0]);
    expect(first).toMatchObject({ title: "Elencata 0", genre: "Horror", excerpt: "La nebbia sale dal porto. «Chi va là?» chiede il guardiano…" });
    expect(first.nickname).toMatch(/^Autore/);
    expect(seen.find((s) => s.id === listedIds[1]).nickname).toBeNull();
    expect(Object.keys(first).sort()).toEqual(["creatorNickname", "excerpt", "genre", "id", "nickname", "path", "sharedAt", "title"]);
    expect(JSON.stringify(seen)).not.toContain(owner!.email);
    expect(JSON.stringify(seen)).not.toContain(owner!.id);
    expect((await visitor.json("GET", "/api/shares?cursor=nonvalido")).status).toBe(400);
    expect((await visitor.json("GET", "/api/shares?limit=1000")).status).toBe(400);
  });

  it("an admin takes a story down: audited, the page is 404, the owner sees it and cannot share it again", async () => {
    const { player, gameId } = await storyGame({ title: "Da rimuovere" });
    const { body: link } = await share(player.client, gameId, { showNickname: false, listed: true });
    // Not for players.
    expect((await player.client.json("GET", "/api/admin/shares")).status).toBe(403);
    expect((await player.client.json("POST", `/api/admin/shares/${link.id}/takedown`)).status).toBe(403);
    expect((await visitor.get(link.path)).status).toBe(200);

    const list = await admin.json("GET", "/api/admin/shares?limit=48");
    expect(list.status).toBe(200);
    expect(list.body.items.find((s: any) => s.id === link.id)).toMatchObject({ title: "Da rimuovere", listed: true, ownerEmail: player.email, takenDownAt: null });

    const removed = await admin.json("POST", `/api/admin/shares/${link.id}/takedown`);
    expect(removed.body).toEqual({ ok: true, changed: true });
    expect((await admin.json("POST", `/api/admin/shares/${link.id}/takedown`)).body).toEqual({ ok: true, changed: false });
    expect((await admin.json("POST", `/api/admin/shares/${"B".repeat(22)}/takedown`)).status).toBe(404);

    const audit = await server.deps.db.selectFrom("audit_log").select(["action", "detail", "actor_email"]).where("action", "=", "admin.share.takedown").execute();
    expect(audit.filter((a) => a.detail?.includes(link.id))).toEqual([{ action: "admin.share.takedown", actor_email: ADMIN_EMAIL, detail: expect.stringContaining("«Da rimuovere»") }]);

    expect((await visitor.get(link.path)).status).toBe(404);
    expect((await visitor.json("GET", "/api/shares?limit=48")).body.items.map((i: any) => i.id)).not.toContain(link.id);
    const state = await player.client.json("GET", `/api/games/${gameId}/share`);
    expect(state.body.share.takenDownAt).toEqual(expect.any(String));
    const again = await share(player.client, gameId);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("SHARE_TAKEN_DOWN");
    expect((await player.client.json("DELETE", `/api/games/${gameId}/share`)).status).toBe(409);
    expect((await visitor.get(link.path)).status).toBe(404);
  });

  it("the account export holds the user's links and the erasure removes them", async () => {
    const { player, gameId } = await storyGame();
    const { body: link } = await share(player.client, gameId, { showNickname: true, listed: true });
    const exported = await player.client.json("GET", "/api/profile/export");
    expect(exported.status).toBe(200);
    expect(exported.body.tables.story_shares).toEqual([expect.objectContaining({ id: link.id, game_id: gameId, show_nickname: 1, listed: 1 })]);
    // Never the id of an admin who took a story down: it is someone else's.
    expect(exported.body.tables.story_shares[0]).not.toHaveProperty("taken_down_by");
    const erased = await player.client.json("DELETE", "/api/profile", { password: player.password });
    expect(erased.status).toBe(200);
    expect(await server.deps.db.selectFrom("story_shares").select("id").where("id", "=", link.id).execute()).toEqual([]);
    expect((await visitor.get(link.path)).status).toBe(404);
  });
});
