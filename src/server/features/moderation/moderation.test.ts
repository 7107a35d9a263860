/**
 * Trust and safety over real HTTP (issue 23), on SQLite and PostgreSQL: reports by visitors and
 * players with their limits and merging, the queue for moderators only, decisions with their
 * statement of reasons in the author's bell, 410 for removed content, appeals decided by another
 * moderator, the monthly CSV, screening with a fake moderation endpoint, and the age box.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../testing/fake-openai";
import { addGalleryImage } from "../../testing/gallery-image";
import { DIALECTS, newGame, readEvents, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { tempWebRoot } from "../../testing/web-root";
import { REPORTS_PER_ACCOUNT, REPORTS_PER_ADDRESS } from "./reports.service";

const ADMIN_EMAIL = "admin-moderazione@example.com";
const ADMIN_PASSWORD = "password-admin-moderazione";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

const report = (kind: string, contentId: string, extra: Record<string, unknown> = {}) => ({ kind, contentId, reason: "violenza", explanation: "", email: "", goodFaith: true, ...extra });

describe.each(DIALECTS)("moderation on %s", (dialect) => {
  let server: TestServer;
  let fake: FakeOpenAI;
  let web: ReturnType<typeof tempWebRoot>;
  let admin: TestClient;
  let moderator: Player;
  let author: Player;
  let addressCounter = 0;
  /** A visitor at an address of its own (every 127.x.y.z is this machine). */
  const visitorAt = () => new TestClient(server.url, `127.0.23.${++addressCounter}`);

  /** A gallery image of `userId`, stored as /visualizza would. */
  const addImage = (userId: string, title = "La torre nella nebbia") => addGalleryImage(server, userId, title);

  const setRole = async (player: Player, role: "moderator" | "user", plan = "base") => {
    const res = await admin.json("PUT", `/api/admin/users/${player.id}`, { email: player.email, role, plan });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    web = tempWebRoot();
    server = await startTestServer(dialect, {
      webRoot: web.root,
      env: { ADMIN_EMAIL, ADMIN_PASSWORD, MODERATION_MODEL: "fake-moderation", MODERATION_BASE_URL: fake.url, PUBLIC_URL: "https://storie.example" },
    });
    admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    moderator = await registerPlayer(server);
    await setRole(moderator, "moderator");
    author = await registerPlayer(server);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
    web.remove();
  });

  it("refuses a registration without 'Ho almeno 14 anni' in Italian, and stores the time of consent with it", async () => {
    const client = new TestClient(server.url);
    const email = `eta-${randomUUID().slice(0, 8)}@example.com`;
    const refused = await client.json("POST", "/api/auth/sign-up/email", { email, password: "password-sicura-1", name: "x", acceptPrivacy: true, callbackURL: "/generi" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Devi avere almeno 14 anni per registrarti: conferma la tua età.");
    expect(await server.deps.db.selectFrom("user").select("id").where("email", "=", email).execute()).toEqual([]);

    const player = await registerPlayer(server);
    const profile = await server.deps.db.selectFrom("profiles").select("age_confirmed_at").where("id", "=", player.id).executeTakeFirstOrThrow();
    expect(profile.age_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await player.client.json("GET", "/api/me")).body).toMatchObject({ ageConfirmationNeeded: false, isModerator: false });

    // An account made before the box existed is asked once, until it confirms.
    await server.deps.db.updateTable("profiles").set({ age_confirmed_at: null }).where("id", "=", player.id).execute();
    expect((await player.client.json("GET", "/api/me")).body.ageConfirmationNeeded).toBe(true);
    expect((await player.client.json("POST", "/api/me/age", {})).status).toBe(400);
    const confirmed = await player.client.json("POST", "/api/me/age", { confirmAge: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.ageConfirmationNeeded).toBe(false);
  });

  it("validates the report form with Italian messages and bounded lengths", async () => {
    const image = await addImage(author.id);
    const visitor = visitorAt();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [report("image", image, { reason: "altro" }), 400, /Spiega il problema/],
      [report("image", image, { reason: "diritto_autore_privacy", explanation: "breve" }), 400, /Spiega il problema/],
      [report("image", image, { goodFaith: false }), 400, /buona fede/],
      [report("image", image, { explanation: "x".repeat(2001) }), 400, /al massimo 2000/],
      [report("image", image, { email: "non-una-email" }), 400, /email valida/],
      [report("image", image, { reason: "boh" }), 400, /motivo/],
      [report("video", image), 400, /Contenuto non valido/],
      [report("image", randomUUID()), 404, /Contenuto non trovato/],
    ];
    for (const [body, status, message] of cases) {
      const res = await visitor.json("POST", "/api/reports", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toMatch(message);
    }
  });

  it("merges a repeat report of the same item by the same person, and limits reports per address", async () => {
    const image = await addImage(author.id);
    const visitor = visitorAt();
    const first = await visitor.json("POST", "/api/reports", report("image", image, { email: "Testimone@Example.com" }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ merged: false, mailed: true });
    expect(server.mailbox.some((m) => m.to === "testimone@example.com" && m.subject.includes(first.body.reference))).toBe(true);
    const again = await visitor.json("POST", "/api/reports", report("image", image, { email: "testimone@example.com", reason: "odio_molestie" }));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ merged: true, reference: first.body.reference });
    const rows = await server.deps.db.selectFrom("content_reports").select(["reason", "repeats"]).where("content_id", "=", image).execute();
    expect(rows).toEqual([{ reason: "odio_molestie", repeats: 1 }]);
    // Another person reporting the same item is another report.
    expect((await visitorAt().json("POST", "/api/reports", report("image", image))).status).toBe(201);

    for (let i = 2; i < REPORTS_PER_ADDRESS; i++) expect((await visitor.json("POST", "/api/reports", report("image", image))).status).toBeLessThan(300);
    const limited = await visitor.request("POST", "/api/reports", report("image", image));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error.message).toBe("Hai inviato troppe segnalazioni in poco tempo. Riprova più tardi.");
    // A flood from one address does not stop another visitor.
    expect((await visitorAt().json("POST", "/api/reports", report("image", image))).status).toBe(201);
  });

  it("limits reports per account, whatever the address", async () => {
    const image = await addImage(author.id);
    const reporter = await registerPlayer(server);
    const clients = await Promise.all([1, 2, 3].map(async (n) => {
      const client = new TestClient(server.url, `127.0.24.${n}`);
      expect((await client.post("/api/auth/sign-in/email", { email: reporter.email, password: reporter.password })).status).toBe(200);
      return client;
    }));
    let sent = 0;
    for (const client of clients) {
      for (let i = 0; i < REPORTS_PER_ADDRESS && sent < REPORTS_PER_ACCOUNT; i++, sent++) {
        expect((await client.json("POST", "/api/reports", report("image", image))).status).toBeLessThan(300);
      }
    }
    expect((await clients[2]!.json("POST", "/api/reports", report("image", image))).status).toBe(429);
  });

  it("lets moderators into the queue only; players are refused there", async () => {
    expect((await moderator.client.json("GET", "/api/moderation/access")).body).toEqual({ role: "moderator" });
    expect((await admin.json("GET", "/api/moderation/access")).body).toEqual({ role: "admin" });
    for (const path of ["/api/admin/check", "/api/admin/users", "/api/admin/stats", "/api/admin/audit", "/api/admin/shares", "/api/admin/templates"]) {
      expect((await moderator.client.json("GET", path)).status, path).toBe(403);
    }
    expect((await moderator.client.json("GET", "/api/moderation/queue")).status).toBe(200);
    expect((await author.client.json("GET", "/api/moderation/queue")).status).toBe(403);
    expect((await new TestClient(server.url).json("GET", "/api/moderation/queue")).status).toBe(401);
    expect((await moderator.client.json("GET", "/api/me")).body).toMatchObject({ isAdmin: false, isModerator: true });
  });

  it("removes a reported image with a statement of reasons the author reads in the bell, and an appeal decided by another moderator", async () => {
    const image = await addImage(author.id, "Il drago di fuoco");
    const reporterEmail = `segnalatore-${randomUUID().slice(0, 6)}@example.com`;
    expect((await visitorAt().json("POST", "/api/reports", report("image", image, { reason: "altro", explanation: "Contiene un insulto verso una persona reale.", email: reporterEmail }))).status).toBe(201);

    const queue = await moderator.client.json("GET", "/api/moderation/queue");
    const item = queue.body.items.find((i: { id: string }) => i.id === image);
    expect(item).toMatchObject({ kind: "image", state: "visible", content: { kind: "image", title: "Il drago di fuoco" }, author: { email: null, accountPath: null } });
    expect(item.reports[0]).toMatchObject({ reasonLabel: "Altro", explanation: "Contiene un insulto verso una persona reale.", source: "utente" });
    // Nobody in the queue learns who reported (an admin sees the author's account, never the reporter).
    expect(JSON.stringify(queue.body)).not.toContain(reporterEmail);
    const adminQueue = await admin.json("GET", "/api/moderation/queue");
    expect(JSON.stringify(adminQueue.body)).not.toContain(reporterEmail);
    expect(adminQueue.body.items.find((i: { id: string }) => i.id === image).author.email).toBe(author.email);

    const incomplete = await moderator.client.json("POST", `/api/moderation/items/image/${image}/decision`, { action: "remove" });
    expect(incomplete.status).toBe(400);
    const decided = await moderator.client.json("POST", `/api/moderation/items/image/${image}/decision`, {
      action: "remove",
      groundType: "termini",
      ground: "Regole della community: odio o molestie",
      facts: "L'immagine riporta un insulto rivolto a una persona riconoscibile.",
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const decisionId = decided.body.decisionId;
    expect((await moderator.client.json("POST", `/api/moderation/items/image/${image}/decision`, { action: "keep" })).status).toBe(409);

    // No longer public: 410 with the notice, out of the gallery.
    const gone = await visitorAt().json("GET", `/api/images/${image}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error.message).toMatch(/rimosso dai moderatori/);
    expect((await visitorAt().json("GET", "/api/images?limit=60")).body.items.map((i: { id: string }) => i.id)).not.toContain(image);
    expect((await visitorAt().json("POST", "/api/reports", report("image", image))).status).toBe(410);
    expect((await visitorAt().get(`/galleria/${image}/il-drago-di-fuoco`)).status).toBe(410);

    // The author's bell carries the statement of reasons; it names no reporter.
    const bell = await author.client.json("GET", "/api/notifications");
    const notice = bell.body.find((n: { url: string | null }) => n.url === `/decisioni/${decisionId}`);
    expect(notice.title).toBe("Decisione di moderazione");
    expect(notice.content).toContain("Regole della community: odio o molestie");
    expect(notice.content).toContain("senza strumenti automatici");
    expect(JSON.stringify(bell.body)).not.toContain(reporterEmail);
    expect(server.mailbox.some((m) => m.to === author.email && m.text.includes(`https://storie.example/decisioni/${decisionId}`))).toBe(true);
    expect(server.mailbox.some((m) => m.to === reporterEmail && m.subject.startsWith("Esito della tua segnalazione"))).toBe(true);
    // Someone else's personal notification is neither listed nor readable.
    expect((await moderator.client.json("GET", "/api/notifications")).body.map((n: { id: string }) => n.id)).not.toContain(notice.id);
    expect((await moderator.client.json("POST", `/api/notifications/${notice.id}/read`, {})).status).toBe(404);
    expect((await admin.json("GET", "/api/admin/notifications")).body.items.map((n: { id: string }) => n.id)).not.toContain(notice.id);

    const statement = await author.client.json("GET", `/api/decisions/${decisionId}`);
    expect(statement.body).toMatchObject({ action: "remove", groundType: "termini", automatedDetection: false, automatedDecision: false, canAppeal: true, appeal: null });
    expect(JSON.stringify(statement.body)).not.toContain(reporterEmail);
    expect((await moderator.client.json("GET", `/api/decisions/${decisionId}`)).status).toBe(404);

    const appeal = await author.client.json("POST", `/api/decisions/${decisionId}/appeal`, { text: "È una citazione di un film, non un insulto a una persona." });
    expect(appeal.status).toBe(201);
    expect(appeal.body).toMatchObject({ canAppeal: false, appeal: { status: "open" } });
    expect((await author.client.json("POST", `/api/decisions/${decisionId}/appeal`, { text: "Lo ripeto ancora una volta." })).status).toBe(409);

    const appeals = await moderator.client.json("GET", "/api/moderation/appeals");
    const open = appeals.body.find((a: { decision: { id: string } }) => a.decision.id === decisionId);
    expect(open.canDecide).toBe(false);
    const same = await moderator.client.json("POST", `/api/moderation/appeals/${open.id}/decision`, { outcome: "reversed", reasons: "Ci ho ripensato." });
    expect(same.status).toBe(409);
    expect(same.body.error.code).toBe("APPEAL_SAME_MODERATOR");
    const reversed = await admin.json("POST", `/api/moderation/appeals/${open.id}/decision`, { outcome: "reversed", reasons: "È una citazione riconoscibile di un film." });
    expect(reversed.status).toBe(200);
    expect((await visitorAt().json("GET", `/api/images/${image}`)).status).toBe(200);
    expect((await author.client.json("GET", "/api/notifications")).body.some((n: { title: string }) => n.title === "Ricorso accolto")).toBe(true);

    const audit = await server.deps.db.selectFrom("audit_log").select("action").where("detail", "like", `%${decisionId}%`).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["moderation.appeal", "moderation.appeal.decision", "moderation.decision"]);

    const stats = await admin.json("GET", "/api/moderation/stats");
    expect(stats.body.medianDecisionHours).not.toBeNull();
    const csv = await moderator.client.request("GET", "/api/moderation/summary.csv");
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text).toMatch(/^sezione,voce,valore\n/);
    expect(text).toMatch(/decisioni per esito,Contenuto rimosso,[1-9]/);
    expect(text).toMatch(/ricorsi,accolti \(decisione annullata\),[1-9]/);
    expect((await moderator.client.json("GET", "/api/moderation/summary.csv?month=2026-13")).status).toBe(400);
  });

  it("restricts a shared story (out of the gallery, its link still works) and suspends the author's publishing", async () => {
    const writer = await registerPlayer(server);
    const gameId = await newGame(writer.client);
    const shared = await writer.client.json("PUT", `/api/games/${gameId}/share`, { showNickname: false, listed: true });
    expect(shared.status).toBe(201);
    const shareId = shared.body.id;
    expect((await visitorAt().json("POST", "/api/reports", report("story", shareId, { reason: "odio_molestie" }))).status).toBe(201);
    const decided = await moderator.client.json("POST", `/api/moderation/items/story/${shareId}/decision`, {
      action: "restrict",
      suspendAuthor: true,
      groundType: "termini",
      ground: "Regole della community: odio o molestie",
      facts: "La storia prende di mira un gruppo di persone.",
    });
    expect(decided.status).toBe(200);
    expect((await visitorAt().json("GET", "/api/shares?limit=48")).body.items.map((s: { id: string }) => s.id)).not.toContain(shareId);
    expect((await visitorAt().get(shared.body.path)).status).toBe(200);
    // Reported again and removed: the link answers 410 with the Italian notice.
    expect((await visitorAt().json("POST", "/api/reports", report("story", shareId, { reason: "illegale" }))).status).toBe(201);
    const removed = await admin.json("POST", `/api/moderation/items/story/${shareId}/decision`, { action: "remove", groundType: "legge", ground: "Diffamazione (art. 595 c.p.)", facts: "La storia attribuisce reati a una persona reale." });
    expect(removed.status).toBe(200);
    const page = await visitorAt().get(shared.body.path);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("Contenuto rimosso");
    expect((await admin.json("GET", "/api/moderation/queue")).body.items.find((i: { id: string }) => i.id === shareId)).toBeUndefined();
    const refused = await writer.client.json("PUT", `/api/games/${await newGame(writer.client)}/share`, { showNickname: false, listed: false });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("PUBLISHING_SUSPENDED");
  });

  it("screens what becomes public with the moderation endpoint: flagged content waits for a moderator, clean content goes through", async () => {
    const template = (title: string) => ({
      title,
      description: "Una storia di prova per lo screening automatico.",
      genre: "Fantasy",
      cover_image_url: "",
      initial_prompt: "Il viaggio comincia all'alba, sulla strada per la capitale.",
    });
    const before = fake.moderationRequests.length;
    const clean = await admin.json("POST", "/api/admin/templates", template("La strada per la capitale"));
    expect(clean.status, JSON.stringify(clean.body)).toBe(201);
    expect(fake.moderationRequests.length).toBe(before + 1);
    expect(fake.moderationRequests.at(-1)).toMatchObject({ model: "fake-moderation", input: expect.arrayContaining(["La strada per la capitale"]) });
    expect((await visitorAt().json("GET", `/api/templates/${clean.body.id}`)).status).toBe(200);

    const flagged = await admin.json("POST", "/api/admin/templates", template("Un titolo VIETATO"));
    expect(flagged.status).toBe(201);
    const held = await visitorAt().json("GET", `/api/templates/${flagged.body.id}`);
    expect(held.status).toBe(404);
    expect(held.body.error.code).toBe("CONTENT_UNDER_REVIEW");
    expect((await visitorAt().json("GET", "/api/templates?limit=48")).body.items.map((t: { id: string }) => t.id)).not.toContain(flagged.body.id);
    const queue = await moderator.client.json("GET", "/api/moderation/queue");
    expect(queue.body.items.find((i: { id: string }) => i.id === flagged.body.id)).toMatchObject({ state: "held", reports: [{ source: "screening", reasonLabel: "Violenza o incitamento" }] });

    // A gallery image whose picture the endpoint flags is held; only its author sees it; the author is told.
    const painter = await registerPlayer(server);
    await server.deps.db.updateTable("user_tokens").set({ model: "premium", message_limit: 30, visualize_limit: 10 }).where("user_id", "=", painter.id).execute();
    const gameId = await newGame(painter.client);
    await readEvents(await painter.client.post(`/api/games/${gameId}/messages`, { content: "/inizia" }));
    fake.setModeration({ flagAll: true });
    const drawn = await painter.client.json("POST", `/api/games/${gameId}/images`, {});
    fake.setModeration({ flagAll: false });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(201);
    const imageId = drawn.body.image.id;
    expect((await visitorAt().json("GET", `/api/images/${imageId}`)).body.error.code).toBe("CONTENT_UNDER_REVIEW");
    expect((await painter.client.json("GET", `/api/images/${imageId}`)).status).toBe(200);
    expect((await visitorAt().json("GET", "/api/images?limit=60")).body.items.map((i: { id: string }) => i.id)).not.toContain(imageId);
    expect((await painter.client.json("GET", "/api/notifications")).body.some((n: { title: string }) => n.title === "Contenuto in revisione")).toBe(true);

    // The moderator finds nothing wrong: the image is published and the author told.
    expect((await moderator.client.json("POST", `/api/moderation/items/image/${imageId}/decision`, { action: "keep" })).status).toBe(200);
    expect((await visitorAt().json("GET", `/api/images/${imageId}`)).status).toBe(200);
    expect((await painter.client.json("GET", "/api/notifications")).body.some((n: { title: string }) => n.title === "Contenuto pubblicato")).toBe(true);

    // A failing endpoint does not stop publishing (logged; reports remain the safety net).
    fake.setModeration({ mode: "error500" });
    const unscreened = await admin.json("POST", "/api/admin/templates", template("Un altro titolo VIETATO"));
    fake.setModeration({ mode: "ok" });
    expect((await visitorAt().json("GET", `/api/templates/${unscreened.body.id}`)).status).toBe(200);
  });
});
