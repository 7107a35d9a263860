/**
 * The reading page of a long shared story over real HTTP, SQLite and PostgreSQL (issue 19 finding
 * 5): a 900-message story is read by page (the first chapter, then ?pagina=N with 'Continua a
 * leggere'), a rendered page is served from the server's cache until the story changes (an edit
 * through 'Modifica' shows at once), and pages past the end or malformed are refused.
 */

import { randomUUID } from "node:crypto";
import { type Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessagesTable } from "../../platform/db/schema";
import { DIALECTS, newGame, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { TEST_INDEX_HTML, tempWebRoot } from "../../testing/web-root";
import { PAGE_MESSAGES } from "./share.page";

const MESSAGES = 900;
/** A narration as long as an edit may make it (MAX_NARRATION_LENGTH), ending with its choices. */
const narration = (depth: number) => `Turno ${depth}. ${"La nebbia sale dal porto e la lanterna oscilla nel buio. ".repeat(140)}\n\nA) Segui il guardiano\nB) Esplora il molo\nC) Torna alla locanda`;

describe.each(DIALECTS)("the reading page of a long shared story on %s", (dialect) => {
  let server: TestServer;
  let web: ReturnType<typeof tempWebRoot>;
  const visitor = () => new TestClient(server.url);

  beforeAll(async () => {
    web = tempWebRoot({ "index.html": TEST_INDEX_HTML });
    server = await startTestServer(dialect, { webRoot: web.root });
  });
  afterAll(async () => {
    await server.close();
    web.remove();
  });

  /** A shared story of MESSAGES messages on one path ('/inizia', narration, '/A', narration, …). Output: owner, ids by depth, page path. */
  async function longSharedStory() {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client, "horror");
    const db = server.deps.db;
    const ids: string[] = [];
    for (let offset = 0; offset < MESSAGES; offset += 100) {
      const rows: Insertable<ChatMessagesTable>[] = [];
      for (let depth = offset; depth < offset + 100; depth++) {
        const id = randomUUID();
        const user = depth % 2 === 0;
        rows.push({
          id,
          game_id: gameId,
          user_id: player.id,
          role: user ? "user" : "assistant",
          content: depth === 0 ? "/inizia" : user ? "/A" : narration(depth),
          image_url: null,
          created_at: new Date(Date.UTC(2026, 0, 1) + depth * 1000).toISOString(),
          parent_id: ids.at(-1) ?? null,
          depth,
        });
        ids.push(id);
      }
      await db.insertInto("chat_messages").values(rows).execute();
    }
    await db.updateTable("saved_games").set({ tip_message_id: ids.at(-1)!, title: "La lunga notte" }).where("id", "=", gameId).execute();
    const shared = await player.client.json<{ path: string }>("PUT", `/api/games/${gameId}/share`, { showNickname: false, listed: false });
    expect(shared.status).toBe(201);
    return { player, gameId, ids, path: shared.body.path };
  }

  it("reads a 900-message story by page: the first chapter, then 'Continua a leggere' to the last one", async () => {
    const { path } = await longSharedStory();
    const pages = Math.ceil(MESSAGES / PAGE_MESSAGES);
    const first = await visitor().get(path);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("Capitolo 1");
    expect(html).toContain(`Capitolo 1 di ${pages}`);
    expect(html).toContain("Turno 1.");
    expect(html).toContain(`Turno ${PAGE_MESSAGES - 1}.`);
    expect(html).not.toContain(`Turno ${PAGE_MESSAGES + 1}.`);
    expect(html).toContain(`rel="next" href="${path}?pagina=2">Continua a leggere →</a>`);
    expect(html).not.toContain("Capitolo precedente");
    // One chapter of the longest narrations an edit can write, not the whole book (about 7 MB).
    expect(Buffer.byteLength(html)).toBeLessThan(400_000);

    const second = await (await visitor().get(`${path}?pagina=2`)).text();
    expect(second).toContain("Capitolo 2");
    expect(second).toContain(`<link rel="canonical" href="${server.url}${path}?pagina=2"`);
    // The page's first message is the player's '/A': told as the option of the narration before it.
    expect(second).toMatch(/<h2 id="capitolo"[^>]*>Capitolo 2<\/h2>\n<p class="my-6[^"]*"><em>Segui il guardiano<\/em><\/p>\n<p class="mb-5">Turno 41\./);
    expect(second).toContain(`rel="prev" href="${path}">← Capitolo precedente</a>`);
    expect(second).not.toContain("Turno 39.");

    const last = await (await visitor().get(`${path}?pagina=${pages}`)).text();
    expect(last).toContain(`Turno ${MESSAGES - 1}.`);
    expect(last).toContain(`Capitolo ${pages} di ${pages}`);
    expect(last).not.toContain("Continua a leggere");

    const past = await visitor().get(`${path}?pagina=${pages + 1}`);
    expect(past.status).toBe(404);
    expect(await past.text()).toContain("Pagina non trovata");
    for (const bad of ["0", "abc", "-1", "1e3"]) {
      const response = await visitor().get(`${path}?pagina=${bad}`);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(path);
    }
  });

  it("serves a rendered page from the cache until the story changes: an edit shows at once", async () => {
    const { player, gameId, ids, path } = await longSharedStory();
    expect(await (await visitor().get(path)).text()).toContain("Turno 1.");
    // Changed behind the server's back (no edit, no new turn): the story's version is the same,
    // so the page comes from the cache, as rendered before.
    await server.deps.db.updateTable("chat_messages").set({ content: "Testo cambiato di nascosto." }).where("id", "=", ids[1]!).execute();
    const cached = await (await visitor().get(path)).text();
    expect(cached).toContain("Turno 1.");
    expect(cached).not.toContain("Testo cambiato di nascosto.");

    const edited = await player.client.json("PATCH", `/api/games/${gameId}/messages/${ids[1]}`, { content: "La nebbia si dirada: è l'alba." });
    expect(edited.status).toBe(200);
    const fresh = await (await visitor().get(path)).text();
    expect(fresh).toContain("La nebbia si dirada: è l’alba.");
    expect(fresh).not.toContain("Turno 1.");

    // A new tip (the story goes back a turn) is another version too.
    expect((await player.client.json("PUT", `/api/games/${gameId}/tip`, { messageId: ids[MESSAGES - 3], mode: "here" })).status).toBe(200);
    const pages = Math.ceil((MESSAGES - 2) / PAGE_MESSAGES);
    const last = await (await visitor().get(`${path}?pagina=${pages}`)).text();
    expect(last).toContain(`Turno ${MESSAGES - 3}.`);
    expect(last).not.toContain(`Turno ${MESSAGES - 1}.`);
  });
});
