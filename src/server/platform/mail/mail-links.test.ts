/**
 * Every e-mail link is absolute (issue 36 finding 18), over real HTTP on SQLite and PostgreSQL,
 * with PUBLIC_URL unset as the README's default leaves it: the server sends each kind of e-mail
 * it writes (sign-up confirmation, confirmation on an unconfirmed sign-in, password reset, both
 * steps of an e-mail change, an admin's invitation, a moderation decision to the author, a report
 * receipt and its outcome), and every link in them is a full address of the site, one the
 * author can open from a mail reader. The harness refuses a relative link in any e-mail of any
 * test (testing/harness.ts), so a new kind of e-mail that skips the one helper (Mailer.link)
 * fails wherever it is tested.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, linkFromMail, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { addGalleryImage } from "../../testing/gallery-image";
import { absoluteLinks, relativeLinks } from "../../testing/mail-links";
import { absoluteSiteLink } from "./site-links";

describe("absoluteSiteLink", () => {
  it("writes a path of the site in full, keeps the site's own full addresses and refuses any other", () => {
    expect(absoluteSiteLink("http://localhost:3000", "/decisioni/abc?x=1")).toBe("http://localhost:3000/decisioni/abc?x=1");
    expect(absoluteSiteLink("https://storie.example/", "https://storie.example/api/auth/verify-email?token=t")).toBe("https://storie.example/api/auth/verify-email?token=t");
    for (const foreign of ["https://evil.example/x", "//evil.example/x", "decisioni/abc", "javascript:alert(1)", "http://storie.example/x"]) {
      expect(() => absoluteSiteLink("https://storie.example", foreign), foreign).toThrow(/Not a link of this site/);
    }
  });
});

const ADMIN = { email: "admin-link-mail@example.com", password: "password-admin-link-mail" };

describe.each(DIALECTS)("e-mail links on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  });
  afterAll(() => server.close());

  const newEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  /** Opens a link of a mail as a browser would (path + query against the site). */
  const open = (client: TestClient, link: string) => client.get(new URL(link).pathname + new URL(link).search);

  it("every kind of e-mail carries only full links of the site", async () => {
    const player = await registerPlayer(server);
    const unconfirmed = newEmail("non-confermato");
    expect((await new TestClient(server.url).post("/api/auth/sign-up/email", { email: unconfirmed, password: "password-sicura-1", name: "x", acceptPrivacy: true, confirmAge: true })).status).toBe(200);
    expect((await new TestClient(server.url).post("/api/auth/sign-in/email", { email: unconfirmed, password: "password-sicura-1" })).status).toBe(403);
    expect((await new TestClient(server.url).post("/api/auth/request-password-reset", { email: player.email, redirectTo: "/reimposta-password" })).status).toBe(200);
    const newAddress = newEmail("nuovo-indirizzo");
    expect((await player.client.post("/api/auth/change-email", { newEmail: newAddress, callbackURL: "/profilo" })).status).toBe(200);
    expect((await open(player.client, linkFromMail(server, player.email))).status).toBe(302);
    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    expect((await admin.json("POST", "/api/admin/users", { email: newEmail("invitato"), role: "user", plan: "base" })).status).toBe(201);

    // A decision on a reported picture: the author's notice, the reporter's receipt and outcome.
    const image = await addGalleryImage(server, player.id, "La torre");
    const reported = await new TestClient(server.url).json("POST", "/api/reports", { kind: "image", contentId: image, reason: "violenza", explanation: "", email: newEmail("segnalatore"), goodFaith: true });
    expect(reported.status).toBe(201);
    const decided = await admin.json("POST", `/api/moderation/items/image/${image}/decision`, { action: "remove", groundType: "termini", ground: "Regole della community", facts: "Violenza esplicita." });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    const subjects = new Set(server.mailbox.map((m) => m.subject.replace(/\(.*\)/, "").trim()));
    expect([...subjects].sort()).toEqual(
      [
        "Abbiamo ricevuto la tua segnalazione",
        "Conferma il cambio di email su Storie.ai",
        "Conferma il tuo indirizzo email su Storie.ai",
        "Conferma il tuo nuovo indirizzo email su Storie.ai",
        "Decisione di moderazione su Storie.ai",
        "Esito della tua segnalazione su Storie.ai",
        "Imposta la tua password su Storie.ai",
        "Sei stato invitato su Storie.ai",
      ].sort(),
    );
    for (const mail of server.mailbox) {
      expect({ subject: mail.subject, relative: relativeLinks(mail.text) }).toEqual({ subject: mail.subject, relative: [] });
      for (const link of absoluteLinks(mail.text)) expect(link.startsWith(`${server.url}/`), link).toBe(true);
    }
    const notice = server.mailbox.find((m) => m.to === player.email && m.subject.startsWith("Decisione di moderazione"))!;
    expect(absoluteLinks(notice.text)).toEqual([`${server.url}/decisioni/${decided.body.decisionId}`]);
  });
});
