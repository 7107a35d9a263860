/**
 * A local OpenID Connect provider for tests (issue 10: social sign-in tested over real HTTP, never
 * against the internet): oauth2-mock-server on 127.0.0.1 with its discovery document, JWKS,
 * PKCE and nonce, whose ID tokens name the player chosen for each authorization.
 *
 * Who "signs in at the provider" for an authorization, first match wins:
 * 1. `login_hint` of the authorization request (API tests pass it through Better Auth's loginHint);
 * 2. the browser's `oidc-mock-user` cookie (end-to-end tests set it: an e-mail address);
 * 3. the default identity given to startOidcMock.
 * The subject (`sub`) is derived from the e-mail, so the same e-mail is the same identity.
 */

import type { IncomingMessage } from "node:http";
import { createServer } from "node:net";
import { OAuth2Server } from "oauth2-mock-server";

export interface MockIdentity {
  email: string;
  /** Default: the e-mail's local part. */
  name?: string;
  /** email_verified claim; default true. */
  emailVerified?: boolean;
}

export interface OidcMock {
  /** Issuer URL (OIDC_ISSUER_URL), e.g. http://127.0.0.1:43123. */
  issuerUrl: string;
  /** Extra claims of one e-mail's ID tokens from now on (e.g. {emailVerified: false}). */
  configure(identity: MockIdentity): void;
  close(): Promise<void>;
}

/** Cookie naming the provider's signed-in user in end-to-end tests (value: the e-mail). */
export const MOCK_USER_COOKIE = "oidc-mock-user";

/** The stable subject of an e-mail at the mock provider. */
export function mockSubject(email: string): string {
  return `mock-${email.toLowerCase()}`;
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** A free TCP port on 127.0.0.1. */
function findPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the provider. Input: the port (0 = any free one) and the identity used when an
 * authorization names none. Output: its issuer URL, configure() and close().
 */
export async function startOidcMock(options: { port?: number; defaultEmail?: string } = {}): Promise<OidcMock> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const identities = new Map<string, MockIdentity>();
  /** Authorization code → e-mail of the user who "signed in" for it. */
  const codes = new Map<string, string>();

  server.service.on("beforeAuthorizeRedirect", ({ url }: { url: URL }, req: IncomingMessage) => {
    const query = new URL(req.url ?? "/", "http://mock").searchParams;
    const email = query.get("login_hint") || cookieValue(req, MOCK_USER_COOKIE) || options.defaultEmail || "giocatore@example.com";
    const code = url.searchParams.get("code");
    if (code) codes.set(code, email.toLowerCase());
  });
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }, req: IncomingMessage & { body?: Record<string, string> }) => {
    const email = codes.get(req.body?.code ?? "");
    if (!email) return;
    const identity = identities.get(email) ?? { email };
    Object.assign(token.payload, {
      sub: mockSubject(email),
      email,
      email_verified: identity.emailVerified ?? true,
      name: identity.name ?? email.split("@")[0],
    });
  });
  server.service.on("beforeResponse", (_response: unknown, req: IncomingMessage & { body?: Record<string, string> }) => {
    codes.delete(req.body?.code ?? "");
  });

  // The issuer (and so every endpoint the browser visits) names 127.0.0.1, not oauth2-mock-server's
  // default "localhost": the provider's cookie is set on 127.0.0.1 by the end-to-end tests.
  const port = options.port ?? (await findPort());
  server.issuer.url = `http://127.0.0.1:${port}`;
  await server.start(port, "127.0.0.1");
  return {
    issuerUrl: server.issuer.url!,
    configure: (identity) => void identities.set(identity.email.toLowerCase(), identity),
    close: () => server.stop(),
  };
}
