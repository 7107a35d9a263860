/**
 * What a failed AI helper writes in the log (issue 36 finding 16d; issue 20 §2 "no personal data
 * in logs"), over real HTTP with the fake provider, on SQLite and PostgreSQL: an answer that is
 * not JSON, or not the fields asked for, is logged by its kind and its length, never quoted (the
 * model's answer is story data), and the player reads the spec's error.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LogEntry } from "../../testing/log-capture";
import { personalDataIn } from "../../testing/log-scan";
import { FAKE_REPLY, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, signIn, startTestServer, type TestClient, type TestServer } from "../../testing/harness";

const ADMIN = { email: "admin-aiutanti@example.com", password: "password-admin-aiutanti" };

describe.each(DIALECTS)("AI helper failures in the log on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let admin: TestClient;
  const logs: LogEntry[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, {
      env: { AI_BASE_URL: fake.url, AI_MODEL: "modello-aiutanti", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      onLog: (entry) => logs.push(entry),
    });
    admin = await signIn(server, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  /** Asks 'Genera con AI' of the template editor while the model answers `answer`; output: the log line of its failure. */
  async function failedGeneration(answer: string) {
    fake.set({ text: answer });
    const res = await admin.json("POST", "/api/admin/templates/ai/generate", { title: "Il Faro", genre: "Giallo", fields: { description: "" } });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ title: "Errore nella generazione", message: "Non è stato possibile generare i contenuti." });
    const line = logs.findLast((l) => l.msg === "Generazione dei contenuti fallita");
    expect(line).toBeDefined();
    return line!;
  }

  it("logs an answer that is not JSON by its kind and length, never its text", async () => {
    const line = await failedGeneration(FAKE_REPLY);
    expect(line).toMatchObject({ failure: "not_json", answerChars: FAKE_REPLY.length, kind: "template" });
    expect(JSON.stringify(line)).not.toContain("La nebbia");
    expect(personalDataIn(JSON.stringify(line))).toBeNull();
  });

  it("logs an answer without the fields asked for by its kind and length, never its values", async () => {
    const answer = JSON.stringify({ description: 42, nota: "Il guardiano del faro nasconde la storia-segreta" });
    const line = await failedGeneration(answer);
    expect(line).toMatchObject({ failure: "schema", answerChars: answer.length, kind: "template" });
    expect(personalDataIn(JSON.stringify(line))).toBeNull();
  });
});
