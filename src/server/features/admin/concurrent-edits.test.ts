/**
 * Two admins at once (issue 22 §9), over real HTTP on SQLite and, with TEST_DATABASE_URL,
 * PostgreSQL: genre prompts, templates and notifications carry the version they were loaded
 * with; of two saves made on the same version the second answers 409 with the text,
 * nothing is overwritten, and the audit log holds both versions (the saved one and the refused
 * one, with every value). A saved genre prompt reaches every admin's event stream, on PostgreSQL
 * also on another server instance.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEMPLATE_FORM_DEFAULTS } from "../../../shared/schemas/template";
import { DIALECTS, openLive, registerPlayer, signIn, startServerProcess, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const ADMIN_EMAIL = "admin-concorrenti@example.com";
const ADMIN_PASSWORD = "password-admin-concorrenti";
const STALE = "Questo elemento è stato modificato da un altro amministratore: ricarica per vedere la versione attuale.";

describe.each(DIALECTS)("concurrent admin edits on %s", (dialect) => {
  let server: TestServer;
  let first: TestClient;
  let second: TestClient;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    first = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const colleague = await registerPlayer(server);
    expect((await first.json("PUT", `/api/admin/users/${colleague.id}`, { email: colleague.email, role: "admin", plan: "admin" })).status).toBe(200);
    second = colleague.client;
  });
  afterAll(async () => {
    await server.close();
  });

  const auditOf = (action: string, needle: string) =>
    server.deps.db.selectFrom("audit_log").select(["action", "detail", "actor_email"]).where("action", "like", `${action}%`).where("detail", "like", `%${needle}%`).orderBy("created_at").execute();

  it("two admins open the same genre prompt and both save: the second gets 409, both versions are in the audit log", async () => {
    const opened = (await first.json("GET", "/api/admin/genres")).body.prompts.find((p: any) => p.genre === "Horror");
    const openedBySecond = (await second.json("GET", "/api/admin/genres")).body.prompts.find((p: any) => p.genre === "Horror");
    expect(openedBySecond.version).toBe(opened.version);
    const form = (prompt: string, version: number) => ({ ...opened, system_prompt: prompt, version });

    const saved = await first.json("PUT", `/api/admin/genres/${opened.id}`, form("Versione della prima amministratrice.", opened.version));
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(opened.version + 1);

    const stale = await second.json("PUT", `/api/admin/genres/${opened.id}`, form("Versione del secondo amministratore.", openedBySecond.version));
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(STALE);

    // Nothing was overwritten: the stored prompt is the first one.
    const now = (await first.json("GET", "/api/admin/genres")).body.prompts.find((p: any) => p.id === opened.id);
    expect(now).toMatchObject({ system_prompt: "Versione della prima amministratrice.", version: opened.version + 1 });

    // Both versions, with their text, are in the audit log.
    const entries = await auditOf("admin.genre_prompt.update", opened.id);
    expect(entries.map((e) => e.action)).toEqual(["admin.genre_prompt.update", "admin.genre_prompt.update.conflict"]);
    expect(entries[0]!.detail).toContain("Versione della prima amministratrice.");
    expect(entries[0]!.actor_email).toBe(ADMIN_EMAIL);
    expect(entries[1]!.detail).toContain("Versione del secondo amministratore.");
    expect(entries[1]!.actor_email).not.toBe(ADMIN_EMAIL);

    // After reloading, the second admin saves on the current version.
    const again = await second.json("PUT", `/api/admin/genres/${opened.id}`, form("Versione del secondo amministratore.", now.version));
    expect(again.status).toBe(200);
    expect(again.body.version).toBe(now.version + 1);
  });

  it("a save without a version, or with a forged one, is refused without changing anything", async () => {
    const prompt = (await first.json("GET", "/api/admin/genres")).body.prompts.find((p: any) => p.genre === "Fantasy");
    const { version: _v, ...withoutVersion } = prompt;
    expect((await first.json("PUT", `/api/admin/genres/${prompt.id}`, withoutVersion)).status).toBe(400);
    for (const version of [0, -1, 1.5, "1", 2 ** 40]) {
      expect((await first.json("PUT", `/api/admin/genres/${prompt.id}`, { ...prompt, version })).status).toBe(400);
    }
    expect((await first.json("PUT", `/api/admin/genres/${prompt.id}`, { ...prompt, version: prompt.version + 7 })).status).toBe(409);
    expect((await first.json("PUT", `/api/admin/genres/${randomUUID()}`, prompt)).status).toBe(404);
    const after = (await first.json("GET", "/api/admin/genres")).body.prompts.find((p: any) => p.id === prompt.id);
    expect(after).toEqual(prompt);
  });

  it("templates: the stale save of a second admin is refused and logged, the first stays", async () => {
    const form = {
      ...TEMPLATE_FORM_DEFAULTS,
      title: "Il faro",
      description: "Una notte di tempesta su un'isola.",
      genre: "Avventura",
      initial_prompt: "Inizia la storia sul faro nella tempesta.",
    };
    const created = await first.json("POST", "/api/admin/templates", form);
    expect(created.status).toBe(201);
    const { id, version } = created.body;
    expect(version).toBe(1);
    expect((await first.json("PUT", `/api/admin/templates/${id}`, { ...form, title: "Il faro spento", version })).status).toBe(200);
    const stale = await second.json("PUT", `/api/admin/templates/${id}`, { ...form, title: "Il faro acceso", version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(STALE);
    const list = (await first.json("GET", `/api/admin/templates?search=${encodeURIComponent("Il faro")}`)).body.items;
    expect(list.find((t: any) => t.id === id)).toMatchObject({ title: "Il faro spento", version: 2 });
    const entries = await auditOf("template.update", id);
    expect(entries.map((e) => e.action)).toEqual(["template.update", "template.update.conflict"]);
    expect(entries[0]!.detail).toContain("Il faro spento");
    expect(entries[1]!.detail).toContain("Il faro acceso");
  });

  it("notifications: the stale save of a second admin is refused and logged, the first stays", async () => {
    const created = (await first.json("POST", "/api/admin/notifications", { title: "Manutenzione", content: "Stasera alle 22.", url: "" })).body;
    expect(created.version).toBe(1);
    const edit = (content: string) => ({ title: "Manutenzione", content, url: "", version: created.version });
    expect((await first.json("PUT", `/api/admin/notifications/${created.id}`, edit("Stasera alle 23."))).status).toBe(200);
    const stale = await second.json("PUT", `/api/admin/notifications/${created.id}`, edit("Domani alle 8."));
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(STALE);
    const entries = await auditOf("notification.update", created.id);
    expect(entries.map((e) => e.action)).toEqual(["notification.update", "notification.update.conflict"]);
    expect(entries[0]!.detail).toContain("Stasera alle 23.");
    expect(entries[1]!.detail).toContain("Domani alle 8.");
  });

  it("a saved genre prompt reaches the other admin's open page live", async () => {
    const stream = await openLive(second);
    try {
      const prompt = (await first.json("GET", "/api/admin/genres")).body.prompts.find((p: any) => p.genre === "Giallo");
      expect((await first.json("PUT", `/api/admin/genres/${prompt.id}`, { ...prompt, temperature: 0.3 })).status).toBe(200);
      await stream.next((e) => e.event === "genre_prompts.changed" && e.data.id === prompt.id);
    } finally {
      stream.close();
    }
  });

  if (dialect === "postgres") {
    it("two server processes on one PostgreSQL: a genre prompt saved through A reaches an admin's page on B", async () => {
      // The same DATA_DIR: the same auth secret, so the session of A is valid on B.
      const b = await startServerProcess(server, { DATA_DIR: server.dataDir });
      try {
        const onB = new TestClient(b.url);
        expect((await onB.post("/api/auth/sign-in/email", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
        const stream = await openLive(onB);
        try {
          const prompt = (await first.json("GET", "/api/admin/genres")).body.prompts.find((p: any) => p.genre === "Horror");
          expect((await first.json("PUT", `/api/admin/genres/${prompt.id}`, { ...prompt, max_tokens: 700 })).status).toBe(200);
          await stream.next((e) => e.event === "genre_prompts.changed" && e.data.id === prompt.id, 2000);
        } finally {
          stream.close();
        }
      } finally {
        await b.close();
      }
    }, 90_000);
  }
});
