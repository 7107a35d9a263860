/**
 * Which browser origins may make state-changing calls (DESIGN §5 same-origin rule; issue 9
 * finding 7). With PUBLIC_URL set, that address (and the server's own URL); without it, every
 * address the machine answers on at the server's port: loopback (localhost, 127.0.0.1, [::1]) and
 * the addresses of its network interfaces, so http://127.0.0.1:3000 and a phone on the same
 * network work out of the box. Used for Better Auth's trustedOrigins and the app's own check.
 */

import os from "node:os";

/** The methods that change nothing (RFC 9110 §9.2.1): every other one is a state-changing call. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** The machine's own interface addresses as URL hosts (IPv6 in brackets; link-local IPv6 skipped). */
function interfaceHosts(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((info) => info !== undefined && !(info.family === "IPv6" && info.scopeid))
    .map((info) => (info!.family === "IPv6" ? `[${info!.address}]` : info!.address));
}

/**
 * The trusted origins.
 * Input: PUBLIC_URL (or undefined), the server's own URL (http://host:port) and its port.
 * Output: origins such as "http://127.0.0.1:3000", without duplicates.
 */
export function trustedOrigins(publicUrl: string | undefined, serverUrl: string, port: number): string[] {
  const own = new URL(serverUrl).origin;
  if (publicUrl) return [...new Set([new URL(publicUrl).origin, own])];
  const hosts = [...LOOPBACK_HOSTS, ...interfaceHosts()];
  return [...new Set([own, ...hosts.map((host) => new URL(`http://${host}:${port}`).origin)])];
}

/** The log line written when an origin is refused: it names PUBLIC_URL, the setting that fixes it. */
export function refusedOriginLog(origin: string | undefined): string {
  return `Origine non riconosciuta: ${origin || "(nessuna)"}. Se è l'indirizzo del sito, impostalo in PUBLIC_URL (es. PUBLIC_URL=${origin || "https://storie.example"}).`;
}
