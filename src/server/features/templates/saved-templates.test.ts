/**
 * The player's saved templates over real HTTP (issue 13 Saved templates: 'Salvati' on /scopri,
 * 'I miei preferiti' on /profilo): GET /api/templates/saved lists only the caller's favourites,
 * newest saved first, in keyset pages that never repeat a card while the player saves and
 * un-saves; a deleted template, or a row that is no longer a template, drops out; visitors get
 * 401 in Italian and forged cursors 400. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMPLATE_FORM_DEFAULTS } from "../../../shared/schemas/template";
import { DIALECTS, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const ADMIN = { email: "capo-salvati@example.com", password: "password-admin-1" };

type Page = { status: number; body: { items: { id: string; title: string; genre: string; slug: string }[]; nextCursor: string | null } };

describe.each(DIALECTS)("saved templates on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    admin = await signIn(server, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server.close();
  });

  async function createTemplate(title: string): Promise<string> {
    const res = await admin.json("POST", "/api/admin/templates", {
      ...TEMPLATE_FORM_DEFAULTS,
      title,
      genre: "Fantasy",
      description: "Una torre che cresce di un piano ogni notte.",
      initial_prompt: "La torre è più alta di ieri, e nessuno l'ha costruita.",
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  async function save(client: TestClient, id: string, value = true) {
    const res = await client.json("POST", `/api/templates/${id}/favorite`, { value });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ favorited: value });
  }

  /** Every page of the caller's saved list, `limit` cards at a time; `between(page)` runs after each page but the last. */
  async function allPages(client: TestClient, limit: number, between?: (page: number) => Promise<void>): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 1; ; page++) {
      const res: Page = await client.json("GET", `/api/templates/saved?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(limit);
      seen.push(...res.body.items.map((t) => t.id));
      cursor = res.body.nextCursor;
      if (!cursor) return seen;
      await between?.(page);
    }
  }

  it("lists the caller's saved templates newest saved first, as cards", async () => {
    const player = await registerPlayer(server);
    const empty: Page = await player.client.json("GET", "/api/templates/saved");
    expect(empty).toEqual({ status: 200, body: { items: [], nextCursor: null } });

    const [a, b, c] = [await createTemplate("Torre Prima"), await createTemplate("Torre Seconda"), await createTemplate("Torre Terza")];
    // Saved in the order b, a, c; the creation order (a, b, c) and the plays do not matter.
    await save(player.client, b);
    await save(player.client, a);
    await save(player.client, c);
    expect((await player.client.json("POST", `/api/templates/${b}/play`, {})).status).toBe(201);
    const list: Page = await player.client.json("GET", "/api/templates/saved");
    expect(list.body.items.map((t) => t.id)).toEqual([c, a, b]);
    expect(list.body.items[2]).toMatchObject({ id: b, title: "Torre Seconda", slug: "torre-seconda", genre: "Fantasy", plays: 1 });
    expect(list.body.nextCursor).toBeNull();

    // Saving again (idempotent) keeps the original time; un-saving and saving again moves it to the top.
    await save(player.client, b);
    expect((await player.client.json("GET", "/api/templates/saved")).body.items.map((t: { id: string }) => t.id)).toEqual([c, a, b]);
    await save(player.client, b, false);
    expect((await player.client.json("GET", "/api/templates/saved")).body.items.map((t: { id: string }) => t.id)).toEqual([c, a]);
    await save(player.client, b);
    expect((await player.client.json("GET", "/api/templates/saved")).body.items.map((t: { id: string }) => t.id)).toEqual([b, c, a]);
  });

  it("pages with a keyset cursor: no card repeats or is skipped while the player saves and un-saves", async () => {
    const player = await registerPlayer(server);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await createTemplate(`Pagina salvata ${i}`));
    for (const id of ids) await save(player.client, id);
    const newestFirst = [...ids].reverse();

    // Undisturbed: 3 + 3 + 1, exactly the saved order.
    expect(await allPages(player.client, 3)).toEqual(newestFirst);
    expect(await allPages(player.client, 1)).toEqual(newestFirst);

    // While paging: a template saved now goes to the top (seen on the next visit, not as a repeat);
    // one un-saved before its page came simply drops out; the rest follow in order.
    const late = await createTemplate("Salvata a metà");
    const seen = await allPages(player.client, 2, async (page) => {
      if (page === 1) await save(player.client, late);
      if (page === 2) await save(player.client, newestFirst[5]!, false);
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(newestFirst.filter((_, i) => i !== 5));
    expect((await player.client.json("GET", "/api/templates/saved?limit=1")).body.items[0].id).toBe(late);
  });

  it("never lists another player's favourites, whatever the request says", async () => {
    const alice = await registerPlayer(server);
    const bruno = await registerPlayer(server);
    const mine = await createTemplate("Solo di Alice");
    const theirs = await createTemplate("Solo di Bruno");
    await save(alice.client, mine);
    await save(bruno.client, theirs);
    const forged = [`/api/templates/saved?user_id=${bruno.id}`, `/api/templates/saved?userId=${bruno.id}`, `/api/templates/saved?limit=48`];
    for (const path of forged) {
      const res: Page = await alice.client.json("GET", path);
      expect(res.status).toBe(200);
      expect(res.body.items.map((t) => t.id)).toEqual([mine]);
    }
    // Bruno's cursor only continues Bruno's own list: used by Alice it reads Alice's rows older than it.
    const brunoFirst: Page = await bruno.client.json("GET", "/api/templates/saved?limit=1");
    expect(brunoFirst.body.items.map((t) => t.id)).toEqual([theirs]);
    const newer = await createTemplate("Altra di Bruno");
    await save(bruno.client, newer);
    const brunoCursor = (await bruno.client.json("GET", "/api/templates/saved?limit=1")).body.nextCursor as string;
    const withHisCursor: Page = await alice.client.json("GET", `/api/templates/saved?cursor=${brunoCursor}`);
    expect(withHisCursor.body.items.map((t) => t.id)).toEqual([mine]);
  });

  it("drops a deleted template, and a row that is no longer a template", async () => {
    const player = await registerPlayer(server);
    const kept = await createTemplate("Resta salvata");
    const deleted = await createTemplate("Sarà eliminata");
    const demoted = await createTemplate("Non più un template");
    for (const id of [kept, deleted, demoted]) await save(player.client, id);
    expect((await player.client.json("GET", "/api/templates/saved")).body.items).toHaveLength(3);

    expect((await admin.json("DELETE", `/api/admin/templates/${deleted}`)).status).toBe(200);
    await server.deps.db.updateTable("saved_games").set({ is_template: 0 }).where("id", "=", demoted).execute();
    const list: Page = await player.client.json("GET", "/api/templates/saved");
    expect(list.body.items.map((t) => t.id)).toEqual([kept]);
    // The deleted template's favourite went with it.
    const rows = await server.deps.db.selectFrom("user_favorites").select("template_id").where("template_id", "=", deleted).execute();
    expect(rows).toEqual([]);
  });

  it("answers 401 in Italian to a visitor and 400 to a malformed or foreign cursor", async () => {
    const visitor = new TestClient(server.url);
    const res = await visitor.json("GET", "/api/templates/saved");
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ title: "Accesso richiesto", message: "Per favore effettua il login per continuare" });

    const player = await registerPlayer(server);
    // The /scopri cursor (plays, created_at, id) is not a 'Salvati' cursor.
    const discover = await visitor.json("GET", "/api/templates?limit=1");
    const bad = [
      "nonvalido",
      discover.body.nextCursor as string,
      Buffer.from('[1,"a"]').toString("base64url"),
      Buffer.from(JSON.stringify(["x".repeat(201), "a"])).toString("base64url"),
      "a".repeat(401),
    ];
    for (const cursor of bad) {
      const answer = await player.client.json("GET", `/api/templates/saved?cursor=${cursor}`);
      expect(answer.status, cursor.slice(0, 20)).toBe(400);
    }
    for (const limit of ["0", "49", "abc"]) expect((await player.client.json("GET", `/api/templates/saved?limit=${limit}`)).status).toBe(400);
  });
});
