/**
 * Character cards in and out over real HTTP (issue 40 §3; §2 for the world cards in the prompt):
 * a V2 JSON card, a V3 PNG card and a SillyTavern World Info become the player's private drafts;
 * playing one opens with the card's first_mes, {{user}} and {{char}} replaced; a world card's
 * content reaches the provider's prompt when its keyword is mentioned (and not otherwise), a
 * constant one always; export → import keeps every field (JSON and PNG); every bad input is a 400
 * naming the problem with nothing saved; imports are rate-limited. SQLite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import encodeChunks from "png-chunks-encode";
import extractChunks from "png-chunks-extract";
import { CARD_IMPORTS_PER_HOUR } from "../../../../shared/schemas/character-card";
import { SCENARIO_LIMITS } from "../../../../shared/schemas/scenario";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../../testing/fake-openai";
import { DIALECTS, readEvents, registerPlayer, startTestServer, TestClient, type TestServer } from "../../../testing/harness";
import { tempWebRoot } from "../../../testing/web-root";
import { cardTextOfPng, plainPng, pngWithCard } from "./card-png";

/** A Character Card V2 (github.com/malfoyslastname/character-card-spec-v2) with a lorebook. */
const V2_CARD = {
  spec: "chara_card_v2",
  spec_version: "2.0",
  data: {
    name: "Aria la Cartografa",
    description: "{{char}} disegna mappe di isole che non esistono ancora.",
    personality: "Curiosa, testarda, gentile con {{user}}.",
    scenario: "Un porto di nebbia dove le mappe diventano vere.",
    first_mes: "Benvenuto, {{user}}! Sono {{Char}}: la nebbia si apre solo per chi sa disegnare. <USER>, mi segui?",
    mes_example: "<START>\n{{char}}: Guarda questa costa.",
    creator_notes: "Prova di importazione.",
    system_prompt: "Descrivi sempre il mare.",
    post_history_instructions: "Resta nel personaggio.",
    alternate_greetings: ["Ciao {{user}}, la marea è alta.", "Di nuovo qui, {{user}}?"],
    tags: ["avventura", "mare"],
    creator: "Autrice di prova",
    character_version: "1.2",
    extensions: { talkativeness: "0.5", depth_prompt: { depth: 4, prompt: "x" } },
    character_book: {
      name: "Il porto",
      scan_depth: 3,
      extensions: {},
      entries: [
        { keys: ["faro", "scogliera"], content: "Il faro di Serralonga si accende solo quando nessuno lo guarda.", enabled: true, insertion_order: 20, extensions: {}, name: "Il faro", id: 7, priority: 3, comment: "nota" },
        { keys: [], content: "Nel porto piove sempre all'indietro.", enabled: true, insertion_order: 10, extensions: {}, constant: true, comment: "Il clima" },
        { keys: ["drago"], content: "Non ci sono draghi.", enabled: false, insertion_order: 30, extensions: {}, constant: false, name: "Spento" },
      ],
    },
    x_unknown: "campo sconosciuto",
  },
  x_top: 42,
};

const V3_CARD = {
  spec: "chara_card_v3",
  spec_version: "3.0",
  data: {
    ...V2_CARD.data,
    name: "Bruno il Guardiano",
    tags: ["horror"],
    first_mes: "{{user}}, la porta è chiusa da dentro.",
    group_only_greetings: ["Siete in tanti, {{user}}."],
    nickname: "Bruno",
    creation_date: 1700000000,
    assets: [{ type: "icon", uri: "ccdefault:", name: "main", ext: "png" }],
  },
};

const WORLD_INFO = {
  name: "Arcipelago",
  entries: {
    "0": { uid: 0, key: ["isola"], keysecondary: [], comment: "Le isole", content: "Le isole si spostano di notte.", constant: false, selective: true, order: 100, position: 0, disable: false },
    "1": { uid: 1, key: [], comment: "Sempre", content: "Il mare è viola.", constant: true, order: 50, disable: false },
  },
};

const png = (card: unknown) => pngWithCard(plainPng(8, 8), JSON.stringify(card), JSON.stringify(card));

describe.each(DIALECTS)("character cards on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let player: { client: TestClient; id: string };
  let web: ReturnType<typeof tempWebRoot>;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    web = tempWebRoot();
    server = await startTestServer(dialect, { webRoot: web.root, env: { AI_BASE_URL: fake.url, AI_MODEL: "fake-model" } });
    player = await registerPlayer(server);
    expect((await player.client.json("PUT", "/api/profile", { nickname: "Lupo", firstName: "", lastName: "" })).status).toBe(200);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    web.remove();
  });
  beforeEach(() => {
    fake.set({ mode: "ok", text: FAKE_REPLY, firstTokenDelayMs: 0, tokensPerSecond: 0 });
    fake.requests.length = 0;
  });

  const templates = async () => Number((await server.deps.db.selectFrom("saved_games").select((eb) => eb.fn.countAll().as("n")).where("is_template", "=", 1).executeTakeFirstOrThrow()).n);

  /** POST a file as the multipart field `file`. */
  async function upload(client: TestClient, bytes: Uint8Array, name: string, type: string) {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await client.request("POST", "/api/templates/import", undefined, { body: form });
    return { status: response.status, body: (await response.json()) as any };
  }

  async function importJson(card: unknown, client = player.client): Promise<string> {
    const res = await client.json("POST", "/api/templates/import", card);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  async function exportJson(id: string, client = player.client) {
    const res = await client.json("GET", `/api/templates/${id}/card`);
    expect(res.status).toBe(200);
    return res.body;
  }

  async function play(id: string) {
    const played = await player.client.json("POST", `/api/templates/${id}/play`, {});
    expect(played.status).toBe(201);
    return played.body.id as string;
  }

  it("a V2 JSON card becomes the player's private draft; played, it opens with first_mes, {{user}} and {{char}} replaced", async () => {
    const id = await importJson(V2_CARD);
    const row = await server.deps.db.selectFrom("saved_games").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: player.id, is_template: 1, draft: 1, title: "Aria la Cartografa", genre: "Avventura", first_message: V2_CARD.data.first_mes });
    expect(JSON.parse(row.alternate_openings!)).toEqual(V2_CARD.data.alternate_greetings);
    expect(JSON.parse(row.raw_card!).data).toMatchObject({ creator_notes: "Prova di importazione.", tags: ["avventura", "mare"], creator: "Autrice di prova", x_unknown: "campo sconosciuto" });
    // A draft is its author's only: out of Scopri, 404 to anyone else, importing never publishes.
    const other = await registerPlayer(server);
    expect((await other.client.json("GET", `/api/templates/${id}`)).status).toBe(404);
    expect((await other.client.json("GET", `/api/templates/${id}/card`)).status).toBe(404);
    expect((await other.client.json("POST", `/api/templates/${id}/play`, {})).status).toBe(404);
    expect(JSON.stringify((await new TestClient(server.url).json("GET", "/api/templates?limit=48")).body)).not.toContain(id);
    expect((await player.client.json("GET", `/api/templates/${id}`)).status).toBe(200);

    const gameId = await play(id);
    const game = await player.client.json("GET", `/api/games/${gameId}`);
    expect(game.body.messages.map((m: any) => [m.role, m.content])).toEqual([
      ["assistant", "Benvenuto, Lupo! Sono Aria la Cartografa: la nebbia si apre solo per chi sa disegnare. Lupo, mi segui?"],
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it("a world card enters the prompt when its keyword is mentioned and not otherwise; a constant one always; a disabled one never", async () => {
    const gameId = await play(await importJson(V2_CARD));
    // The opening is the card's text; /inizia starts the story from it.
    expect((await readEvents(await player.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }))).at(-1)?.event).toBe("done");
    expect((await readEvents(await player.client.post(`/api/games/${gameId}/messages`, { content: "Cammino lungo il molo." }))).at(-1)?.event).toBe("done");
    let system = fake.requests.at(-1).messages[0].content as string;
    expect(system).toContain("Nel porto piove sempre all'indietro.");
    expect(system).not.toContain("Il faro di Serralonga");
    expect(system).not.toContain("Non ci sono draghi.");
    expect(system).toContain("Il personaggio principale della storia è Aria la Cartografa; il giocatore è Lupo.");

    await readEvents(await player.client.post(`/api/games/${gameId}/messages`, { content: "Vedo un DRAGO vicino al Faro!" }));
    system = fake.requests.at(-1).messages[0].content as string;
    expect(system).toContain("Il faro di Serralonga si accende solo quando nessuno lo guarda.");
    expect(system).not.toContain("Non ci sono draghi.");
    // Order: the constant card (order 10) before the faro (order 20).
    expect(system.indexOf("Nel porto piove")).toBeLessThan(system.indexOf("Il faro di Serralonga"));

    const preview = await player.client.json("GET", `/api/games/${gameId}/memory/prompt`);
    const cards = preview.body.sections.find((s: any) => s.key === "cards");
    expect(cards.items).toEqual([
      { title: "Il clima", reason: "sempre attiva" },
      { title: "Il faro", reason: "parola chiave: «faro»" },
    ]);
  });

  it("a V3 card in a PNG (multipart `file`) imports with its image as the cover; the PNG export carries ccv3 and chara and imports back the same", async () => {
    const before = await templates();
    const res = await upload(player.client, png(V3_CARD), "bruno.png", "image/png");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await templates()).toBe(before + 1);
    const row = await server.deps.db.selectFrom("saved_games").selectAll().where("id", "=", res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: "Bruno il Guardiano", genre: "Horror", draft: 1 });
    expect(row.cover_image_url).toMatch(/^\/media\/covers\/.+\.png$/);

    const exported = await player.client.request("GET", `/api/templates/${res.body.id}/card?format=png`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await exported.arrayBuffer());
    const keywords = extractChunks(bytes)
      .filter((c) => c.name === "tEXt")
      .map((c) => Buffer.from(c.data).toString("latin1").split("\0")[0]);
    expect(keywords).toEqual(["ccv3", "chara"]);
    const v3 = JSON.parse(cardTextOfPng(bytes)!);
    expect(v3).toMatchObject({ spec: "chara_card_v3", spec_version: "3.0" });
    expect(v3.data).toMatchObject({ group_only_greetings: ["Siete in tanti, {{user}}."], nickname: "Bruno", creation_date: 1700000000, assets: V3_CARD.data.assets });

    const again = await upload(player.client, bytes, "bruno.png", "image/png");
    expect(again.status).toBe(201);
    expect(await exportJson(again.body.id)).toEqual(await exportJson(res.body.id));
  });

  it("export → import → export keeps every field of a V2 card (as a V3 JSON card with its character_book)", async () => {
    const first = await exportJson(await importJson(V2_CARD));
    expect(first).toMatchObject({ spec: "chara_card_v3", spec_version: "3.0", x_top: 42 });
    const { character_book: book, ...data } = V2_CARD.data;
    expect(first.data).toMatchObject(data);
    expect(first.data.character_book).toMatchObject({ name: "Il porto", scan_depth: 3 });
    expect(first.data.character_book.entries).toHaveLength(3);
    book.entries.forEach((entry, index) => expect(first.data.character_book.entries[index]).toMatchObject({ ...entry, constant: entry.constant ?? false }));
    const second = await exportJson(await importJson(first));
    expect(second).toEqual(first);
  });

  it("a SillyTavern World Info becomes a draft with its world cards, and exports them as a character_book", async () => {
    const id = await importJson(WORLD_INFO);
    const card = await exportJson(id);
    expect(card.data.name).toBe("Arcipelago");
    expect(card.data.character_book.entries.map((e: any) => [e.keys, e.content, e.constant, e.enabled, e.insertion_order])).toEqual([
      [["isola"], "Le isole si spostano di notte.", false, true, 100],
      [[], "Il mare è viola.", true, true, 50],
    ]);
    expect(card.data.character_book.entries[0]).toMatchObject({ uid: 0, selective: true, comment: "Le isole" });
  });

  it("HTML and script in a card are stored as text and escaped in the draft's page head (its author only; e2e checks the page's body)", async () => {
    const hostile = { ...V2_CARD, data: { ...V2_CARD.data, name: "Eroe <script>alert(1)</script>", description: '<img src=x onerror="alert(2)">Descrizione' } };
    const id = await importJson(hostile);
    const row = await server.deps.db.selectFrom("saved_games").select(["title", "description"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: hostile.data.name, description: hostile.data.description });
    const page = await player.client.get(`/scopri/eroe-scriptalert1script/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain('<img src=x onerror="alert(2)">');
    expect(html).toContain("&lt;img src=x");
    expect(html).toContain("Eroe &lt;script&gt;");
    // Anyone else gets the page's 404.
    expect((await new TestClient(server.url).get(`/scopri/eroe-scriptalert1script/${id}`)).status).toBe(404);
  });

  describe("bad input: 400 naming the problem, nothing saved", () => {
    const bigText = "x".repeat(600 * 1024);
    const cases: [string, () => Promise<{ status: number; body: any }>, string][] = [
      ["a PNG over 2 MB", () => upload(player.client, Buffer.from(encodeChunks([...extractChunks(png(V2_CARD)).slice(0, -1), { name: "zzZz", data: new Uint8Array(2.2 * 1024 * 1024) }, { name: "IEND", data: new Uint8Array(0) }])), "big.png", "image/png"), "L'immagine supera il limite di 2 MB."],
      // Past the import route's request limit (twice the PNG limit): refused before the body is read, still a 400 naming the limit.
      ["a file of 5 MB", () => upload(player.client, Buffer.alloc(5 * 1024 * 1024, 1), "enorme.png", "image/png"), "Il file supera il limite di 2 MB"],
      ["a JSON file over 512 KB", () => upload(player.client, Buffer.from(JSON.stringify({ ...V2_CARD, padding: bigText })), "big.json", "application/json"), "supera il limite di 512 KB"],
      ["neither PNG nor JSON", () => upload(player.client, Buffer.from("GIF89a non una scheda"), "x.gif", "image/gif"), "né un'immagine PNG né un file JSON"],
      ["a PNG without a card", () => upload(player.client, plainPng(4, 4), "vuota.png", "image/png"), "non contiene una scheda personaggio"],
      ["a damaged PNG", () => upload(player.client, Buffer.concat([plainPng(4, 4).subarray(0, 8), Buffer.from("rotto rotto rotto")]), "rotta.png", "image/png"), "danneggiata"],
      ["malformed JSON", () => upload(player.client, Buffer.from('{"spec": "chara_card_v2", '), "rotto.json", "application/json"), "errori di sintassi"],
      ["a JSON list instead of a card", () => player.client.json("POST", "/api/templates/import", [V2_CARD]), "non un elenco"],
      ["an unknown format", () => player.client.json("POST", "/api/templates/import", { spec: "chara_card_v1", name: "X" }), "Formato non riconosciuto"],
      ["a card without a name", () => player.client.json("POST", "/api/templates/import", { ...V2_CARD, data: { ...V2_CARD.data, name: "" } }), "nome (name)"],
      ["a field of the wrong type", () => player.client.json("POST", "/api/templates/import", { ...V2_CARD, data: { ...V2_CARD.data, alternate_greetings: [1, 2] } }), "alternate_greetings"],
      ["a text over its limit", () => player.client.json("POST", "/api/templates/import", { ...V2_CARD, data: { ...V2_CARD.data, first_mes: "a".repeat(20_001) } }), "«first_mes» può contenere al massimo 20000 caratteri"],
      [
        "too many world cards",
        () => player.client.json("POST", "/api/templates/import", { ...V2_CARD, data: { ...V2_CARD.data, character_book: { entries: Array.from({ length: 51 }, (_, i) => ({ keys: [`k${i}`], content: "c", enabled: true, insertion_order: i, extensions: {} })) } } }),
        "Al massimo 50 schede del mondo",
      ],
      ["a world card over its limit", () => player.client.json("POST", "/api/templates/import", { ...WORLD_INFO, entries: { "0": { key: ["k"], content: "c".repeat(1001) } } }), "«content» può contenere al massimo 1000 caratteri"],
      ["a multipart form without its file", () => player.client.request("POST", "/api/templates/import", undefined, { body: new FormData() }).then(async (r) => ({ status: r.status, body: await r.json() })), "campo «file»"],
    ];
    it.each(cases)("%s", async (_name, send, message) => {
      const before = await templates();
      const res = await send();
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe("CARD_INVALID");
      expect(res.body.error.message).toContain(message);
      expect(await templates()).toBe(before);
    });
  });

  it("an import is a draft like any other: past the drafts of the day (SCENARIO_LIMITS.draftsPerDay) it gets 429 and saves nothing", async () => {
    const prolific = await registerPlayer(server);
    for (let i = 0; i < SCENARIO_LIMITS.draftsPerDay; i++) expect((await prolific.client.json("POST", "/api/templates/import", V2_CARD)).status).toBe(201);
    const before = await templates();
    const refused = await upload(prolific.client, png(V2_CARD), "eroe.png", "image/png");
    expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    expect(refused.body.error.code).toBe("SCENARIO_DRAFT_LIMIT");
    expect(await templates()).toBe(before);
  });

  it("visitors get 401; the 31st import of the hour gets 429 with Retry-After", async () => {
    expect((await new TestClient(server.url).json("POST", "/api/templates/import", V2_CARD)).status).toBe(401);
    const busy = await registerPlayer(server);
    for (let i = 0; i < CARD_IMPORTS_PER_HOUR; i++) expect((await busy.client.json("POST", "/api/templates/import", { spec: "chara_card_v9" })).status).toBe(400);
    const before = await templates();
    const refused = await busy.client.request("POST", "/api/templates/import", V2_CARD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await templates()).toBe(before);
  });
});
