/**
 * A site with moderation for tests (issue 23, issue 36): a real server with the built web's
 * index.html, automatic screening against a fake OpenAI-compatible moderation endpoint (an input
 * with 'VIETATO' is flagged; setModeration({flagAll}) flags everything), a signed-in admin, a
 * moderator, visitors at addresses of their own, and the report → decision steps as a player
 * and a moderator take them through the API.
 */

import type { ContentKindName } from "../../shared/content-kinds";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai";
import { registerPlayer, signIn, startTestServer, TestClient, type TestDialect, type TestServer } from "./harness";
import { tempWebRoot } from "./web-root";

const ADMIN_EMAIL = "admin-moderazione-sito@example.com";
const ADMIN_PASSWORD = "password-admin-moderazione-sito";

export type Player = Awaited<ReturnType<typeof registerPlayer>>;

export interface ModerationSite {
  server: TestServer;
  fake: FakeOpenAI;
  admin: TestClient;
  moderator: Player;
  /** A new visitor at an address of its own (every 127.x.y.z is this machine). */
  visitor(): TestClient;
  /** A visitor's report of the item (201), then the moderator's decision on it (200). Output: the decision's id. */
  decide(kind: ContentKindName, id: string, action: "remove" | "restrict"): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the site on `dialect`. Input: the dialect and the third byte of the visitors' addresses
 * (127.0.<subnet>.n: one per test file, so report limits never cross). Output: the ModerationSite.
 */
export async function startModerationSite(dialect: TestDialect, subnet: number): Promise<ModerationSite> {
  const fake = await startFakeOpenAI();
  const web = tempWebRoot();
  const server = await startTestServer(dialect, {
    webRoot: web.root,
    env: { ADMIN_EMAIL, ADMIN_PASSWORD, REQUIRE_ADMIN_2FA: "off", MODERATION_MODEL: "fake-moderation", MODERATION_BASE_URL: fake.url },
  });
  const admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  const moderator = await registerPlayer(server);
  const promoted = await admin.json("PUT", `/api/admin/users/${moderator.id}`, { email: moderator.email, role: "moderator", plan: "base" });
  if (promoted.status !== 200) throw new Error(`moderator not made: ${promoted.status}`);
  let address = 0;
  const visitor = () => new TestClient(server.url, `127.0.${subnet}.${++address}`);
  return {
    server,
    fake,
    admin,
    moderator,
    visitor,
    async decide(kind, id, action) {
      const reported = await visitor().json("POST", "/api/reports", { kind, contentId: id, reason: "odio_molestie", explanation: "", email: "", goodFaith: true });
      if (reported.status !== 201) throw new Error(`report refused: ${reported.status} ${JSON.stringify(reported.body)}`);
      const decided = await moderator.client.json("POST", `/api/moderation/items/${kind}/${id}/decision`, { action, groundType: "termini", ground: "Regole della community", facts: "Contenuto non ammesso." });
      if (decided.status !== 200) throw new Error(`decision refused: ${decided.status} ${JSON.stringify(decided.body)}`);
      return decided.body.decisionId as string;
    },
    async close() {
      await server.close();
      await fake.close();
      web.remove();
    },
  };
}
