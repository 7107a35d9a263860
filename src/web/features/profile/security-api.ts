/**
 * Profilo → 'Sicurezza' for the web (issue 10; spec §7 GET and PUT /user, /logout with a scope,
 * /factors): Better Auth's own endpoints through its client. Every call resolves to its data or
 * throws the client's error ({status, code, message, title}, in Italian from the server), ready
 * for toastAuthError.
 */

import { queryOptions } from "@tanstack/react-query";
import type { authClient } from "@/lib/auth-client";
import type { AuthClientError } from "@/lib/auth-error-toast";
import { loadAuthClient } from "@/lib/load-auth-client";
import { saveFile } from "./api";

/**
 * Input: a call on the auth client. Output: its answer's data, or the thrown error. The client
 * loads on the first call: /profilo's first load does not carry it (issue 21).
 */
export async function authCall<T>(call: (client: typeof authClient) => Promise<{ data: T | null; error: AuthClientError | null }>): Promise<T> {
  const { data, error } = await call(await loadAuthClient());
  if (error) throw error;
  return data as T;
}

export const securityKey = ["security"] as const;

/** One active session as listed by GET /api/auth/list-sessions (never its token, issue 19). */
export interface ActiveSession {
  /** The handle for POST /revoke-session {id} (src/server/domain/auth/sessions.ts). */
  id: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  updatedAt: Date | string;
  createdAt: Date | string;
}

/** This browser's session and user (twoFactorEnabled included), from GET /api/auth/get-session. */
export const currentSessionQuery = queryOptions({
  queryKey: [...securityKey, "current"],
  queryFn: () => authCall((client) => client.getSession()),
});

/** Every active session of the user, most recently active first. */
export const sessionsQuery = queryOptions({
  queryKey: [...securityKey, "sessions"],
  queryFn: async () => {
    const sessions = (await authCall((client) => client.listSessions())) as ActiveSession[];
    return [...sessions].sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime());
  },
});

/** The otpauth:// URI's secret (base32), shown as text beside the QR code. */
export function secretOf(totpURI: string): string {
  return new URL(totpURI).searchParams.get("secret") ?? "";
}

/** Downloads the backup codes as a .txt file, one per line, with a short Italian heading. */
export function downloadBackupCodes(codes: string[], site: string): void {
  const text = [
    `Codici di backup di ${site}`,
    "Ogni codice vale una sola volta, al posto del codice dell'app di autenticazione.",
    "Conservali in un posto sicuro.",
    "",
    ...codes,
    "",
  ].join("\n");
  saveFile(new Blob([text], { type: "text/plain;charset=utf-8" }), `codici-di-backup-${site.toLowerCase().replace(/[^a-z0-9]+/g, "")}.txt`);
}
