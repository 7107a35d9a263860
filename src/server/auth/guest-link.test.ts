/**
 * 'Salva le tue storie' (issue 22 §1) over real HTTP, on SQLite and PostgreSQL: a 'Tutorial'
 * guest plays, likes and saves a template, then registers with e-mail and password in the same
 * browser; confirming the e-mail signs it in as the new account, which has everything the guest
 * had (the game and its turns, the like, the favourite, today's message count), and the guest
 * account is gone.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, linkFromMail, signIn, startTestServer, TestClient, type TestServer } from "../testing/harness";

const ADMIN = { email: "admin-link@example.com", password: "password-admin-link" };

describe.each(DIALECTS)("a guest saving its stories on %s", (dialect) => {
  let server: TestServer;
  let templateId: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    const created = await admin.json<{ id: string }>("POST", "/api/admin/templates", {
      title: "La nave fantasma",
      description: "Una nave torna in porto ogni cento anni.",
      genre: "Avventura",
      initial_prompt: "La nebbia si apre e la nave attracca al molo.",
    });
    expect(created.status).toBe(201);
    templateId = created.body.id;
  });
  afterAll(() => server.close());

  it("registers and keeps its game and turns, its like and favourite and its counters; the guest account is gone", async () => {
    const guest = new TestClient(server.url);
    expect((await guest.json("POST", "/api/auth/sign-in/anonymous", {})).status).toBe(200);
    const guestMe = await guest.json<{ user: { id: string; isAnonymous: boolean } }>("GET", "/api/me");
    expect(guestMe.body.user.isAnonymous).toBe(true);
    const game = await guest.json<{ id: string }>("POST", "/api/games", { genre: "fantasy" });
    expect(game.status).toBe(201);
    for (const content of ["/inizia", "/A"]) {
      const turn = await guest.request("POST", `/api/games/${game.body.id}/messages`, { content });
      expect(turn.status).toBe(200);
      await turn.text();
    }
    expect((await guest.json("POST", `/api/templates/${templateId}/like`, { value: true })).status).toBe(200);
    expect((await guest.json("POST", `/api/templates/${templateId}/favorite`, { value: true })).status).toBe(200);
    const before = await guest.json("GET", `/api/games/${game.body.id}`);

    // Registration from the guest's browser: the confirmation link signs the new account in there.
    const email = `salvata-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await guest.json("POST", "/api/auth/sign-up/email", { email, password: "password-sicura-1", name: "x", acceptPrivacy: true, confirmAge: true, callbackURL: "/profilo" });
    expect(signUp.status).toBe(200);
    const link = new URL(linkFromMail(server, email));
    expect((await guest.get(link.pathname + link.search)).status).toBe(302);

    const me = await guest.json<{ user: { id: string; email: string; isAnonymous: boolean }; tokens: { messagesSent: number } }>("GET", "/api/me");
    expect(me.body.user).toMatchObject({ email, isAnonymous: false });
    expect(me.body.user.id).not.toBe(guestMe.body.user.id);
    expect(me.body.tokens.messagesSent).toBe(2);
    const games = await guest.json<{ id: string }[]>("GET", "/api/profile/games");
    expect(games.body.map((g) => g.id)).toEqual([game.body.id]);
    const after = await guest.json("GET", `/api/games/${game.body.id}`);
    expect(after.status).toBe(200);
    expect(after.body.messages).toEqual(before.body.messages);
    expect(after.body.messages.filter((m: { role: string }) => m.role === "assistant")).toHaveLength(2);
    expect((await guest.json("GET", `/api/templates/${templateId}`)).body).toMatchObject({ liked: true, favorited: true, likes: 1 });

    // The guest account and its session are gone; nothing of it is left behind.
    expect(await server.deps.db.selectFrom("user").select("id").where("id", "=", guestMe.body.user.id).executeTakeFirst()).toBeUndefined();
    expect(await server.deps.db.selectFrom("saved_games").select("id").where("user_id", "=", guestMe.body.user.id).execute()).toEqual([]);
  });
});
