/**
 * The HTTP surface (issue 9 findings 5 and 7, low items): origins trusted without PUBLIC_URL,
 * Better Auth's answers in Italian, JSON 404s under /api, robots.txt, HSTS only over HTTPS, and
 * the runtime site configuration embedded safely in index.html.
 */

import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, registerPlayer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { italianAuthAnswer } from "./auth-answers";
import { siteConfig, withSiteConfig } from "./site-config";
import { loadEnv } from "../../platform/env";
import { silentLogger } from "../../platform/ops/logger";

const NOT_RECOGNISED = "Questo indirizzo del sito non è riconosciuto. Apri il sito dal suo indirizzo principale e riprova.";

const signUpBody = (email: string) => ({ email, password: "password-sicura-1", name: "Giocatore", acceptPrivacy: true, confirmAge: true, callbackURL: "/generi" });

/** A browser request from `origin` that already holds a cookie (Better Auth checks the origin then). */
const fromOrigin = (origin: string) => ({ headers: { origin, cookie: "storie_cookie_consent=1" } });

/** The first non-loopback IPv4 address of this machine, if it has one. */
function lanAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((info) => info && info.family === "IPv4" && !info.internal)?.address;
}

describe.each(DIALECTS)("HTTP surface on %s", (dialect) => {
  let server: TestServer;
  let port: string;
  const logs: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, { onLog: (entry) => void (entry.level === "warn" && logs.push(entry.msg ?? "")) });
    port = new URL(server.url).port;
  });
  afterAll(async () => {
    await server.close();
  });

  describe("origins without PUBLIC_URL", () => {
    it("registers from http://127.0.0.1:PORT and http://localhost:PORT", async () => {
      for (const host of ["127.0.0.1", "localhost"]) {
        const email = `origin-${host.replace(/\W/g, "")}-${Date.now()}@example.com`;
        const response = await new TestClient(server.url).request("POST", "/api/auth/sign-up/email", signUpBody(email), fromOrigin(`http://${host}:${port}`));
        expect(response.status, await response.text()).toBe(200);
      }
    });

    it("registers from the machine's own network address, as a phone on the same network would", async (ctx) => {
      const address = lanAddress();
      if (!address) return ctx.skip();
      const response = await new TestClient(server.url).request(
        "POST",
        "/api/auth/sign-up/email",
        signUpBody(`origin-lan-${Date.now()}@example.com`),
        fromOrigin(`http://${address}:${port}`),
      );
      expect(response.status, await response.text()).toBe(200);
    });

    it("refuses a foreign origin with the Italian 403 and logs a hint naming PUBLIC_URL", async () => {
      logs.length = 0;
      const signUp = await new TestClient(server.url).json("POST", "/api/auth/sign-up/email", signUpBody(`evil-${Date.now()}@example.com`));
      expect(signUp.status).toBe(200); // the same client, same origin: accepted
      const foreign = new TestClient(server.url);
      const refused = await foreign.request("POST", "/api/auth/sign-up/email", signUpBody(`evil2-${Date.now()}@example.com`), fromOrigin("http://evil.example"));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "INVALID_ORIGIN", message: NOT_RECOGNISED, error: { code: "INVALID_ORIGIN", message: NOT_RECOGNISED } });
      // Another port of this machine is another origin too.
      const otherPort = await foreign.request("POST", "/api/games", { genre: "fantasy" }, fromOrigin(`http://127.0.0.1:${Number(port) + 1}`));
      expect(otherPort.status).toBe(403);
      expect(await otherPort.json()).toEqual({ error: { code: "BAD_ORIGIN", title: "Indirizzo non riconosciuto", message: NOT_RECOGNISED } });
      expect(logs.filter((line) => line.includes("PUBLIC_URL"))).toHaveLength(2);
      expect(logs[0]).toContain("http://evil.example");
    });
  });

  describe("Better Auth's answers in Italian", () => {
    it("a wrong password: 401 'Email o password non validi. Riprova.' with its code", async () => {
      const client = new TestClient(server.url);
      await client.json("POST", "/api/auth/sign-up/email", signUpBody("wrong-password@example.com"));
      const response = await client.json("POST", "/api/auth/sign-in/email", { email: "wrong-password@example.com", password: "non-è-questa" });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({
        code: "INVALID_EMAIL_OR_PASSWORD",
        message: "Email o password non validi. Riprova.",
        error: { code: "INVALID_EMAIL_OR_PASSWORD", title: "Errore di autenticazione" },
      });
    });

    it("an unconfirmed e-mail: 403 with code EMAIL_NOT_VERIFIED", async () => {
      const client = new TestClient(server.url);
      await client.json("POST", "/api/auth/sign-up/email", signUpBody("unconfirmed@example.com"));
      const response = await client.json("POST", "/api/auth/sign-in/email", { email: "unconfirmed@example.com", password: "password-sicura-1" });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: "EMAIL_NOT_VERIFIED", message: "Conferma il tuo indirizzo email: ti abbiamo inviato un nuovo link." });
    });

    it("an invalid body: 400 in Italian; the app's own validation keeps the schema's text", async () => {
      const client = new TestClient(server.url);
      const wrongTypes = await client.json("POST", "/api/auth/sign-in/email", { email: 42, password: ["x"] });
      expect(wrongTypes.status).toBe(400);
      expect(wrongTypes.body).toMatchObject({ code: "VALIDATION_ERROR", message: "Dati non validi." });
      const noPrivacy = await client.json("POST", "/api/auth/sign-up/email", { ...signUpBody("no-privacy@example.com"), acceptPrivacy: false });
      expect(noPrivacy.status).toBe(400);
      expect(noPrivacy.body.code).toBe("VALIDATION");
      expect(noPrivacy.body.message).toMatch(/privacy/i);
    });
  });

  it("answers unknown /api paths with a JSON 404, on any method, under /api/auth too", async () => {
    const client = new TestClient(server.url);
    for (const [method, path] of [
      ["GET", "/api/nessuna"],
      ["POST", "/api/nessuna/altra"],
      ["DELETE", "/api/plans"],
      ["GET", "/api/auth/nessuna"],
      ["POST", "/api/auth/nessuna"],
      ["PUT", "/api/auth/sign-in/email"],
      ["PATCH", "/api/auth/sign-up/email"],
    ] as const) {
      const response = await client.request(method, path, method === "GET" ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get("content-type"), `${method} ${path}`).toContain("application/json");
      expect((await response.json()).error, `${method} ${path}`).toMatchObject({ code: "NOT_FOUND", message: "Risorsa non trovata." });
    }
  });

  it("serves a robots.txt that keeps crawlers out of the API and the private pages", async () => {
    const response = await fetch(new URL("/robots.txt", server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    for (const line of ["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /admin", "Disallow: /profilo", "Disallow: /gioco/"]) expect(text).toContain(line);
  });

  it("turns off the powerful features the site never uses with a Permissions-Policy (issue 19)", async () => {
    for (const path of ["/api/health", "/robots.txt", "/media/nessuna.png"]) {
      const policy = (await fetch(new URL(path, server.url))).headers.get("permissions-policy") ?? "";
      for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()", "browsing-topics=()"]) expect(policy, path).toContain(feature);
    }
  });

  it("answers a malformed or too large ?limit of the list APIs with one clear Italian sentence (issue 19)", async () => {
    const player = await registerPlayer(server);
    for (const [path, max] of [["/api/templates", 48], ["/api/shares", 48], ["/api/images", 60]] as const) {
      for (const value of ["abc", "1000", "0", "2.5", ""]) {
        const answer = await player.client.json("GET", `${path}?limit=${value}`);
        expect({ status: answer.status, message: answer.body.error?.message }, `${path}?limit=${value}`).toEqual({
          status: 400,
          message: `Il parametro «limit» deve essere un numero intero da 1 a ${max}.`,
        });
      }
    }
    expect((await player.client.json("GET", "/api/templates?limit=48")).status).toBe(200);
  });

  it("sends no HSTS over plain HTTP (PUBLIC_URL unset)", async () => {
    const response = await fetch(new URL("/api/health", server.url));
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
  });
});

describe("behind HTTPS (PUBLIC_URL https://storie.example)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite", { env: { PUBLIC_URL: "https://storie.example" } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("sends HSTS", async () => {
    const response = await fetch(new URL("/api/health", server.url));
    expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
  });

  it("accepts posts from the public origin and refuses the machine's other addresses", async () => {
    const player = await registerPlayer(server);
    const fromPublic = await player.client.request("POST", "/api/games", { genre: "fantasy" }, { headers: { origin: "https://storie.example" } });
    expect(fromPublic.status).toBe(201);
    const address = lanAddress() ?? "[::1]";
    const fromLan = await player.client.request("POST", "/api/games", { genre: "fantasy" }, { headers: { origin: `http://${address}:${new URL(server.url).port}` } });
    expect(fromLan.status).toBe(403);
  });
});

describe("Better Auth's answers without a code", () => {
  it("a 429 becomes RATE_LIMITED in Italian and keeps its headers", async () => {
    const limited = new Response(JSON.stringify({ message: "Too many requests. Please try again later." }), {
      status: 429,
      headers: { "content-type": "application/json", "x-retry-after": "42" },
    });
    const answer = await italianAuthAnswer(limited, silentLogger(), undefined);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("x-retry-after")).toBe("42");
    expect(await answer.json()).toMatchObject({ code: "RATE_LIMITED", message: "Hai fatto troppi tentativi. Attendi un minuto e riprova." });
  });

  it("an unknown English message is never shown: the status chooses an Italian text", async () => {
    const odd = new Response(JSON.stringify({ code: "SOMETHING_NEW", message: "Something new went wrong" }), { status: 403 });
    expect(await (await italianAuthAnswer(odd, silentLogger(), undefined)).json()).toMatchObject({ code: "SOMETHING_NEW", message: "Operazione non consentita." });
  });
});

describe("runtime site configuration", () => {
  const env = loadEnv({
    BRAND_NAME: "Fiabe</script><script>alert(1)</script>",
    COMMUNITY_URL: "https://chat.example/invito",
    SOCIAL_URL: "https://social.example/@fiabe",
    PRIVACY_EMAIL: "privacy@fiabe.example",
    OIDC_ISSUER_URL: "https://id.example",
    OIDC_CLIENT_ID: "fiabe",
    OIDC_CLIENT_SECRET: "segreto-oidc",
    OIDC_NAME: "Id</script><script>alert(2)",
  });
  const page = withSiteConfig("<html><head><title>Storie.ai – x</title></head><body></body></html>", siteConfig(env));

  it("embeds the configuration as JSON no value can break out of", () => {
    expect(page).not.toContain("</script><script>");
    const json = /<script type="application\/json" id="site-config">(.*?)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(json!)).toEqual({
      brandName: "Fiabe</script><script>alert(1)</script>",
      communityUrl: "https://chat.example/invito",
      socialUrl: "https://social.example/@fiabe",
      privacyEmail: "privacy@fiabe.example",
      authProviders: [{ id: "oidc", name: "Id</script><script>alert(2)" }],
      serverVoice: false,
      payments: false,
    });
    expect(page).not.toContain("segreto-oidc");
  });

  it("leaves out every link and contact the server was not given (issue 22 §6)", () => {
    expect(siteConfig(loadEnv({}))).toMatchObject({ communityUrl: null, socialUrl: null, privacyEmail: null });
  });

  it("puts the brand, escaped, in the page title", () => {
    expect(page).toContain("<title>Fiabe&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;.ai – x</title>");
  });
});
