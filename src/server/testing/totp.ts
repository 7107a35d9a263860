/**
 * Two-step verification helpers for tests (issue 10, 19): codes of an authenticator app computed
 * with otpauth, and turning the app on for a signed-in client over real HTTP.
 */

import { TOTP, URI } from "otpauth";
import { expect } from "vitest";
import type { TestClient } from "./harness";

/** The current code of the app, and one that is wrong at any moment of a test (outside ±2 periods). */
export function codes(totp: TOTP) {
  const now = Date.now();
  const near = new Set([-2, -1, 0, 1, 2].map((k) => totp.generate({ timestamp: now + k * 30_000 })));
  let wrong = 0;
  while (near.has(String(wrong).padStart(6, "0"))) wrong++;
  return { right: totp.generate(), wrong: String(wrong).padStart(6, "0") };
}

/**
 * Turns two-step verification on for a signed-in client: enable with the password, confirm with a code.
 * Output: the app (TOTP), the ten backup codes and the otpauth:// URI shown at enrolment.
 */
export async function enableTotp(client: TestClient, password: string) {
  const enabled = await client.json<{ totpURI: string; backupCodes: string[] }>("POST", "/api/auth/two-factor/enable", { password });
  expect(enabled.status).toBe(200);
  const totp = URI.parse(enabled.body.totpURI) as TOTP;
  const confirmed = await client.json("POST", "/api/auth/two-factor/verify-totp", { code: totp.generate() });
  expect(confirmed.status).toBe(200);
  return { totp, backupCodes: enabled.body.backupCodes, uri: enabled.body.totpURI };
}
