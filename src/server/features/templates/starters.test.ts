/**
 * The starter scenarios (issue 40 §4 'A site that is never empty') over real HTTP, on SQLite and
 * PostgreSQL: a fresh install lists at least one per genre in 'Scopri', by 'Storie.ai', each with
 * two or three world cards; playing one opens on its opening; seeding is idempotent across
 * restarts and a starter an admin deleted stays deleted; an admin unpublishes one like any template.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENRES } from "../../../shared/genres";
import { storyCardsSchema } from "../../../shared/schemas/memory";
import { STARTER_SCENARIOS } from "../../platform/db/starter-scenarios";
import { DIALECTS, registerPlayer, restartTestServer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const ADMIN = { email: "capo-starter@example.com", password: "password-admin-1" };
const ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, STARTER_SCENARIOS: "on", REQUIRE_ADMIN_2FA: "off" };

type Card = { id: string; title: string; genre: string; author: string | null };

describe.each(DIALECTS)("starter scenarios on %s", (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: ENV });
  });
  afterAll(() => server.close());

  const scopri = async (): Promise<Card[]> => (await new TestClient(server.url).json("GET", "/api/templates?limit=48")).body.items;

  it("a fresh install lists at least one starter per genre in 'Scopri', by 'Storie.ai', with two or three world cards", async () => {
    const items = await scopri();
    for (const genre of GENRES) expect(items.filter((t) => t.genre === genre && t.author === "Storie.ai").length, genre).toBeGreaterThanOrEqual(1);
    for (const starter of STARTER_SCENARIOS) {
      expect(starter.cards.length).toBeGreaterThanOrEqual(2);
      expect(starter.cards.length).toBeLessThanOrEqual(3);
    }
    const detail = await new TestClient(server.url).json("GET", `/api/templates/${STARTER_SCENARIOS[0]!.id}`);
    expect(detail.body).toMatchObject({ starter: true, author: "Storie.ai", draft: false, initialPrompt: STARTER_SCENARIOS[0]!.opening });
    // The landing page's 'Storie da giocare' reads the same list: it is never empty on a fresh install.
    expect(items.length).toBeGreaterThanOrEqual(GENRES.length);
  });

  it("playing a starter opens on its opening and copies its world cards", async () => {
    const player = await registerPlayer(server);
    const starter = STARTER_SCENARIOS[2]!;
    const played = await player.client.json("POST", `/api/templates/${starter.id}/play`, {});
    expect(played.status).toBe(201);
    const messages = await server.deps.db.selectFrom("chat_messages").select(["role", "content"]).where("game_id", "=", played.body.id).execute();
    expect(messages).toEqual([{ role: "assistant", content: starter.opening }]);
    const game = await server.deps.db.selectFrom("saved_games").select(["story_cards", "system_prompt"]).where("id", "=", played.body.id).executeTakeFirstOrThrow();
    // The starter's cards as the site reads them: the fields a starter leaves out take their defaults (keyword card, enabled, order 100).
    expect(JSON.parse(game.story_cards!)).toEqual(storyCardsSchema.parse(starter.cards));
    expect(game.system_prompt).toContain(starter.title);
  });

  it("seeding is idempotent across restarts, a deleted starter stays deleted, and an admin unpublishes one", async () => {
    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    const gone = STARTER_SCENARIOS[1]!.id;
    expect((await admin.json("DELETE", `/api/admin/templates/${gone}`)).status).toBe(200);
    server = await restartTestServer(server, { env: ENV });
    const starters = await server.deps.db.selectFrom("saved_games").select("id").where("starter", "=", 1).execute();
    expect(starters.length).toBe(STARTER_SCENARIOS.length - 1);
    expect(starters.map((s) => s.id)).not.toContain(gone);

    expect((await scopri()).map((t) => t.id)).not.toContain(gone);

    // Besides 'Elimina' in the admin templates, a moderation decision ('Limita') takes one out of 'Scopri'.
    const admin2 = await signIn(server, ADMIN.email, ADMIN.password);
    const restricted = STARTER_SCENARIOS[3]!.id;
    const listed = await admin2.json("GET", "/api/admin/templates?limit=48");
    expect(listed.body.items.map((t: { id: string }) => t.id)).toContain(restricted);
    const report = { kind: "template", contentId: restricted, reason: "odio_molestie", explanation: "", email: "", goodFaith: true };
    expect((await new TestClient(server.url).json("POST", "/api/reports", report)).status).toBe(201);
    const decided = await admin2.json("POST", `/api/moderation/items/template/${restricted}/decision`, { action: "restrict", groundType: "termini", ground: "Regole della community", facts: "Tolto da Scopri." });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect((await scopri()).map((t) => t.id)).not.toContain(restricted);
  });
});
