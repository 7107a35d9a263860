/**
 * Scenarios by players over real HTTP (issue 40 §1), on SQLite and PostgreSQL: a draft is its
 * author's only (every list, page, like, favourite, play and remix refuses it to anyone else);
 * publishing is screened (held → its author only, a report in the queue), refused to a suspended
 * author, limited per day; a published scenario is in 'Scopri' with its author's nickname and on
 * the creator page; reports, restrict and remove work on it; a remix is a new draft crediting the
 * original, which counts its remixes and plays; bad input is a 400 in Italian that saves nothing.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCENARIO_LIMITS } from "../../../shared/schemas/scenario";
import { templatePath } from "../../../shared/slug";
import { DIALECTS, registerPlayer, type TestClient } from "../../testing/harness";
import { type ModerationSite, type Player, startModerationSite } from "../../testing/moderation-site";

const SCENARIO = {
  title: "Il faro dei naufraghi",
  genre: "Avventura",
  description: "Un faro su uno scoglio dove ogni notte approda una barca vuota.",
  first_message: "La barca tocca lo scoglio senza nessuno a bordo, e la lanterna del faro si accende da sola.",
  alternate_openings: ["Il guardiano del faro ti apre la porta prima ancora che tu bussi."],
  story_cards: [{ title: "Il guardiano", text: "Un uomo che non dorme da dieci anni.", keywords: ["guardiano"] }],
};

describe.each(DIALECTS)("scenarios by players on %s", (dialect) => {
  let site: ModerationSite;
  let author: Player;
  let other: Player;
  const nickname = `Marinaia${dialect}`;

  async function named(player: Player, name: string) {
    const res = await player.client.json("PUT", "/api/profile", { nickname: name, firstName: "", lastName: "" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  async function draft(client: TestClient, overrides: Record<string, unknown> = {}): Promise<string> {
    const res = await client.json("POST", "/api/scenarios", { ...SCENARIO, ...overrides });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  async function publish(client: TestClient, id: string) {
    return client.json("POST", `/api/scenarios/${id}/publish`);
  }

  const scopri = async () => JSON.stringify((await site.visitor().json("GET", "/api/templates?limit=48")).body);

  beforeAll(async () => {
    site = await startModerationSite(dialect, 40);
    [author, other] = [await registerPlayer(site.server), await registerPlayer(site.server)];
    await named(author, nickname);
  });
  afterAll(() => site.close());

  it("a draft is its author's only: every list and every address refuses it to a visitor and another player", async () => {
    const id = await draft(author.client);
    const path = templatePath(id, SCENARIO.title);
    const own = await author.client.json("GET", `/api/templates/${id}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id, title: SCENARIO.title, draft: true, author: nickname, initialPrompt: SCENARIO.first_message, remixOf: null });
    expect((await author.client.get(path)).status).toBe(200);

    for (const client of [site.visitor(), other.client]) {
      const refused = await client.json("GET", `/api/templates/${id}`);
      expect(refused.status).toBe(404);
      expect(refused.body.error.message).toBe("Template non trovato.");
      expect((await client.get(path)).status).toBe(404);
    }
    for (const action of ["like", "favorite", "play"]) {
      expect((await other.client.json("POST", `/api/templates/${id}/${action}`, action === "play" ? {} : { value: true })).status).toBe(404);
    }
    expect((await other.client.json("POST", `/api/scenarios/${id}/remix`)).status).toBe(404);
    expect((await other.client.json("POST", `/api/scenarios/${id}/publish`)).status).toBe(404);
    expect(await scopri()).not.toContain(id);
    expect(JSON.stringify((await author.client.json("GET", "/api/templates?limit=48")).body)).not.toContain(id);
    expect(await (await site.visitor().get("/sitemaps/pages.xml")).text()).not.toContain(id);
    expect((await site.visitor().json("GET", `/api/authors/${nickname}`)).status).toBe(404);
    const plays = await site.server.deps.db.selectFrom("saved_games").select("plays").where("id", "=", id).executeTakeFirstOrThrow();
    expect(Number(plays.plays)).toBe(0);

    // Its author may play it to try it, and finds it in 'I miei scenari'.
    expect((await author.client.json("POST", `/api/templates/${id}/play`, {})).status).toBe(201);
    const mine = await author.client.json("GET", "/api/scenarios/mine");
    expect(mine.body.items).toContainEqual(expect.objectContaining({ id, draft: true, path }));
    expect((await other.client.json("GET", "/api/scenarios/mine")).body.items).toEqual([]);
  });

  it("bad input is a 400 in Italian and nothing is saved", async () => {
    const before = await site.server.deps.db.selectFrom("saved_games").select("id").where("user_id", "=", other.id).where("is_template", "=", 1).execute();
    const card = SCENARIO.story_cards[0]!;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "X" }, "Il titolo deve avere almeno 3 caratteri."],
      [{ genre: "Soap" }, "Seleziona un genere"],
      [{ first_message: "breve" }, `L'apertura deve avere almeno ${SCENARIO_LIMITS.openingMin} caratteri.`],
      [{ description: "x".repeat(2001) }, "La descrizione può contenere al massimo 2000 caratteri."],
      [{ alternate_openings: Array(SCENARIO_LIMITS.alternateOpenings + 1).fill(SCENARIO.first_message) }, `Al massimo ${SCENARIO_LIMITS.alternateOpenings} aperture alternative.`],
      [{ story_cards: Array(SCENARIO_LIMITS.cards + 1).fill(card) }, `Al massimo ${SCENARIO_LIMITS.cards} schede del mondo per scenario.`],
      [{ cover_image_url: "javascript:alert(1)" }, "La copertina deve essere un'immagine caricata sul sito."],
    ];
    for (const [override, message] of cases) {
      const res = await other.client.json("POST", "/api/scenarios", { ...SCENARIO, ...override });
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const after = await site.server.deps.db.selectFrom("saved_games").select("id").where("user_id", "=", other.id).where("is_template", "=", 1).execute();
    expect(after).toEqual(before);
  });

  it("a published scenario is in 'Scopri' with its author's nickname and on the creator page, newest first with totals", async () => {
    const first = await draft(author.client, { title: "Prima isola" });
    const second = await draft(author.client, { title: "Seconda isola", description: "<script>alert('x')</script> Un'isola che canta di notte." });
    for (const id of [first, second]) expect((await publish(author.client, id)).body).toEqual({ id, state: "visible" });
    expect((await publish(author.client, first)).status).toBe(409);

    const list = (await site.visitor().json("GET", "/api/templates?limit=48")).body.items as { id: string; author: string | null }[];
    expect(list.find((t) => t.id === first)).toMatchObject({ author: nickname });
    expect((await site.visitor().json("GET", `/api/templates/${first}`)).body).toMatchObject({ draft: false, author: nickname, remixes: 0 });

    expect((await other.client.json("POST", `/api/templates/${first}/play`, {})).status).toBe(201);
    expect((await other.client.json("POST", `/api/templates/${second}/like`, { value: true })).status).toBe(200);
    // Any spelling of the nickname reaches the page.
    const page = await site.visitor().json("GET", `/api/authors/${encodeURIComponent(nickname.toUpperCase())}`);
    expect(page.status).toBe(200);
    expect(page.body.nickname).toBe(nickname);
    expect(page.body.scenarios.map((s: { id: string }) => s.id).slice(0, 2)).toEqual([second, first]);
    expect(page.body).toMatchObject({ plays: 1, likes: 1 });
    // The texts come back as text, never as markup.
    expect(page.body.scenarios[0].description).toBe("<script>alert('x')</script> Un'isola che canta di notte.");
    expect((await site.visitor().json("GET", "/api/authors/nessuno-cosi")).status).toBe(404);
    // The creator page's own address: its head names the author; an unknown one is a 404.
    const html = await (await site.visitor().get(`/autore/${nickname}`)).text();
    expect(html).toContain(`<title>${nickname}`);
    expect((await site.visitor().get("/autore/nessuno-cosi")).status).toBe(404);
  });

  it("a remix is a new draft of the remixer crediting the original, which counts its remixes", async () => {
    const original = await draft(author.client, { title: "Il porto delle nebbie" });
    await publish(author.client, original);
    const remix = await other.client.json("POST", `/api/scenarios/${original}/remix`);
    expect(remix.status).toBe(201);
    const copy = remix.body.id as string;
    const row = await site.server.deps.db.selectFrom("saved_games").selectAll().where("id", "=", copy).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: other.id, draft: 1, remix_of: original, title: "Il porto delle nebbie", first_message: SCENARIO.first_message });
    expect(Number(row.plays)).toBe(0);
    const page = await other.client.json("GET", `/api/templates/${copy}`);
    expect(page.body).toMatchObject({ draft: true, remixOf: { title: "Il porto delle nebbie", author: nickname, path: templatePath(original, "Il porto delle nebbie") } });
    expect((await site.visitor().json("GET", `/api/templates/${copy}`)).status).toBe(404);
    expect((await site.visitor().json("GET", `/api/templates/${original}`)).body).toMatchObject({ remixes: 1 });
    // A draft is not remixable, not even by its author.
    expect((await other.client.json("POST", `/api/scenarios/${copy}/remix`)).status).toBe(409);
  });

  it("screening holds a flagged scenario for its author only with a report in the queue; moderation removes or restricts it", async () => {
    const id = await draft(author.client, { title: "Un porto VIETATO" });
    const held = await publish(author.client, id);
    expect(held.body).toEqual({ id, state: "held" });
    expect((await site.visitor().json("GET", `/api/templates/${id}`)).status).toBe(404);
    expect((await author.client.json("GET", `/api/templates/${id}`)).status).toBe(200);
    expect(await scopri()).not.toContain(id);
    const queue = await site.server.deps.db.selectFrom("content_reports").select(["source", "status"]).where("content_id", "=", id).execute();
    expect(queue).toEqual([{ source: "screening", status: "open" }]);

    const removed = await draft(author.client, { title: "Da rimuovere" });
    expect((await publish(author.client, removed)).body).toEqual({ id: removed, state: "visible" });
    expect(await scopri()).toContain(removed);
    await site.decide("template", removed, "remove");
    expect((await site.visitor().json("GET", `/api/templates/${removed}`)).status).toBe(410);
    expect(await scopri()).not.toContain(removed);
    expect(JSON.stringify((await site.visitor().json("GET", `/api/authors/${nickname}`)).body)).not.toContain(removed);
    expect((await other.client.json("POST", `/api/scenarios/${removed}/remix`)).status).toBe(410);
    // The decision is addressed to the scenario's author.
    const decision = await site.server.deps.db.selectFrom("moderation_decisions").select("author_user_id").where("content_id", "=", removed).executeTakeFirstOrThrow();
    expect(decision.author_user_id).toBe(author.id);

    const restricted = await draft(author.client, { title: "Da limitare" });
    expect((await publish(author.client, restricted)).body).toEqual({ id: restricted, state: "visible" });
    await site.decide("template", restricted, "restrict");
    expect(await scopri()).not.toContain(restricted);
    const reachable = await site.visitor().json("GET", `/api/templates/${restricted}`);
    expect(reachable.status, JSON.stringify(reachable.body)).toBe(200);
  });

  it("a suspended author cannot publish: 403 in Italian, the scenario stays a draft", async () => {
    const player = await registerPlayer(site.server);
    const id = await draft(player.client);
    const decision = await site.server.deps.db.selectFrom("moderation_decisions").select("id").executeTakeFirstOrThrow();
    await site.server.deps.db.insertInto("publishing_suspensions").values({ user_id: player.id, decision_id: decision.id, created_at: new Date().toISOString() }).execute();
    const refused = await publish(player.client, id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("La possibilità di pubblicare contenuti è sospesa per il tuo account per decisione dei moderatori.");
    const row = await site.server.deps.db.selectFrom("saved_games").select("draft").where("id", "=", id).executeTakeFirstOrThrow();
    expect(Number(row.draft)).toBe(1);
  });

  it("erasing an account deletes its drafts and keeps its published scenarios without the author", async () => {
    const player = await registerPlayer(site.server);
    await named(player, `Passante${dialect}`);
    const kept = await draft(player.client, { title: "Resta pubblicato" });
    expect((await publish(player.client, kept)).status).toBe(200);
    const gone = await draft(player.client, { title: "Bozza che sparisce" });
    expect((await player.client.json("DELETE", "/api/profile", { password: player.password })).status).toBe(200);
    const rows = await site.server.deps.db.selectFrom("saved_games").select(["id", "user_id"]).where("id", "in", [kept, gone]).execute();
    expect(rows).toEqual([{ id: kept, user_id: null }]);
    expect((await site.visitor().json("GET", `/api/templates/${kept}`)).body).toMatchObject({ author: null, draft: false });
  });

  it("drafts and publications are limited per player per day, in Italian", async () => {
    const player = await registerPlayer(site.server);
    const ids: string[] = [];
    for (let i = 0; i < SCENARIO_LIMITS.draftsPerDay; i++) ids.push(await draft(player.client, { title: `Scenario numero ${i}` }));
    const tooMany = await player.client.json("POST", "/api/scenarios", SCENARIO);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.error.message).toBe("Hai creato troppi scenari oggi: potrai crearne altri domani.");
    for (const id of ids.slice(0, SCENARIO_LIMITS.publicationsPerDay)) expect((await publish(player.client, id)).status).toBe(200);
    const refused = await publish(player.client, ids.at(-1)!);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe("Hai pubblicato troppi scenari oggi: potrai pubblicarne altri domani.");
  });
});
