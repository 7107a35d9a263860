/**
 * Who decides, and what a reversal gives back (issue 36 findings 5 and 19), over real HTTP on
 * SQLite and PostgreSQL, with two moderators and an admin:
 * - nobody decides the reports or the appeal of an item they wrote (image owner, story owner, a
 *   player who wrote in a group story, a template's creator or editor), whatever their role: the
 *   queue marks the item as not theirs and the server answers 403 CONFLICT_OF_INTEREST;
 * - a reversed decision restores exactly what it changed: the state before (restricted stays
 *   restricted), a story's place in 'Storie condivise', and the suspension it imposed, while a
 *   later decision that still stands is kept.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../../platform/clock";
import { DIALECTS, newGame, readEvents, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { tempWebRoot } from "../../testing/web-root";

const ADMIN_EMAIL = "admin-conflitti@example.com";
const ADMIN_PASSWORD = "password-admin-conflitti";
const CONFLICT = "Non puoi decidere su un contenuto che hai scritto tu: lo deciderà un altro moderatore.";

type Player = Awaited<ReturnType<typeof registerPlayer>>;
type Client = TestClient;

const removal = { action: "remove", groundType: "termini", ground: "Regole della community: violenza", facts: "Il contenuto mostra una violenza gratuita." };
const restriction = { ...removal, action: "restrict" };
const templateForm = (title: string) => ({
  title,
  description: "Un template per la prova dei conflitti di interesse.",
  genre: "Fantasy",
  cover_image_url: "",
  initial_prompt: "Il viaggio comincia all'alba, sulla strada per la capitale.",
});

describe.each(DIALECTS)("moderation decisions on %s", (dialect) => {
  let server: TestServer;
  let web: ReturnType<typeof tempWebRoot>;
  let admin: Client;
  let first: Player;
  let second: Player;
  let addressCounter = 0;

  const setRole = async (player: Player, role: "moderator" | "admin") => {
    const res = await admin.json("PUT", `/api/admin/users/${player.id}`, { email: player.email, role, plan: "base" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  /** A visitor's report ('Segnala') from an address of its own. */
  const report = async (kind: string, contentId: string) => {
    const visitor = new TestClient(server.url, `127.0.36.${++addressCounter}`);
    const res = await visitor.json("POST", "/api/reports", { kind, contentId, reason: "violenza", explanation: "", email: "", goodFaith: true });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };

  const decide = (client: Client, kind: string, id: string, body: object) => client.json("POST", `/api/moderation/items/${kind}/${id}/decision`, body);

  /** A gallery image of `userId`, stored as /visualizza would. */
  async function addImage(userId: string) {
    const id = randomUUID();
    await server.deps.db
      .insertInto("generated_images")
      .values({ id, user_id: userId, image_url: `/media/images/test/${id}.png`, prompt: "La torre nella nebbia", created_at: nowIso(), slug: "la-torre", width: 64, height: 36 })
      .execute();
    return id;
  }

  /** A story of `owner` shared with 'Mostra nella galleria' checked. Output: {gameId, shareId, path}. */
  async function sharedStory(owner: Player, gameId?: string) {
    const game = gameId ?? (await newGame(owner.client));
    const shared = await owner.client.json("PUT", `/api/games/${game}/share`, { showNickname: true, listed: true });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    return { gameId: game, shareId: shared.body.id as string, path: shared.body.path as string };
  }

  /** The author contests a decision; output: the appeal's id as the queue lists it. */
  async function appeal(author: Player, decisionId: string) {
    expect((await author.client.json("POST", `/api/decisions/${decisionId}/appeal`, { text: "Non viola nessuna regola del sito." })).status).toBe(201);
    const appeals = await admin.json("GET", "/api/moderation/appeals");
    return appeals.body.find((a: { decision: { id: string } }) => a.decision.id === decisionId).id as string;
  }

  const queueItem = async (client: Client, id: string) => (await client.json("GET", "/api/moderation/queue")).body.items.find((i: { id: string }) => i.id === id);
  const sharedList = async () => (await new TestClient(server.url).json("GET", "/api/shares?limit=48")).body.items.map((s: { id: string }) => s.id);

  beforeAll(async () => {
    web = tempWebRoot();
    server = await startTestServer(dialect, { webRoot: web.root, env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    first = await registerPlayer(server);
    second = await registerPlayer(server);
    await setRole(first, "moderator");
    await setRole(second, "moderator");
  });
  afterAll(async () => {
    await server.close();
    web.remove();
  });

  describe("finding 5: nobody decides on what they wrote", () => {
    it("a moderator cannot keep a report on their own story; the queue marks it not theirs; another moderator decides", async () => {
      const story = await sharedStory(first);
      await report("story", story.shareId);

      const refused = await decide(first.client, "story", story.shareId, { action: "keep" });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: "CONFLICT_OF_INTEREST", message: CONFLICT });
      // Nothing was decided: the report waits for someone else, and the queue says whose it is.
      expect(await queueItem(first.client, story.shareId)).toMatchObject({ canDecide: false, conflict: "author" });
      expect(await queueItem(second.client, story.shareId)).toMatchObject({ canDecide: true, conflict: null });
      expect((await decide(second.client, "story", story.shareId, restriction)).status).toBe(200);
    });

    it("a moderator whose picture another removed cannot decide their own appeal; the one who decided cannot either", async () => {
      const image = await addImage(first.id);
      await report("image", image);
      const removed = await decide(second.client, "image", image, removal);
      expect(removed.status).toBe(200);
      const appealId = await appeal(first, removed.body.decisionId);

      const listed = (await first.client.json("GET", "/api/moderation/appeals")).body.find((a: { id: string }) => a.id === appealId);
      expect(listed).toMatchObject({ canDecide: false, conflict: "author" });
      const own = await first.client.json("POST", `/api/moderation/appeals/${appealId}/decision`, { outcome: "reversed", reasons: "La mia immagine va bene." });
      expect(own.status).toBe(403);
      expect(own.body.error).toMatchObject({ code: "CONFLICT_OF_INTEREST", message: CONFLICT });
      expect((await new TestClient(server.url).json("GET", `/api/images/${image}`)).status).toBe(410);
      const same = await second.client.json("POST", `/api/moderation/appeals/${appealId}/decision`, { outcome: "upheld", reasons: "Confermo la mia decisione." });
      expect(same.status).toBe(409);
      expect(same.body.error.code).toBe("APPEAL_SAME_MODERATOR");
      expect((await admin.json("POST", `/api/moderation/appeals/${appealId}/decision`, { outcome: "upheld", reasons: "La violenza è gratuita." })).status).toBe(200);
    });

    it("an admin who created a template, and an admin who edited it, do not decide its reports", async () => {
      const created = await admin.json("POST", "/api/admin/templates", templateForm("La strada dei conflitti"));
      expect(created.status).toBe(201);
      const editor = await registerPlayer(server);
      await setRole(editor, "admin");
      const edited = await editor.client.json("PUT", `/api/admin/templates/${created.body.id}`, { ...templateForm("La strada dei conflitti, seconda edizione"), version: 1 });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      await report("template", created.body.id);

      for (const writer of [admin, editor.client]) {
        expect(await queueItem(writer, created.body.id)).toMatchObject({ canDecide: false, conflict: "author" });
        expect((await decide(writer, "template", created.body.id, { action: "keep" })).body.error?.code).toBe("CONFLICT_OF_INTEREST");
      }
      expect((await decide(first.client, "template", created.body.id, { action: "keep" })).status).toBe(200);
    });

    it("a moderator who wrote a turn in someone's group story does not decide its reports", async () => {
      const host = await registerPlayer(server);
      const gameId = await newGame(host.client);
      const invitation = await host.client.json("POST", `/api/games/${gameId}/invitations`);
      const token = invitation.body.url.split("/").at(-1);
      expect((await first.client.json("POST", `/api/invitations/${token}/join`, { characterName: "Bruna", characterLine: "Una ladra gentile." })).status).toBe(200);
      expect((await readEvents(await host.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }))).at(-1)?.event).toBe("done");
      expect((await readEvents(await first.client.post(`/api/games/${gameId}/messages`, { content: "Apro la porta della cripta" }))).at(-1)?.event).toBe("done");
      const story = await sharedStory(host, gameId);
      await report("story", story.shareId);

      expect(await queueItem(first.client, story.shareId)).toMatchObject({ canDecide: false, conflict: "author" });
      expect((await decide(first.client, "story", story.shareId, { action: "keep" })).status).toBe(403);
      expect((await decide(second.client, "story", story.shareId, { action: "keep" })).status).toBe(200);
    });
  });

  describe("finding 19: a reversal restores exactly what the decision changed", () => {
    it("an upheld appeal puts a removed story back in 'Storie condivise' with 'Mostra nella galleria' checked", async () => {
      const author = await registerPlayer(server);
      const story = await sharedStory(author);
      await report("story", story.shareId);
      const removed = await decide(first.client, "story", story.shareId, removal);
      expect(removed.status).toBe(200);
      expect(await sharedList()).not.toContain(story.shareId);

      const appealId = await appeal(author, removed.body.decisionId);
      expect((await second.client.json("POST", `/api/moderation/appeals/${appealId}/decision`, { outcome: "reversed", reasons: "È finzione." })).status).toBe(200);
      expect((await new TestClient(server.url).get(story.path)).status).toBe(200);
      expect(await sharedList()).toContain(story.shareId);
      expect((await author.client.json("GET", `/api/games/${story.gameId}/share`)).body.share).toMatchObject({ listed: true, takenDownAt: null });
      const notice = (await author.client.json("GET", "/api/notifications")).body.find((n: { title: string }) => n.title === "Ricorso accolto");
      expect(notice.content).toContain("il contenuto è di nuovo pubblico");
    });

    it("a restriction under a later removal: each reversal gives back its own step, in either order", async () => {
      const author = await registerPlayer(server);
      const visitor = new TestClient(server.url);
      const galleryIds = async () => (await visitor.json("GET", "/api/images?limit=60")).body.items.map((i: { id: string }) => i.id);
      for (const order of [["removal", "restriction"], ["restriction", "removal"]] as const) {
        const image = await addImage(author.id);
        await report("image", image);
        const restricted = await decide(first.client, "image", image, restriction);
        await report("image", image);
        const removed = await decide(second.client, "image", image, removal);
        const decisions = { restriction: restricted.body.decisionId as string, removal: removed.body.decisionId as string };
        const appeals = { restriction: await appeal(author, decisions.restriction), removal: await appeal(author, decisions.removal) };

        expect((await admin.json("POST", `/api/moderation/appeals/${appeals[order[0]]}/decision`, { outcome: "reversed", reasons: "Annullata." })).status).toBe(200);
        // Reversing the removal first leaves the restriction; reversing the restriction first leaves the removal.
        expect((await visitor.json("GET", `/api/images/${image}`)).status, order.join()).toBe(order[0] === "removal" ? 200 : 410);
        expect(await galleryIds()).not.toContain(image);
        expect((await admin.json("POST", `/api/moderation/appeals/${appeals[order[1]]}/decision`, { outcome: "reversed", reasons: "Annullata." })).status).toBe(200);
        expect((await visitor.json("GET", `/api/images/${image}`)).status, order.join()).toBe(200);
        expect(await galleryIds(), order.join()).toContain(image);
      }
      // The author is told when a reversal leaves the item under a later decision.
      const notices = (await author.client.json("GET", "/api/notifications")).body.map((n: { content: string }) => n.content);
      expect(notices.filter((c: string) => c.includes("ma sul contenuto resta valido un esame successivo dei moderatori"))).toHaveLength(1);
    });

    it("reversing one decision lifts only its own suspension: another standing decision keeps the author suspended", async () => {
      const author = await registerPlayer(server);
      const decisionIds: string[] = [];
      for (const moderator of [first, second]) {
        const image = await addImage(author.id);
        await report("image", image);
        const removed = await decide(moderator.client, "image", image, { ...removal, suspendAuthor: true });
        expect(removed.status).toBe(200);
        decisionIds.push(removed.body.decisionId);
      }
      const shareRefused = async () => (await author.client.json("PUT", `/api/games/${await newGame(author.client)}/share`, { showNickname: false, listed: false })).status;
      expect(await shareRefused()).toBe(403);

      const reverse = async (decisionId: string) => {
        const appealId = await appeal(author, decisionId);
        expect((await admin.json("POST", `/api/moderation/appeals/${appealId}/decision`, { outcome: "reversed", reasons: "Annullata." })).status).toBe(200);
      };
      await reverse(decisionIds[0]!);
      expect(await shareRefused()).toBe(403);
      await reverse(decisionIds[1]!);
      expect(await shareRefused()).toBe(201);
    });
  });
});
