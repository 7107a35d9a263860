/**
 * The e-mails a report sends (issue 36 finding 9), over real HTTP on SQLite and PostgreSQL with
 * the auth limits on. Anyone may type any address in the report form, so an address nobody
 * confirmed gets at most one receipt per few minutes, as for the auth e-mails (one per-recipient
 * limiter: auth/limits.ts allowMail), and no text someone else chose: neither the reported
 * item's title nor a link, in the receipt or in the outcome. A signed-in player's own confirmed
 * address reads the title as before.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addGalleryImage } from "../../testing/gallery-image";
import { DIALECTS, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const ADMIN = { email: "admin-ricevute@example.com", password: "password-admin-ricevute" };
const SCAM_TITLE = "Hai vinto 1000 euro: ritira su http://premi.example/ritira";

const report = (contentId: string, email: string) => ({ kind: "image", contentId, reason: "violenza", explanation: "", email, goodFaith: true });

describe.each(DIALECTS)("report e-mails on %s", (dialect) => {
  let server: TestServer;
  let authorId: string;
  let address = 0;
  /** A visitor at an address of its own (every 127.x.y.z is this machine): no per-address limit in the way. */
  const visitor = () => new TestClient(server.url, `127.0.26.${++address}`);

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT: "on", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    authorId = (await registerPlayer(server)).id;
  });
  afterAll(() => server.close());

  /** A public gallery picture whose title the attacker chose. */
  const scamImage = () => addGalleryImage(server, authorId, SCAM_TITLE);

  const mailsTo = (email: string) => server.mailbox.filter((m) => m.to === email);

  it("twelve reports naming a victim's address send one receipt, without the title or any link", async () => {
    const victim = `vittima-${randomUUID().slice(0, 8)}@example.com`;
    const references: string[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await visitor().json("POST", "/api/reports", report(await scamImage(), victim));
      expect(answer.status).toBe(201);
      references.push(answer.body.reference);
    }
    const mails = mailsTo(victim);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(references[0]);
    expect(mails[0]!.text).toContain(references[0]);
    expect(mails[0]!.text).not.toContain("1000 euro");
    expect(mails[0]!.text).not.toMatch(/https?:|www\./);
  });

  it("the outcome to an address nobody confirmed names the report, not the title; a player's own address reads the title", async () => {
    const stranger = `estraneo-${randomUUID().slice(0, 8)}@example.com`;
    const image = await scamImage();
    const byStranger = await visitor().json("POST", "/api/reports", report(image, stranger));
    expect(byStranger.status).toBe(201);
    const player = await registerPlayer(server, undefined, "127.0.27.1");
    expect((await player.client.json("POST", "/api/reports", report(image, ""))).status).toBe(201);
    expect(mailsTo(player.email).at(-1)!.text).toContain(`«${SCAM_TITLE}»`);

    const admin = await signIn(server, ADMIN.email, ADMIN.password);
    const decided = await admin.json("POST", `/api/moderation/items/image/${image}/decision`, { action: "keep" });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const outcome = mailsTo(stranger).find((m) => m.subject.startsWith("Esito della tua segnalazione"))!;
    expect(outcome.text).toContain(byStranger.body.reference);
    expect(outcome.text).not.toContain("1000 euro");
    expect(outcome.text).not.toMatch(/https?:|www\./);
    expect(mailsTo(player.email).find((m) => m.subject.startsWith("Esito della tua segnalazione"))!.text).toContain(`«${SCAM_TITLE}»`);
  });
});
