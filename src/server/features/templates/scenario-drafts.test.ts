/**
 * 'Modifica bozza' over real HTTP (issue 40 §1), on SQLite and PostgreSQL: the author reads and
 * saves their own draft (openings, world cards, cover; the old cover file goes, the raw card
 * stays); another player's draft is a 404 and stays unchanged; a published scenario is a 409; a
 * bad body is a 400 in Italian and changes nothing; a cover upload stores a re-encoded image of
 * the author's draft only, refusing what is not a JPEG/PNG/WebP or is too big, storing nothing then.
 */

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCENARIO_LIMITS } from "../../../shared/schemas/scenario";
import { keyFromMediaUrl, siteOriginOf } from "../../platform/media/media-storage";
import { DIALECTS, registerPlayer, startTestServer, type TestClient, type TestServer } from "../../testing/harness";

const SCENARIO = {
  title: "La torre delle maree",
  genre: "Fantasy",
  description: "Una torre che emerge dal mare solo quando la luna è piena.",
  first_message: "L'acqua si ritira e la porta della torre, coperta di alghe, si apre davanti a te.",
  alternate_openings: [] as string[],
  story_cards: [] as unknown[],
};

const CARD = { title: "La custode", text: "Una donna che parla con i gabbiani.", keywords: ["custode", "gabbiani"], constant: false, enabled: true, order: 10 };

type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe.each(DIALECTS)("draft scenarios edited by their author on %s", (dialect) => {
  let server: TestServer;
  let author: Player;
  let other: Player;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    [author, other] = [await registerPlayer(server), await registerPlayer(server)];
  });
  afterAll(() => server.close());

  async function draft(client: TestClient): Promise<string> {
    const res = await client.json("POST", "/api/scenarios", SCENARIO);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  const row = (id: string) => server.deps.db.selectFrom("saved_games").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** POST a file as the multipart field `file` of the draft's cover. */
  async function upload(client: TestClient, id: string, bytes: Uint8Array, type = "image/png", name = "copertina.png") {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await client.request("POST", `/api/scenarios/${id}/cover`, undefined, { body: form });
    return { status: response.status, body: (await response.json()) as any };
  }

  const png = (width = 64, height = 36) => sharp({ create: { width, height, channels: 3, background: "#446688" } }).png().toBuffer();

  /** How many cover files the media storage holds. */
  const count = async () => {
    let n = 0;
    for await (const entry of server.deps.media.list()) if (entry.key.startsWith("covers/")) n++;
    return n;
  };
  const stored = async (url: string) => server.deps.media.get(keyFromMediaUrl(url, siteOriginOf(server.deps.env.PUBLIC_URL))!);

  it("the author reads and saves their draft: openings, world cards, cover; the page and the narrator follow", async () => {
    const id = await draft(author.client);
    const before = await author.client.json("GET", `/api/scenarios/${id}`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ id, ...SCENARIO, genre: "Fantasy", cover_image_url: null });

    const cover = await upload(author.client, id, await png());
    expect(cover.status, JSON.stringify(cover.body)).toBe(200);
    expect(cover.body.url).toMatch(/^\/media\/covers\/\d{4}\/\d{2}\/[0-9a-f-]+\.webp$/);
    const file = await stored(cover.body.url);
    expect(file?.contentType).toBe("image/webp");

    const edit = {
      ...SCENARIO,
      title: "La torre delle maree vive",
      genre: "Horror",
      alternate_openings: ["I gabbiani tacciono tutti insieme quando metti piede sul primo gradino."],
      story_cards: [CARD, { title: "Il mare", text: "Sale di un palmo a ogni bugia detta nella torre.", keywords: [], constant: true }],
      cover_image_url: cover.body.url,
    };
    const saved = await author.client.json("PUT", `/api/scenarios/${id}`, edit);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ id });

    const after = await author.client.json("GET", `/api/scenarios/${id}`);
    expect(after.body).toEqual({ id, ...edit, story_cards: [CARD, { ...edit.story_cards[1], enabled: true, order: 100 }] });
    const page = await author.client.json("GET", `/api/templates/${id}`);
    expect(page.body).toMatchObject({ title: edit.title, genre: "Horror", coverImageUrl: cover.body.url, initialPrompt: edit.first_message, draft: true });
    const saved_row = await row(id);
    expect(saved_row.system_prompt).toContain("«La torre delle maree vive»");
    expect(saved_row.draft).toBe(1);

    // A new cover replaces the old one, whose file goes (nothing else shows it).
    const second = await upload(author.client, id, await png(80, 45));
    expect((await author.client.json("PUT", `/api/scenarios/${id}`, { ...edit, cover_image_url: second.body.url })).status).toBe(200);
    expect(await stored(cover.body.url)).toBeNull();
    expect(await stored(second.body.url)).not.toBeNull();

    // The edited draft is played with its new opening and its world cards, and then published.
    const played = await author.client.json("POST", `/api/templates/${id}/play`, {});
    expect(played.status).toBe(201);
    const game = await server.deps.db.selectFrom("saved_games").select(["story_cards"]).where("id", "=", played.body.id).executeTakeFirstOrThrow();
    expect(JSON.parse(game.story_cards ?? "[]")).toHaveLength(2);
    expect((await author.client.json("POST", `/api/scenarios/${id}/publish`)).body).toMatchObject({ id, state: "visible" });
  });

  it("an imported card's draft keeps its raw card and its own narrator instructions", async () => {
    const card = { spec: "chara_card_v2", spec_version: "2.0", data: { name: "Ilaria", description: "Una cartografa di mappe impossibili.", personality: "curiosa", scenario: "Una biblioteca sommersa.", first_mes: "Ilaria srotola una mappa che si muove da sola sotto le tue dita.", mes_example: "", creator_notes: "", system_prompt: "", post_history_instructions: "", alternate_greetings: [], tags: [], creator: "", character_version: "", extensions: { mio: 1 } } };
    const imported = await author.client.json("POST", "/api/templates/import", card);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const id = imported.body.id as string;
    const before = await row(id);
    const view = (await author.client.json("GET", `/api/scenarios/${id}`)).body;
    expect(view.first_message).toBe(card.data.first_mes);
    const res = await author.client.json("PUT", `/api/scenarios/${id}`, { ...view, description: "Una cartografa di mappe impossibili, riscritta." });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await row(id);
    expect(after.raw_card).toBe(before.raw_card);
    expect(after.system_prompt).toBe(before.system_prompt);
    expect(after.special_instructions).toBe(before.special_instructions);
    expect(after.description).toBe("Una cartografa di mappe impossibili, riscritta.");
  });

  it("another player's draft is a 404 for every editing route and stays unchanged; forged ids too", async () => {
    const id = await draft(author.client);
    const before = await row(id);
    const forged = { ...SCENARIO, title: "Rubata da un altro" };
    for (const client of [other.client]) {
      const get = await client.json("GET", `/api/scenarios/${id}`);
      expect(get.status).toBe(404);
      expect(get.body.error.message).toBe("Scenario non trovato.");
      expect((await client.json("PUT", `/api/scenarios/${id}`, forged)).status).toBe(404);
      expect((await upload(client, id, await png())).status).toBe(404);
      expect((await client.json("POST", `/api/scenarios/${id}/cover/ai`)).status).toBe(404);
    }
    for (const bad of ["nessuno", "' or 1=1 --", encodeURIComponent("../../x")]) expect((await author.client.json("PUT", `/api/scenarios/${bad}`, forged)).status).toBe(404);
    // A template of the site (no author) is no one's draft.
    const site = await server.deps.db.selectFrom("saved_games").select("id").where("is_template", "=", 1).where("user_id", "is", null).executeTakeFirst();
    if (site) expect((await author.client.json("PUT", `/api/scenarios/${site.id}`, forged)).status).toBe(404);
    expect(await row(id)).toEqual(before);
    expect((await new (author.client.constructor as typeof TestClient)(server.url).json("PUT", `/api/scenarios/${id}`, forged)).status).toBe(401);
  });

  it("a published scenario is a 409 and stays as published", async () => {
    const id = await draft(author.client);
    expect((await author.client.json("POST", `/api/scenarios/${id}/publish`)).status).toBe(200);
    const before = await row(id);
    const res = await author.client.json("PUT", `/api/scenarios/${id}`, { ...SCENARIO, title: "Cambiata dopo" });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("Questo scenario è già pubblicato.");
    expect((await author.client.json("GET", `/api/scenarios/${id}`)).status).toBe(409);
    expect((await upload(author.client, id, await png())).status).toBe(409);
    expect(await row(id)).toEqual(before);
  });

  it("a bad body is a 400 in Italian and changes nothing (21 cards, 6 openings, short opening, foreign cover, huge text)", async () => {
    const id = await draft(author.client);
    const before = await row(id);
    const cases: [Record<string, unknown>, string][] = [
      [{ story_cards: Array(SCENARIO_LIMITS.cards + 1).fill(CARD) }, `Al massimo ${SCENARIO_LIMITS.cards} schede del mondo per scenario.`],
      [{ alternate_openings: Array(SCENARIO_LIMITS.alternateOpenings + 1).fill(SCENARIO.first_message) }, `Al massimo ${SCENARIO_LIMITS.alternateOpenings} aperture alternative.`],
      [{ first_message: "breve" }, `L'apertura deve avere almeno ${SCENARIO_LIMITS.openingMin} caratteri.`],
      [{ story_cards: [{ ...CARD, keywords: [] }] }, "Aggiungi almeno una parola chiave."],
      [{ cover_image_url: "https://evil.example/x.png" }, "La copertina deve essere un'immagine caricata sul sito."],
      [{ first_message: "x".repeat(SCENARIO_LIMITS.openingMax + 1) }, `L'apertura può contenere al massimo ${SCENARIO_LIMITS.openingMax} caratteri.`],
      [{ title: undefined }, "Il titolo deve avere almeno 3 caratteri."],
    ];
    for (const [override, message] of cases) {
      const res = await author.client.json("PUT", `/api/scenarios/${id}`, { ...SCENARIO, ...override });
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    // A body far beyond any form: refused before it is read.
    const huge = await author.client.json("PUT", `/api/scenarios/${id}`, { ...SCENARIO, description: "x".repeat(400 * 1024) });
    expect(huge.status).toBe(413);
    expect(await row(id)).toEqual(before);
  });

  it("a cover upload refuses what is not a JPEG, PNG or WebP, or is too big, in Italian, and stores nothing", async () => {
    const id = await draft(author.client);
    const files = await count();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const cases: [string, Promise<{ status: number; body: any }>, number, string][] = [
      ["text", upload(author.client, id, Buffer.from("non sono un'immagine"), "image/png"), 400, "Il file non è un'immagine JPEG, PNG o WebP leggibile."],
      ["gif", upload(author.client, id, gif, "image/gif", "a.gif"), 400, "JPEG, PNG o WebP"],
      ["svg", upload(author.client, id, svg, "image/svg+xml", "a.svg"), 400, "JPEG, PNG o WebP"],
      ["truncated png", upload(author.client, id, (await png()).subarray(0, 60)), 400, "JPEG, PNG o WebP"],
      ["empty", upload(author.client, id, new Uint8Array()), 400, "Il file è vuoto."],
      ["over 5 MB", upload(author.client, id, new Uint8Array(SCENARIO_LIMITS.coverBytes + 1024)), 400, "L'immagine supera il limite di 5 MB."],
      ["far over (refused before it is read)", upload(author.client, id, new Uint8Array(3 * SCENARIO_LIMITS.coverBytes)), 400, "L'immagine supera il limite di 5 MB."],
      [
        "no file",
        author.client.request("POST", `/api/scenarios/${id}/cover`, undefined, { body: new FormData() }).then(async (r) => ({ status: r.status, body: await r.json() })),
        400,
        "Allega l'immagine nel campo «file».",
      ],
      ["json", author.client.json("POST", `/api/scenarios/${id}/cover`, { url: "x" }), 400, "Invia l'immagine come file nel campo «file»."],
    ];
    for (const [name, call, status, message] of cases) {
      const res = await call;
      expect(res.status, name).toBe(status);
      expect(res.body.error.message, name).toContain(message);
    }
    expect(await count()).toBe(files);
    // A JPEG is taken too, stored as WebP.
    const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#884422" } }).jpeg().toBuffer();
    expect((await upload(author.client, id, jpeg, "image/jpeg", "a.jpg")).status).toBe(200);
  });

  it("cover uploads are limited per player per hour: the next one is a 429 with Retry-After and stores nothing", async () => {
    const busy = await registerPlayer(server);
    const id = await draft(busy.client);
    const image = await png(8, 8);
    for (let i = 0; i < SCENARIO_LIMITS.coverUploadsPerHour; i++) expect((await upload(busy.client, id, image)).status).toBe(200);
    const covers = await count();
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "copertina.png");
    const refused = await busy.client.request("POST", `/api/scenarios/${id}/cover`, undefined, { body: form });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("COVER_UPLOAD_LIMIT");
    expect(await count()).toBe(covers);
  });

  it("a cover drawn by the illustrator for the draft costs one visualization token; without one it is a 429", async () => {
    const player = await registerPlayer(server);
    const id = await draft(player.client);
    const refused = await player.client.json("POST", `/api/scenarios/${id}/cover/ai`);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe("Non hai abbastanza token per generare un'immagine.");
    await server.deps.db.updateTable("user_tokens").set({ visualize_limit: 3 }).where("user_id", "=", player.id).execute();
    const drawn = await player.client.json("POST", `/api/scenarios/${id}/cover/ai`);
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    expect(drawn.body.url).toMatch(/^\/media\/covers\//);
    expect(await stored(drawn.body.url)).not.toBeNull();
    expect((await player.client.json("GET", "/api/me")).body.tokens).toMatchObject({ visualizationsSent: 1 });
  });
});
