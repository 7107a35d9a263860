/**
 * Social sign-in and linked identities over real HTTP (issue 10; spec §7 identities, §8
 * identity_already_exists, identity_not_found, single_identity_not_deletable; §5 privacy): the
 * TestClient drives Better Auth's redirects through a local OpenID Connect provider
 * (oauth2-mock-server on 127.0.0.1), on SQLite and PostgreSQL.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authErrorText, specAuthCode } from "../../../shared/auth-errors";
import { loadEnv } from "../../platform/env";
import { siteConfig } from "../../features/http/site-config";
import { DIALECTS, linkFromMail, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { mockSubject, type OidcMock, startOidcMock } from "../../testing/oidc-mock";
import { followProvider, signInWithProvider } from "../../testing/provider-flow";

const newEmail = () => `oidc-${randomUUID().slice(0, 8)}@example.com`;

/** 'Collega' on /profilo: links the provider identity of `email` to the signed-in account. */
function linkProvider(client: TestClient, email: string) {
  return followProvider(client, "/api/auth/link-social", { provider: "oidc", callbackURL: "/profilo", errorCallbackURL: "/profilo", loginHint: email });
}

type Account = { id: string; providerId: string; accountId: string };

async function accounts(client: TestClient): Promise<Account[]> {
  const list = await client.json<Account[]>("GET", "/api/auth/list-accounts");
  expect(list.status).toBe(200);
  return list.body;
}

describe("provider configuration", () => {
  it("lists only the configured providers in the site configuration, never a secret", () => {
    const none = siteConfig(loadEnv({}));
    expect(none.authProviders).toEqual([]);
    const env = loadEnv({
      GOOGLE_CLIENT_ID: "google-id",
      GOOGLE_CLIENT_SECRET: "google-secret",
      OIDC_ISSUER_URL: "https://id.example.com/realms/storie",
      OIDC_CLIENT_ID: "storie",
      OIDC_CLIENT_SECRET: "oidc-secret",
      OIDC_NAME: "Keycloak",
    });
    const config = siteConfig(env);
    expect(config.authProviders).toEqual([
      { id: "google", name: "Google" },
      { id: "oidc", name: "Keycloak" },
    ]);
    expect(JSON.stringify(config)).not.toMatch(/secret/);
  });

  it("refuses half a provider configuration at start, naming the variables", () => {
    expect(() => loadEnv({ GOOGLE_CLIENT_ID: "x" })).toThrow(/GOOGLE_CLIENT_ID e GOOGLE_CLIENT_SECRET/);
    expect(() => loadEnv({ OIDC_ISSUER_URL: "https://id.example.com", OIDC_CLIENT_ID: "x" })).toThrow(/OIDC_ISSUER_URL, OIDC_CLIENT_ID e OIDC_CLIENT_SECRET/);
    expect(() => loadEnv({ OIDC_ISSUER_URL: "javascript:alert(1)", OIDC_CLIENT_ID: "x", OIDC_CLIENT_SECRET: "y" })).toThrow(/OIDC_ISSUER_URL/);
  });
});

describe.each(DIALECTS)("social sign-in and linked identities on %s", (dialect) => {
  let mock: OidcMock;
  let server: TestServer;

  beforeAll(async () => {
    mock = await startOidcMock();
    server = await startTestServer(dialect, {
      env: {
        OIDC_ISSUER_URL: mock.issuerUrl,
        OIDC_CLIENT_ID: "storie-test",
        OIDC_CLIENT_SECRET: "storie-test-secret",
        OIDC_NAME: "Provider di prova",
        GOOGLE_CLIENT_ID: "google-test.apps.googleusercontent.com",
        GOOGLE_CLIENT_SECRET: "google-test-secret",
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await mock?.close();
  });

  it("signs a newcomer up through the provider with the rows of an e-mail sign-up", async () => {
    const client = new TestClient(server.url);
    const email = newEmail();
    const landing = await signInWithProvider(client, email);
    expect(landing.pathname).toBe("/generi");

    const me = await client.json<{ user: { id: string; email: string } }>("GET", "/api/me");
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
    // The same rows as an e-mail sign-up: profile, 'user' role, base plan (spec §3).
    const profile = await client.json<{ roles: string[]; tokens: unknown; email: string }>("GET", "/api/profile");
    const emailPlayer = await registerPlayer(server);
    const emailProfile = await emailPlayer.client.json<{ roles: string[]; tokens: unknown }>("GET", "/api/profile");
    expect(profile.status).toBe(200);
    expect(profile.body.roles).toEqual(["user"]);
    expect(profile.body.tokens).toEqual(emailProfile.body.tokens);
    expect((await accounts(client)).map((a) => [a.providerId, a.accountId])).toEqual([["oidc", mockSubject(email)]]);

    // Signing in again is the same account, not a second one.
    const again = new TestClient(server.url);
    expect((await signInWithProvider(again, email)).pathname).toBe("/generi");
    const meAgain = await again.json<{ user: { id: string } }>("GET", "/api/me");
    expect(meAgain.body.user.id).toBe(me.body.user.id);
  });

  it("creates no account through a provider without the privacy acceptance (spec §5)", async () => {
    const client = new TestClient(server.url);
    const email = newEmail();
    const landing = await signInWithProvider(client, email, false);
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("error")).toBe("PRIVACY_NOT_ACCEPTED");
    expect((await client.json("GET", "/api/me")).status).toBe(401);
    // Nothing was stored: the same identity with the acceptance is a brand-new account.
    const accepted = await signInWithProvider(client, email);
    expect(accepted.pathname).toBe("/generi");
  });

  it("creates no account and sends nothing when the provider has not confirmed the address (issue 19 finding 3)", async () => {
    const client = new TestClient(server.url);
    const email = newEmail();
    mock.configure({ email, emailVerified: false });
    const landing = await signInWithProvider(client, email);
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("error")).toBe("provider_email_not_verified");
    expect(authErrorText(landing.searchParams.get("error")!, 0).message).toBe(
      "Il provider non ha confermato questo indirizzo email: confermalo presso il provider, oppure registrati con email e password.",
    );
    expect((await client.json("GET", "/api/me")).status).toBe(401);
    expect(await server.deps.db.selectFrom("user").select("id").where("email", "=", email).execute()).toEqual([]);
    expect(server.mailbox.some((m) => m.to === email)).toBe(false);
  });

  /** The account of `email` at the provider signs in; output: the user it reached (null: none) and where it landed. */
  async function attackerSignsIn(email: string) {
    const attacker = new TestClient(server.url, "127.0.0.66");
    const landing = await signInWithProvider(attacker, email);
    const me = await attacker.json<{ user: { id: string } }>("GET", "/api/me");
    return { landing, userId: me.status === 200 ? me.body.user.id : null };
  }

  it("takeover: an unconfirmed provider address never reaches the owner's account, before or after the owner confirms it", async () => {
    // Before: the owner signed up by e-mail and has not opened the confirmation link yet.
    const email = newEmail();
    const owner = new TestClient(server.url);
    const password = "password-sicura-1";
    expect((await owner.post("/api/auth/sign-up/email", { email, password, name: "Preda", acceptPrivacy: true, confirmAge: true, callbackURL: "/generi" })).status).toBe(200);
    mock.configure({ email, emailVerified: false });
    const before = await attackerSignsIn(email);
    expect(before.userId).toBeNull();
    expect(before.landing.pathname).toBe("/login");
    // After: the owner confirms the address; the attacker still gets nowhere, and no identity was linked.
    const confirm = new URL(linkFromMail(server, email));
    expect((await owner.get(confirm.pathname + confirm.search)).status).toBe(302);
    const userId = (await owner.json<{ user: { id: string } }>("GET", "/api/me")).body.user.id;
    expect((await attackerSignsIn(email)).userId).toBeNull();
    expect((await accounts(owner)).map((a) => a.providerId)).toEqual(["credential"]);
    // Nor through an account with no password yet: the provider's unconfirmed address creates none.
    const fresh = newEmail();
    mock.configure({ email: fresh, emailVerified: false });
    expect((await attackerSignsIn(fresh)).userId).toBeNull();
    expect(await server.deps.db.selectFrom("account").select("id").where("userId", "=", userId).where("providerId", "=", "oidc").execute()).toEqual([]);
  });

  /**
   * An unconfirmed account of `email` holding the attacker's identity, as an earlier release let
   * a provider sign-in with an unconfirmed address leave it. Output: the user id.
   */
  async function preparedTakeover(email: string): Promise<string> {
    const owner = new TestClient(server.url);
    expect((await owner.post("/api/auth/sign-up/email", { email, password: "password-sicura-1", name: "Preda", acceptPrivacy: true, confirmAge: true, callbackURL: "/generi" })).status).toBe(200);
    const user = await server.deps.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await (await server.deps.auth.$context).internalAdapter.createAccount({ accountId: mockSubject(email), providerId: "oidc", userId: user.id });
    return user.id;
  }

  it.each(["the reset link ('Password dimenticata?')", "the confirmation link"])("an identity linked while the address was unconfirmed is dropped when the owner confirms it through %s", async (route) => {
    const email = newEmail();
    const userId = await preparedTakeover(email);
    const owner = new TestClient(server.url);
    if (route.startsWith("the reset")) {
      expect((await owner.post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" })).status).toBe(200);
      const link = new URL(linkFromMail(server, email));
      const token = new URL((await owner.get(link.pathname + link.search)).headers.get("location")!, server.url).searchParams.get("token");
      expect((await owner.json("POST", "/api/auth/reset-password", { newPassword: "password-nuova-1", token })).status).toBe(200);
    } else {
      const link = new URL(linkFromMail(server, email));
      expect((await owner.get(link.pathname + link.search)).status).toBe(302);
    }
    const left = await server.deps.db.selectFrom("account").select("providerId").where("userId", "=", userId).execute();
    expect(left.map((a) => a.providerId)).toEqual(["credential"]);
    // The attacker's identity, whose address the provider has not confirmed, no longer reaches the account.
    mock.configure({ email, emailVerified: false });
    expect((await attackerSignsIn(email)).userId).toBeNull();
  });

  it("links an identity from the profile, and signs in with it afterwards", async () => {
    const player = await registerPlayer(server);
    const providerEmail = newEmail(); // a different address at the provider is allowed
    const landing = await linkProvider(player.client, providerEmail);
    expect(landing.pathname).toBe("/profilo");
    expect(landing.searchParams.get("error")).toBeNull();
    expect((await accounts(player.client)).map((a) => a.providerId).sort()).toEqual(["credential", "oidc"]);

    const elsewhere = new TestClient(server.url);
    await signInWithProvider(elsewhere, providerEmail);
    expect((await elsewhere.json<{ user: { id: string } }>("GET", "/api/me")).body.user.id).toBe(player.id);
  });

  it("refuses an identity already linked to another account: identity_already_exists", async () => {
    const owner = new TestClient(server.url);
    const email = newEmail();
    await signInWithProvider(owner, email);
    const other = await registerPlayer(server);
    const landing = await linkProvider(other.client, email);
    expect(landing.pathname).toBe("/profilo");
    // Better Auth's redirect code is the spec's identity_already_exists, shown in Italian on /profilo.
    const error = landing.searchParams.get("error")!;
    expect(specAuthCode(error)).toBe("identity_already_exists");
    expect(authErrorText(error, 0).message).toBe("Questo account è già collegato a un altro utente. Accedi con quell'utente per scollegarlo.");
    expect((await accounts(other.client)).map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("refuses to unlink the last way to sign in: single_identity_not_deletable, in Italian", async () => {
    const client = new TestClient(server.url);
    await signInWithProvider(client, newEmail());
    const [only] = await accounts(client);
    const refused = await client.json("POST", "/api/auth/unlink-account", { accountId: only!.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: "single_identity_not_deletable",
      title: "Impossibile scollegare",
      message: "È l'unico modo per accedere al tuo account: imposta una password o collega un altro account prima di scollegarlo.",
    });
    expect(await accounts(client)).toHaveLength(1);
  });

  it("unlinks an identity when a password remains; an unknown identity is identity_not_found", async () => {
    const player = await registerPlayer(server);
    const providerEmail = newEmail();
    await linkProvider(player.client, providerEmail);
    const linked = (await accounts(player.client)).find((a) => a.providerId === "oidc")!;

    const unknown = await player.client.json("POST", "/api/auth/unlink-account", { accountId: randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe("identity_not_found");

    // Another user's identity is as unknown as a made-up one.
    const stranger = await registerPlayer(server);
    const theirs = await stranger.client.json("POST", "/api/auth/unlink-account", { accountId: linked.id });
    expect(theirs.body.error?.code).toBe("identity_not_found");

    const unlinked = await player.client.json("POST", "/api/auth/unlink-account", { accountId: linked.id });
    expect(unlinked.status).toBe(200);
    expect((await accounts(player.client)).map((a) => a.providerId)).toEqual(["credential"]);
    // The password still signs in; the provider identity no longer reaches this account.
    expect((await new TestClient(server.url).post("/api/auth/sign-in/email", { email: player.email, password: player.password })).status).toBe(200);
    const elsewhere = new TestClient(server.url);
    await signInWithProvider(elsewhere, providerEmail);
    expect((await elsewhere.json<{ user: { id: string } }>("GET", "/api/me")).body.user.id).not.toBe(player.id);
  });

  it("sends Google's button to Google's own authorization page (no network needed)", async () => {
    const client = new TestClient(server.url);
    const start = await client.json<{ url: string }>("POST", "/api/auth/sign-in/social", { provider: "google", callbackURL: "/generi", acceptPrivacy: true });
    expect(start.status).toBe(200);
    const url = new URL(start.body.url);
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("redirect_uri")).toBe(`${server.url}/api/auth/callback/google`);
  });

  it("refuses a callback URL on another site (no open redirect)", async () => {
    const client = new TestClient(server.url);
    const start = await client.json("POST", "/api/auth/sign-in/social", { provider: "oidc", callbackURL: "https://evil.example/", acceptPrivacy: true });
    expect(start.status).toBe(403);
  });
});
