/**
 * The nickname asked at registration (issue 22 §3) over real HTTP, on SQLite and PostgreSQL: it
 * becomes the profile's, is unique whatever the case, is checked with the form's shared schema
 * (Italian messages), and is optional. What the public sees of a player — gallery, image page,
 * the scene pictures of a game, a shared story — is the nickname, else the first name, else
 * nothing ('Utente anonimo' on the web), never the e-mail.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { suggestNickname } from "../../../shared/schemas/profile";
import { nowIso } from "../../platform/clock";
import { appendMessage } from "../story/story-tree";
import { DIALECTS, linkFromMail, newGame, startTestServer, TestClient, type TestServer } from "../../testing/harness";

describe("suggestNickname", () => {
  it("takes the e-mail's local part, without '+tags' or characters a nickname may not hold", () => {
    expect(suggestNickname("mario.rossi@example.com")).toBe("mario.rossi");
    expect(suggestNickname("giulia+storie@example.com")).toBe("giulia");
    expect(suggestNickname("l'orso bruno@example.com")).toBe("lorsobruno");
    expect(suggestNickname("Élise@example.com")).toBe("Élise");
    expect(suggestNickname("ab@example.com")).toBe("");
    expect(suggestNickname("")).toBe("");
    expect(suggestNickname(`${"x".repeat(40)}@example.com`)).toBe("x".repeat(30));
  });
});

describe.each(DIALECTS)("nickname at registration on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** Signs up (with `nickname` when given) and confirms the e-mail. Output: the signed-in client and the sign-up's status and message. */
  async function register(nickname?: string) {
    const email = `n-${randomUUID().slice(0, 8)}@example.com`;
    const client = new TestClient(server.url);
    const signUp = await client.json<{ message?: string }>("POST", "/api/auth/sign-up/email", {
      email, password: "password-sicura-1", name: "x", acceptPrivacy: true, confirmAge: true, callbackURL: "/generi", ...(nickname === undefined ? {} : { nickname }),
    });
    if (signUp.status === 200) {
      const link = new URL(linkFromMail(server, email));
      expect((await client.get(link.pathname + link.search)).status).toBe(302);
    }
    return { client, email, status: signUp.status, message: signUp.body.message };
  }

  it("a chosen nickname is the player's, unique whatever the case; a bad one is refused in Italian; none is fine", async () => {
    const nickname = `Lupo_${randomUUID().slice(0, 6)}`;
    const first = await register(` ${nickname} `);
    expect(first.status).toBe(200);
    expect((await first.client.json("GET", "/api/profile")).body).toMatchObject({ nickname });

    const same = await register(nickname.toUpperCase());
    expect(same).toMatchObject({ status: 409, message: "Questo nickname è già in uso. Scegline un altro." });
    expect(await server.deps.db.selectFrom("user").select("id").where("email", "=", same.email).executeTakeFirst()).toBeUndefined();

    expect(await register("ab")).toMatchObject({ status: 400, message: "Il nickname deve avere da 3 a 30 caratteri." });
    expect(await register("<b>io</b>")).toMatchObject({ status: 400, message: "Il nickname può contenere solo lettere, numeri, punti, trattini e trattini bassi." });

    for (const none of [undefined, ""]) {
      const plain = await register(none);
      expect(plain.status).toBe(200);
      expect((await plain.client.json("GET", "/api/profile")).body).toMatchObject({ nickname: null });
    }
  });

  it("the gallery, the image page, a game's scene pictures and a shared story show the nickname, else the first name", async () => {
    const nickname = `Volpe_${randomUUID().slice(0, 6)}`;
    const named = await register(nickname);
    const plain = await register();
    const visitor = new TestClient(server.url);

    /** A scene picture of a new game of `player`, and the game shared and listed. Output: the image and game ids. */
    async function pictureAndShare(player: Awaited<ReturnType<typeof register>>) {
      const me = await player.client.json<{ user: { id: string } }>("GET", "/api/me");
      const gameId = await newGame(player.client);
      const id = randomUUID();
      const url = `/media/images/test/${id}.png`;
      const db = server.deps.db;
      await db.insertInto("generated_images").values({ id, user_id: me.body.user.id, image_url: url, prompt: "La torre", created_at: nowIso(), slug: "la-torre", width: 64, height: 36 }).execute();
      await db.transaction().execute((trx) => appendMessage(trx, { game_id: gameId, user_id: me.body.user.id, role: "assistant", content: "La torre", image_url: url, created_at: nowIso() }));
      expect((await player.client.json("PUT", `/api/games/${gameId}/share`, { showNickname: true, listed: true })).status).toBe(201);
      return { id, gameId };
    }

    /** What the public reads as the author of `player`'s picture and story, and what the player's own game shows. */
    async function shownAs(player: Awaited<ReturnType<typeof register>>) {
      const { id, gameId } = await pictureAndShare(player);
      const image = await visitor.json("GET", `/api/images/${id}`);
      const gallery = await visitor.json("GET", "/api/images?limit=48");
      const shares = await visitor.json("GET", "/api/shares?limit=48");
      const game = await player.client.json("GET", `/api/games/${gameId}`);
      return {
        image: image.body.creator,
        gallery: gallery.body.items.find((i: { id: string }) => i.id === id)?.creator,
        share: shares.body.items.find((s: { title: string; nickname: string | null }) => s.title === game.body.title)?.nickname,
        scene: game.body.messages.find((m: { imageUrl: string | null }) => m.imageUrl)?.image?.creator,
      };
    }

    expect(await shownAs(named)).toEqual({ image: nickname, gallery: nickname, share: nickname, scene: nickname });
    expect(await shownAs(plain)).toEqual({ image: null, gallery: null, share: null, scene: null });
    expect((await plain.client.json("PUT", "/api/profile", { nickname: "", firstName: "Giulia", lastName: "Bianchi" })).status).toBe(200);
    expect(await shownAs(plain)).toEqual({ image: "Giulia", gallery: "Giulia", share: "Giulia", scene: "Giulia" });
  });
});
