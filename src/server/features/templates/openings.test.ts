/**
 * Choosing a scenario's opening at play, and a private draft's page actions (issue 40 §1), over
 * real HTTP on SQLite and PostgreSQL: the detail lists the openings as stored; POST
 * /api/templates/:id/play {opening} starts the story with the chosen one ({{user}}/{{char}}
 * replaced); an index past its openings or not an integer is a 400 in Italian that counts no play
 * and saves no game; another player's draft stays a 404 whatever the index. A draft takes no like,
 * favourite or report, not even from its author.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../../testing/harness";
import { type ModerationSite, type Player, startModerationSite } from "../../testing/moderation-site";
import { registerPlayer } from "../../testing/harness";

const SCENARIO = {
  title: "La locanda delle tre lune",
  genre: "Fantasy",
  description: "Una locanda al crocevia dove ogni notte sorge una luna diversa.",
  first_message: "La porta della locanda si apre da sola, {{user}}, e l'oste ti aspetta già.",
  alternate_openings: [
    "Ti svegli nella stalla della locanda, {{user}}, con un cavallo che ti fissa.",
    "{{char}} ti accoglie: «{{user}}, la terza luna è sorta e nessuno sa perché».",
  ],
  story_cards: [],
};

const INVALID = "Scegli uno degli inizi proposti.";

describe.each(DIALECTS)("openings and drafts on %s", (dialect) => {
  let site: ModerationSite;
  let author: Player;
  let other: Player;
  const nickname = `Locandiera${dialect}`;

  async function draft(player: Player): Promise<string> {
    const res = await player.client.json("POST", "/api/scenarios", SCENARIO);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  }

  /** The games copied from the template and its plays. */
  async function copies(templateId: string) {
    const { db } = site.server.deps;
    const games = await db.selectFrom("saved_games").select("id").where("template_id", "=", templateId).execute();
    const row = await db.selectFrom("saved_games").select("plays").where("id", "=", templateId).executeTakeFirstOrThrow();
    return { games: games.length, plays: Number(row.plays) };
  }

  async function openingOf(player: Player, gameId: string): Promise<string> {
    const game = await player.client.json("GET", `/api/games/${gameId}`);
    expect(game.status).toBe(200);
    return game.body.messages[0].content as string;
  }

  beforeAll(async () => {
    site = await startModerationSite(dialect, 46);
    [author, other] = [await registerPlayer(site.server), await registerPlayer(site.server)];
    const named = await author.client.json("PUT", "/api/profile", { nickname, firstName: "", lastName: "" });
    expect(named.status).toBe(200);
  });
  afterAll(() => site.close());

  it("the detail lists the openings as stored; the chosen one starts the story with the macros replaced", async () => {
    const id = await draft(author);
    const detail = await author.client.json("GET", `/api/templates/${id}`);
    expect(detail.body.openings).toEqual([SCENARIO.first_message, ...SCENARIO.alternate_openings]);

    const second = await author.client.json("POST", `/api/templates/${id}/play`, { opening: 2 });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(await openingOf(author, second.body.id)).toBe(`${SCENARIO.title} ti accoglie: «${nickname}, la terza luna è sorta e nessuno sa perché».`);

    const first = await author.client.json("POST", `/api/templates/${id}/play`, { opening: 1 });
    expect(await openingOf(author, first.body.id)).toBe(`Ti svegli nella stalla della locanda, ${nickname}, con un cavallo che ti fissa.`);

    // No body (the saved templates' 'Gioca') and an empty one: the first message.
    for (const body of [undefined, {}]) {
      const plain = await author.client.json("POST", `/api/templates/${id}/play`, body);
      expect(plain.status).toBe(201);
      expect(await openingOf(author, plain.body.id)).toBe(`La porta della locanda si apre da sola, ${nickname}, e l'oste ti aspetta già.`);
    }
    expect(await copies(id)).toEqual({ games: 4, plays: 4 });
  });

  it("an opening past the scenario's, negative, fractional, a string or huge is a 400 in Italian: no play, no game", async () => {
    const id = await draft(author);
    for (const opening of [3, 20, 21, -1, 1.5, "1", null, 1e12, Number.MAX_SAFE_INTEGER + 2]) {
      const res = await author.client.json("POST", `/api/templates/${id}/play`, { opening });
      expect(res.status, `${String(opening)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.error.message).toBe(INVALID);
    }
    expect(await copies(id)).toEqual({ games: 0, plays: 0 });
  });

  it("a template without alternatives has one opening; another player's draft is a 404 whatever the index", async () => {
    const created = await site.admin.json("POST", "/api/admin/templates", {
      title: "Il pozzo dei desideri",
      genre: "Fantasy",
      description: "Un pozzo che esaudisce un desiderio solo a chi non ne ha.",
      initial_prompt: "Ti sporgi sul pozzo e senti una voce che ti chiama per nome.",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const site_id = created.body.id as string;
    expect((await other.client.json("GET", `/api/templates/${site_id}`)).body.openings).toEqual(["Ti sporgi sul pozzo e senti una voce che ti chiama per nome."]);
    expect((await other.client.json("POST", `/api/templates/${site_id}/play`, { opening: 1 })).status).toBe(400);
    expect(await copies(site_id)).toEqual({ games: 0, plays: 0 });

    const id = await draft(author);
    for (const opening of [0, 1, 5]) expect((await other.client.json("POST", `/api/templates/${id}/play`, { opening })).status).toBe(404);
    expect(await copies(id)).toEqual({ games: 0, plays: 0 });
  });

  it("a draft takes no like, favourite or report, not even its author's; published, it takes them", async () => {
    const id = await draft(author);
    for (const action of ["like", "favorite"]) {
      const res = await author.client.json("POST", `/api/templates/${id}/${action}`, { value: true });
      expect(res.status, action).toBe(404);
      expect(res.body.error.message).toBe("Template non trovato.");
    }
    const { db } = site.server.deps;
    expect(await db.selectFrom("template_likes").select("id").where("template_id", "=", id).execute()).toHaveLength(0);
    expect(await db.selectFrom("user_favorites").select("id").where("template_id", "=", id).execute()).toHaveLength(0);
    expect(Number((await db.selectFrom("saved_games").select("likes_count").where("id", "=", id).executeTakeFirstOrThrow()).likes_count)).toBe(0);

    // A forged report of someone's draft: 404, its title never told, nothing in the queue.
    for (const client of [site.visitor(), other.client, author.client]) {
      const target = await client.json("GET", `/api/reports/target/template/${id}`);
      expect(target.status).toBe(404);
      expect(JSON.stringify(target.body)).not.toContain(SCENARIO.title);
      const report = await client.json("POST", "/api/reports", { kind: "template", contentId: id, reason: "odio_molestie", explanation: "", email: "", goodFaith: true });
      expect(report.status).toBe(404);
    }
    expect(await db.selectFrom("content_reports").select("id").where("content_id", "=", id).execute()).toHaveLength(0);

    expect((await author.client.json("POST", `/api/scenarios/${id}/publish`)).status).toBe(200);
    expect((await author.client.json("POST", `/api/templates/${id}/like`, { value: true })).body).toEqual({ liked: true, likes: 1 });
    expect((await other.client.json("POST", `/api/templates/${id}/favorite`, { value: true })).body).toEqual({ favorited: true });
    expect((await site.visitor().json("GET", `/api/reports/target/template/${id}`)).status).toBe(200);
  });
});
