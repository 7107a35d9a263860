/**
 * Sign-in with a provider over real HTTP for tests (issue 10): a TestClient follows Better Auth's
 * redirects through the local OpenID Connect provider (./oidc-mock.ts), as a browser would.
 */

import { expect } from "vitest";
import type { TestClient } from "./harness";

/**
 * Follows a provider flow as a browser would: Better Auth's answer names the authorization URL,
 * the provider redirects back with a code, the callback redirects to the page.
 * Output: the final Location (path and query).
 */
export async function followProvider(client: TestClient, path: string, body: Record<string, unknown>): Promise<URL> {
  const start = await client.json<{ url: string }>("POST", path, body);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const authorize = await fetch(start.body.url, { redirect: "manual" });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get("location")!);
  expect(callback.origin).toBe(client.baseUrl);
  const landing = await client.get(callback.pathname + callback.search);
  expect(landing.status).toBe(302);
  return new URL(landing.headers.get("location")!, client.baseUrl);
}

/** 'Continua con …' from /login: sign-in (or sign-up) as `email` at the provider 'oidc'. */
export function signInWithProvider(client: TestClient, email: string, acceptPrivacy = true) {
  return followProvider(client, "/api/auth/sign-in/social", {
    provider: "oidc",
    callbackURL: "/generi",
    errorCallbackURL: "/login",
    loginHint: email,
    ...(acceptPrivacy ? { acceptPrivacy: true } : {}),
  });
}
