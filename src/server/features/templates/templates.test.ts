/**
 * Over 350 lines: the templates' contract end to end, sharing one server per dialect.
 * Templates over real HTTP (issue 4; spec §2 Admin templates, Discover, Template detail; §4
 * Starting from a template, Like and favorite; §5 AI helpers; §7; §8): who may call what, atomic
 * counters under parallel clicks, the player's copy and its narrator configuration (seen by the
 * fake provider), structured output that fills only the empty fields, covers in our storage,
 * and /crea-gioco. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEMPLATE_FORM_DEFAULTS } from "../../../shared/schemas/template";
import { castFor } from "../../domain/ai/offline/cast";
import { memoryIdle } from "../../domain/memory/background";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, readEvents, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const ADMIN = { email: "capo-template@example.com", password: "password-admin-1" };

const FORM = {
  ...TEMPLATE_FORM_DEFAULTS,
  title: "Il Faro di Àlbera",
  description: "Un guardiano scomparso e una lanterna che si accende da sola.",
  genre: "Giallo",
  initial_prompt: "La lanterna del faro si accende da sola, e il guardiano non risponde da tre giorni.",
  system_prompt: "Sei il narratore di un giallo costiero, cupo e preciso.",
  response_style: "preciso",
  story_pacing: "lento",
  interaction_style: "misto",
  temperature: 0.4,
  max_tokens: 700,
  context_memory: 3,
  special_instructions: "Il colpevole è sempre il farmacista.",
  preferred_vocabulary: "tecnico e investigativo",
  forbidden_topics: "gore, politica , ",
};


describe.each(DIALECTS)("templates on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, {
      env: { AI_BASE_URL: fake.url, AI_MODEL: "fake-model", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    });
    admin = await signIn(server, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.set({ mode: "ok", text: FAKE_REPLY, firstTokenDelayMs: 0, tokensPerSecond: 0 });
    fake.requests.length = 0;
  });

  async function createTemplate(overrides: Record<string, unknown> = {}) {
    const res = await admin.json("POST", "/api/admin/templates", { ...FORM, ...overrides });
    expect(res.status).toBe(201);
    return res.body as { id: string; slug: string };
  }

  it("lets only admins reach the template admin and AI helper endpoints", async () => {
    const { id } = await createTemplate();
    const player = await registerPlayer(server);
    const visitor = new TestClient(server.url);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/templates"],
      ["POST", "/api/admin/templates", FORM],
      ["PUT", `/api/admin/templates/${id}`, { ...FORM, version: 1 }],
      ["DELETE", `/api/admin/templates/${id}`],
      ["POST", "/api/admin/templates/ai/improve", { text: "ciao", field: "title" }],
      ["POST", "/api/admin/templates/ai/generate", { title: "Titolo", genre: "Giallo" }],
      ["POST", "/api/admin/templates/ai/cover", { title: "T", description: "Una descrizione", genre: "Giallo" }],
    ];
    for (const [method, path, body] of calls) {
      const asVisitor = await visitor.json(method, path, body);
      expect(asVisitor.status, `${method} ${path}`).toBe(401);
      const asPlayer = await player.client.json(method, path, body);
      expect(asPlayer.status, `${method} ${path}`).toBe(403);
      expect(asPlayer.body.error.message).toBe("Non hai i permessi per accedere a questa pagina");
    }
    const cover = await visitor.json("POST", "/api/admin/templates/ai/cover", {});
    expect(cover.body.error).toMatchObject({ title: "Errore di autenticazione", message: "Per favore, effettua il login per generare un'immagine." });
    // Nothing changed: the template is still there, and the refusals are in the audit log.
    expect((await visitor.json("GET", `/api/templates/${id}`)).status).toBe(200);
    const denied = await server.deps.db.selectFrom("audit_log").select("detail").where("action", "=", "admin.denied").execute();
    expect(denied.some((d) => d.detail?.includes("/api/admin/templates"))).toBe(true);
    // Players and visitors cannot like, save or play without a session.
    for (const path of [`/api/templates/${id}/like`, `/api/templates/${id}/favorite`, `/api/templates/${id}/play`]) {
      expect((await visitor.json("POST", path, {})).status).toBe(401);
    }
  });

  it("validates the form with the spec's messages and stores every field", async () => {
    const short = await admin.json("POST", "/api/admin/templates", { ...FORM, title: "ab" });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe("Il titolo deve avere almeno 3 caratteri.");
    const genre = await admin.json("POST", "/api/admin/templates", { ...FORM, genre: "Horror" });
    expect(genre.body.error.message).toBe("Scegli un genere tra Fantasy, Giallo, Storico, Guerra, Avventura e Romantico.");
    const tokens = await admin.json("POST", "/api/admin/templates", { ...FORM, max_tokens: 20 });
    expect(tokens.body.error.message).toBe("La lunghezza massima deve essere un numero intero compreso tra 50 e 8192.");
    // The CSP loads images over https only: an http:// cover would silently show the placeholder (issue 9).
    const plain = await admin.json("POST", "/api/admin/templates", { ...FORM, cover_image_url: "http://immagini.example/faro.png" });
    expect(plain.status).toBe(400);
    expect(plain.body.error.message).toBe("L'URL dell'immagine deve iniziare con https://.");

    const created = await admin.json("POST", "/api/admin/templates", FORM);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: "il-faro-di-albera",
      title: FORM.title,
      forbidden_topics: ["gore", "politica"],
      temperature: 0.4,
      plays: 0,
      likes: 0,
      initial_prompt: FORM.initial_prompt,
    });
    const edited = await admin.json("PUT", `/api/admin/templates/${created.body.id}`, { ...FORM, title: "Il Faro Spento", special_instructions: "", version: created.body.version });
    expect(edited.body).toMatchObject({ title: "Il Faro Spento", slug: "il-faro-spento", special_instructions: null });
    const list = await admin.json("GET", "/api/admin/templates");
    expect(list.body.items[0].id).toBe(created.body.id);
    expect((await admin.json("PUT", "/api/admin/templates/nessuno", { ...FORM, version: 1 })).status).toBe(404);
  });

  it("'Mostra altri' never repeats a card or skips one while plays change and templates go (keyset, issue 9)", async () => {
    const visitor = new TestClient(server.url);
    const player = await registerPlayer(server);
    // Seven templates above every other one: P0 (plays 1006) … P6 (plays 1000).
    const mine: string[] = [];
    for (let i = 0; i < 7; i++) {
      const { id } = await createTemplate({ title: `Pagina ${i}` });
      await server.deps.db.updateTable("saved_games").set({ plays: 1006 - i }).where("id", "=", id).execute();
      mine.push(id);
    }
    const before = (await server.deps.db.selectFrom("saved_games").select("id").where("is_template", "=", 1).execute()).map((r) => r.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 1; ; page++) {
      const res: { status: number; body: any } = await visitor.json("GET", `/api/templates?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((t: any) => t.id));
      cursor = res.body.nextCursor;
      if (!cursor) break;
      // Between the pages, other players play and an admin tidies up.
      if (page === 1) expect((await player.client.json("POST", `/api/templates/${mine[0]}/play`, {})).status).toBe(201);
      if (page === 2) await server.deps.db.updateTable("saved_games").set({ plays: 5000 }).where("id", "=", mine[5]!).execute();
      if (page === 3) expect((await admin.json("DELETE", `/api/admin/templates/${mine[0]}`)).status).toBe(200);
    }
    expect(new Set(seen).size).toBe(seen.length);
    // P5 overtook the cursor: it now ranks above what was shown and leads the list on the next visit.
    expect(seen.slice(0, 6)).toEqual([mine[0], mine[1], mine[2], mine[3], mine[4], mine[6]]);
    expect(new Set(seen)).toEqual(new Set(before.filter((id) => id !== mine[5])));
    expect((await visitor.json("GET", "/api/templates?limit=1")).body.items[0].id).toBe(mine[5]);
  });

  it("shows templates to visitors, most played first, paginated, and 404s unknown ids", async () => {
    const visitor = new TestClient(server.url);
    const a = await createTemplate({ title: "Uno poco giocato" });
    const b = await createTemplate({ title: "Due molto giocato" });
    const player = await registerPlayer(server);
    for (let i = 0; i < 3; i++) expect((await player.client.json("POST", `/api/templates/${b.id}/play`, {})).status).toBe(201);
    expect((await player.client.json("POST", `/api/templates/${a.id}/play`, {})).status).toBe(201);

    const page = await visitor.json("GET", "/api/templates?limit=48");
    expect(page.status).toBe(200);
    const plays = page.body.items.map((t: any) => t.plays);
    expect(plays).toEqual([...plays].sort((x: number, y: number) => y - x));
    expect(page.body.items.findIndex((t: any) => t.id === b.id)).toBeLessThan(page.body.items.findIndex((t: any) => t.id === a.id));
    const first = await visitor.json("GET", "/api/templates?limit=1");
    expect(first.body.items).toHaveLength(1);
    const second = await visitor.json("GET", `/api/templates?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.items[0].id).toBe(page.body.items[1].id);
    for (const bad of ["nonvalido", Buffer.from('[1,"a"]').toString("base64url"), Buffer.from('["1","a","b"]').toString("base64url")]) {
      expect((await visitor.json("GET", `/api/templates?cursor=${bad}`)).status).toBe(400);
    }

    const detail = await visitor.json("GET", `/api/templates/${b.id}`);
    expect(detail.body).toMatchObject({ id: b.id, slug: "due-molto-giocato", plays: 3, liked: false, favorited: false, initialPrompt: FORM.initial_prompt });
    const missing = await visitor.json("GET", "/api/templates/00000000-0000-0000-0000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Template non trovato.");
    // A player's own game is never a template.
    const game = await player.client.json("POST", "/api/games", { genre: "giallo" });
    expect((await visitor.json("GET", `/api/templates/${game.body.id}`)).status).toBe(404);
  });

  it("keeps likes consistent under 30 parallel toggles, and a wanted state is idempotent", async () => {
    const { id } = await createTemplate();
    const player = await registerPlayer(server);
    const other = await registerPlayer(server);
    const answers = await Promise.all(Array.from({ length: 30 }, () => player.client.json("POST", `/api/templates/${id}/like`, {})));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    // Each toggle flipped the state exactly once: 15 likes and 15 unlikes, in some order.
    expect(answers.filter((r) => r.body.liked).length).toBe(15);
    const rows = await server.deps.db.selectFrom("template_likes").selectAll().where("template_id", "=", id).execute();
    const detail = await player.client.json("GET", `/api/templates/${id}`);
    expect(detail.body.likes).toBe(rows.length);
    expect(detail.body.likes).toBe(0);
    expect(detail.body.liked).toBe(false);

    // A double click sends the same wanted state twice: one like, not two, not zero.
    const doubles = await Promise.all(Array.from({ length: 10 }, () => player.client.json("POST", `/api/templates/${id}/like`, { value: true })));
    expect(doubles.every((r) => r.body.liked === true && r.body.likes === 1)).toBe(true);
    const second = await other.client.json("POST", `/api/templates/${id}/like`, {});
    expect(second.body).toEqual({ liked: true, likes: 2 });
    const unlike = await player.client.json("POST", `/api/templates/${id}/like`, { value: false });
    expect(unlike.body).toEqual({ liked: false, likes: 1 });
    expect((await player.client.json("GET", `/api/templates/${id}`)).body).toMatchObject({ liked: false, likes: 1 });
    expect((await other.client.json("GET", `/api/templates/${id}`)).body).toMatchObject({ liked: true, likes: 1 });
    expect((await player.client.json("POST", "/api/templates/nessuno/like", {})).status).toBe(404);
  });

  it("saves and unsaves a favourite per user, idempotently", async () => {
    const { id } = await createTemplate();
    const player = await registerPlayer(server);
    const saves = await Promise.all(Array.from({ length: 6 }, () => player.client.json("POST", `/api/templates/${id}/favorite`, { value: true })));
    expect(saves.every((r) => r.body.favorited === true)).toBe(true);
    const rows = await server.deps.db.selectFrom("user_favorites").selectAll().where("template_id", "=", id).execute();
    expect(rows).toHaveLength(1);
    expect((await player.client.json("GET", `/api/templates/${id}`)).body.favorited).toBe(true);
    expect((await player.client.json("POST", `/api/templates/${id}/favorite`, {})).body).toEqual({ favorited: false });
    expect((await player.client.json("GET", `/api/templates/${id}`)).body.favorited).toBe(false);
  });

  it("counts plays exactly under 20 parallel plays, each with its own copy", async () => {
    const { id } = await createTemplate();
    const players = await Promise.all(Array.from({ length: 4 }, () => registerPlayer(server)));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => players[i % 4]!.client.json("POST", `/api/templates/${id}/play`, {})));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(20);
    expect((await players[0]!.client.json("GET", `/api/templates/${id}`)).body.plays).toBe(20);
  });

  it("gives the player a copy with the template's whole configuration, used by the narrator", async () => {
    const { id } = await createTemplate();
    const player = await registerPlayer(server);
    const played = await player.client.json("POST", `/api/templates/${id}/play`, {});
    expect(played.body.genre).toBe("Giallo");
    const copy = await server.deps.db.selectFrom("saved_games").selectAll().where("id", "=", played.body.id).executeTakeFirstOrThrow();
    expect(copy).toMatchObject({
      user_id: player.id,
      is_template: 0,
      title: FORM.title,
      genre: "Giallo",
      description: FORM.description,
      system_prompt: FORM.system_prompt,
      response_style: "preciso",
      story_pacing: "lento",
      interaction_style: "misto",
      max_tokens: 700,
      context_memory: 3,
      special_instructions: FORM.special_instructions,
      preferred_vocabulary: FORM.preferred_vocabulary,
      progress: 0,
    });
    expect(Number(copy.temperature)).toBeCloseTo(0.4);
    expect(JSON.parse(copy.forbidden_topics!)).toEqual(["gore", "politica"]);
    expect(JSON.parse(copy.content!)).toEqual({ initial_prompt: FORM.initial_prompt });

    const game = await player.client.json("GET", `/api/games/${played.body.id}`);
    expect(game.body.messages.map((m: any) => [m.role, m.content])).toEqual([["assistant", FORM.initial_prompt]]);
    expect(game.body.started).toBe(false);

    const events = await readEvents(await player.client.post(`/api/games/${played.body.id}/messages`, { content: "/inizia" }));
    expect(events.at(-1)?.event).toBe("done");
    const sent = fake.requests.at(-1);
    expect(sent.temperature).toBeCloseTo(0.4);
    expect(sent.max_tokens).toBe(700);
    const system = sent.messages[0];
    expect(system.role).toBe("system");
    for (const part of [FORM.system_prompt, "Stile di risposta: preciso.", "Ritmo della storia: lento.", "Stile di interazione: misto.", "Vocabolario preferito: tecnico e investigativo.", "Istruzioni speciali: Il colpevole è sempre il farmacista.", "Argomenti da non trattare mai: gore, politica."]) {
      expect(system.content).toContain(part);
    }
    expect(system.content).not.toContain("Sei il narratore di storie gialle");
    // The opening is the first message the narrator sees.
    expect(sent.messages[1]).toEqual({ role: "assistant", content: FORM.initial_prompt });

    // Editing the template later does not change a game already started.
    await admin.json("PUT", `/api/admin/templates/${id}`, { ...FORM, system_prompt: "Tutt'altro prompt di sistema." });
    await readEvents(await player.client.post(`/api/games/${played.body.id}/messages`, { content: "/A" }));
    expect(fake.requests.at(-1).messages[0].content).toContain(FORM.system_prompt);
  });

  it("a template without its own system prompt narrates with the genre prompt plus its story", async () => {
    const { id } = await createTemplate({ system_prompt: "", title: "Senza prompt" });
    const player = await registerPlayer(server);
    const played = await player.client.json("POST", `/api/templates/${id}/play`, {});
    await readEvents(await player.client.post(`/api/games/${played.body.id}/messages`, { content: "/inizia" }));
    const system = fake.requests.at(-1).messages[0].content as string;
    const genrePrompt = await server.deps.db.selectFrom("genre_prompts").select("system_prompt").where("genre", "=", "Giallo").executeTakeFirstOrThrow();
    expect(system).toContain(genrePrompt.system_prompt);
    expect(system).toContain("«Senza prompt»");
    expect(fake.requests.at(-1).max_tokens).toBe(700);
  });

  it("generates only the empty fields with a structured-output request", async () => {
    fake.set({ text: JSON.stringify({ description: "Descrizione generata dal modello.", system_prompt: "Prompt generato dal modello." }) });
    const res = await admin.json("POST", "/api/admin/templates/ai/generate", {
      title: "Il Faro",
      genre: "Giallo",
      fields: {
        description: "",
        initial_prompt: "Apertura già scritta dall'admin, da non toccare.",
        system_prompt: "  ",
        special_instructions: "Già scritte.",
        preferred_vocabulary: "formale",
        forbidden_topics: "gore",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      generatedContent: { description: "Descrizione generata dal modello.", system_prompt: "Prompt generato dal modello." },
      source: "fake-model",
    });
    const request = fake.requests.at(-1);
    expect(request.stream).toBeFalsy();
    expect(request.response_format.type).toBe("json_schema");
    const schema = request.response_format.json_schema.schema;
    expect(Object.keys(schema.properties).sort()).toEqual(["description", "system_prompt"]);
    expect(schema.required.sort()).toEqual(["description", "system_prompt"]);
    expect(JSON.stringify(request.messages)).toContain("Il Faro");
    expect(JSON.stringify(request.messages)).toContain("Giallo");

    const missing = await admin.json("POST", "/api/admin/templates/ai/generate", { title: "", genre: "Giallo" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.title).toBe("Campi mancanti");
    const noGenre = await admin.json("POST", "/api/admin/templates/ai/generate", { title: "Il Faro", genre: "" });
    expect(noGenre.body.error.title).toBe("Campi mancanti");

    fake.set({ mode: "error500" });
    const failed = await admin.json("POST", "/api/admin/templates/ai/generate", { title: "Il Faro", genre: "Giallo" });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatchObject({ title: "Errore nella generazione", message: "Non è stato possibile generare i contenuti." });
  });

  it("improves a field with its context, and refuses an empty one", async () => {
    fake.set({ text: "«Il Faro dell'Ultima Notte»" });
    const res = await admin.json("POST", "/api/admin/templates/ai/improve", {
      text: "il faro",
      field: "title",
      context: { genre: "Giallo", title: "il faro", description: "Un guardiano scomparso." },
    });
    expect(res.body).toEqual({ improvedText: "Il Faro dell'Ultima Notte", source: "fake-model" });
    const sent = JSON.stringify(fake.requests.at(-1).messages);
    expect(sent).toContain("il faro");
    expect(sent).toContain("Giallo");
    expect(sent).toContain("Un guardiano scomparso.");
    const empty = await admin.json("POST", "/api/admin/templates/ai/improve", { text: "   ", field: "description" });
    expect(empty.status).toBe(400);
    expect(empty.body.error.title).toBe("Campo vuoto");
    fake.set({ mode: "error500" });
    const failed = await admin.json("POST", "/api/admin/templates/ai/improve", { text: "testo", field: "description" });
    expect(failed.body.error).toMatchObject({ title: "Errore nel miglioramento", message: "Non è stato possibile migliorare il testo." });
  });

  it("generates a 16:9 cover stored in our media and served under /media", async () => {
    const missing = await admin.json("POST", "/api/admin/templates/ai/cover", { title: "Il Faro", description: "", genre: "Giallo" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.title).toBe("Campi mancanti");
    const res = await admin.json("POST", "/api/admin/templates/ai/cover", { title: "Il Faro", description: "Un faro sulla scogliera in tempesta.", genre: "Giallo" });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/media\/covers\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
    const image = await fetch(new URL(res.body.url, server.url));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await image.arrayBuffer());
    // PNG header: width and height at bytes 16–23.
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    expect(width / height).toBeCloseTo(16 / 9, 1);
    // The cover can be saved on a template, and goes away with it.
    const { id } = await createTemplate({ cover_image_url: res.body.url });
    expect((await admin.json("GET", `/api/templates/${id}`)).body.coverImageUrl).toBe(res.body.url);
    expect((await admin.json("DELETE", `/api/admin/templates/${id}`)).body).toEqual({ ok: true });
    expect((await admin.json("GET", `/api/templates/${id}`)).status).toBe(404);
    expect((await fetch(new URL(res.body.url, server.url))).status).toBe(404);
  });

  it("deleting a template keeps the players' games", async () => {
    const { id } = await createTemplate();
    const player = await registerPlayer(server);
    const played = await player.client.json("POST", `/api/templates/${id}/play`, {});
    await player.client.json("POST", `/api/templates/${id}/like`, {});
    expect((await admin.json("DELETE", `/api/admin/templates/${id}`)).status).toBe(200);
    expect((await player.client.json("GET", `/api/games/${played.body.id}`)).status).toBe(200);
    expect((await admin.json("DELETE", `/api/admin/templates/${id}`)).status).toBe(404);
  });

  it("/crea-gioco creates the player's own game with the premise as the narrator's opening", async () => {
    const premise = "Sei un corriere di dati che ha appena perso il carico più prezioso della sua vita.";
    const visitor = new TestClient(server.url);
    expect((await visitor.json("POST", "/api/custom-games", { title: "Neon", genre: "Cyberpunk", premise })).status).toBe(401);
    const player = await registerPlayer(server);
    const short = await player.client.json("POST", "/api/custom-games", { title: "Neon", genre: "Cyberpunk", premise: "troppo corta" });
    expect(short.body.error.message).toBe("La premessa deve avere almeno 20 caratteri.");
    const created = await player.client.json("POST", "/api/custom-games", { title: "Neon Perduto", genre: "Cyberpunk", premise, response_style: "umoristico", story_pacing: "" });
    expect(created.status).toBe(201);
    expect(created.body.genre).toBe("Cyberpunk");
    const game = await player.client.json("GET", `/api/games/${created.body.id}`);
    expect(game.body).toMatchObject({ title: "Neon Perduto", genre: "Cyberpunk", started: false });
    expect(game.body.messages.map((m: any) => [m.role, m.content])).toEqual([["assistant", premise]]);

    await readEvents(await player.client.post(`/api/games/${created.body.id}/messages`, { content: "/inizia" }));
    const sent = fake.requests.at(-1);
    const system = sent.messages[0].content as string;
    expect(system).toContain("Stile di risposta: umoristico.");
    expect(system).toContain(premise);
    expect(system).toContain("Ritmo della storia: veloce."); // the genre's pacing, none chosen
    expect(sent.messages[1]).toEqual({ role: "assistant", content: premise });

    // 'Genera con AI' fills only the empty fields.
    fake.set({ text: JSON.stringify({ premise: "Una premessa generata dal modello per la partita.", story_pacing: "lento" }) });
    const generated = await player.client.json("POST", "/api/custom-games/generate", {
      title: "Neon",
      genre: "Cyberpunk",
      fields: { premise: "", response_style: "creativo", story_pacing: "", interaction_style: "aperto" },
    });
    expect(generated.body.generatedContent).toEqual({ premise: "Una premessa generata dal modello per la partita.", story_pacing: "lento" });
    // It is paid like a turn: /inizia above took one message, the generation another.
    expect((await player.client.json("GET", "/api/me")).body.tokens).toMatchObject({ messagesSent: 2 });
    const schema = fake.requests.at(-1).response_format.json_schema.schema;
    expect(Object.keys(schema.properties).sort()).toEqual(["premise", "story_pacing"]);
    expect(schema.properties.story_pacing.enum).toEqual(["lento", "bilanciato", "veloce"]);

    // Every field filled: nothing is asked of the model and nothing is charged (issue 22 §5).
    const calls = fake.requests.length;
    const full = await player.client.json("POST", "/api/custom-games/generate", {
      title: "Neon",
      genre: "Cyberpunk",
      fields: { premise: "Una premessa già scritta dal giocatore.", response_style: "creativo", story_pacing: " lento ", interaction_style: "aperto" },
    });
    expect(full.status).toBe(200);
    expect(full.body.generatedContent).toEqual({});
    expect(fake.requests.length).toBe(calls);
    expect((await player.client.json("GET", "/api/me")).body.tokens).toMatchObject({ messagesSent: 2 });
    expect((await visitor.json("POST", "/api/custom-games/generate", { title: "Neon", genre: "Cyberpunk" })).status).toBe(401);
  });
});

describe.each(DIALECTS)("offline AI helpers on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    admin = await signIn(server, ADMIN.email, ADMIN.password);
  });
  afterAll(() => server.close());

  it("a 'Crea il tuo Gioco' premise's names are the offline story's names (issue 38 §3)", async () => {
    const player = await registerPlayer(server);
    const play = async (premise: string) => {
      const created = await player.client.json("POST", "/api/custom-games", { title: "Il socio scomparso", genre: "Giallo", premise });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      const narrations: string[] = [];
      for (const content of ["/inizia", "/B", "Apro la cassaforte con la chiave"]) {
        await readEvents(await player.client.post(`/api/games/${id}/messages`, { content }));
        const game = await player.client.json("GET", `/api/games/${id}`);
        narrations.push(game.body.messages.at(-1).content as string);
      }
      return { id, narrations };
    };
    const male = await play("Sei un investigatore a Torino. Il tuo socio Samuele Bertoli è sparito da tre giorni, lasciandoti solo un biglietto.");
    const corpusCompanion = castFor(male.id, "Giallo").companion;
    for (const text of male.narrations) {
      expect(text).toContain("Samuele Bertoli");
      expect(text).not.toContain(corpusCompanion.name);
    }
    expect(male.narrations[0]).not.toMatch(/Samuele Bertoli\*\*, una /u);
    // The memory's cards name the same companion as the story (its cast comes from the premise too).
    await memoryIdle();
    const memory = await player.client.json("GET", `/api/games/${male.id}/memory`);
    const titles = (memory.body.facts as { title: string }[]).map((fact) => fact.title);
    expect(titles).toContain("Samuele Bertoli");
    expect(titles).not.toContain(corpusCompanion.name);

    const female = await play("Una lettera anonima ti porta a Genova, dove la tua amica Giulia Ferri ti aspetta al porto con cattive notizie.");
    for (const text of female.narrations) expect(text).toContain("Giulia Ferri");
    expect(female.narrations[0]).not.toMatch(/Giulia Ferri\*\*, un /u);
  });

  it("improve visibly cleans the text without a provider", async () => {
    const res = await admin.json("POST", "/api/admin/templates/ai/improve", { text: "il faro e' molto vecchio ,la notte e' buia", field: "description", context: { genre: "Giallo" } });
    expect(res.body).toEqual({ improvedText: "Il faro è antichissimo, la notte è buia.", source: "offline" });
  });

  it("generate fills the empty fields with genre-appropriate Italian values the form accepts", async () => {
    const res = await admin.json("POST", "/api/admin/templates/ai/generate", { title: "La Spada del Nord", genre: "Fantasy", fields: { description: "Già scritta dall'admin." } });
    expect(res.body.source).toBe("offline");
    expect(Object.keys(res.body.generatedContent).sort()).toEqual(["forbidden_topics", "initial_prompt", "preferred_vocabulary", "special_instructions", "system_prompt"]);
    const form = { ...FORM, title: "La Spada del Nord", genre: "Fantasy", description: "Già scritta dall'admin.", ...res.body.generatedContent };
    const created = await admin.json("POST", "/api/admin/templates", form);
    expect(created.status).toBe(201);
    expect(created.body.system_prompt).toContain("fantasy");
  });
});
