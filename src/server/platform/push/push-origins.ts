/**
 * The push services the site may send to (issue 39 "SSRF guard"): a subscription's endpoint is an
 * address the browser chose, so the server only stores and calls endpoints on an allowed origin.
 * Every address is read with the WHATWG URL parser (the one parser of this guard); web-push is
 * then given the parser's own serialisation of the endpoint, never the text the browser sent.
 */

/** One allowed origin: https, a host (`*.` in front = any subdomain of it) and a port ('' = 443). */
export interface PushOrigin {
  host: string;
  wildcard: boolean;
  port: string;
}

/**
 * The major browsers' push services: Chrome, Edge (Chromium) and Opera use Firebase Cloud
 * Messaging, Firefox Mozilla's autopush, Safari Apple's web push service, legacy Edge Windows
 * Push Notification Services.
 */
export const DEFAULT_PUSH_ORIGINS = "https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://*.push.apple.com,https://*.notify.windows.com";

/**
 * Parses a comma-separated list of https://host[:port] origins.
 * Output: the origins, or the Italian reason the first bad entry is refused (for env.ts).
 */
export function parsePushOrigins(list: string): PushOrigin[] | string {
  const origins: PushOrigin[] = [];
  for (const entry of list.split(",").map((e) => e.trim()).filter(Boolean)) {
    const url = URL.canParse(entry) ? new URL(entry) : null;
    const plain = url !== null && url.protocol === "https:" && url.username === "" && url.password === "" && url.pathname === "/" && url.search === "" && url.hash === "";
    if (!plain || url.hostname.includes("*", url.hostname.startsWith("*.") ? 1 : 0)) return `"${entry}" non è un'origine https://host[:porta]`;
    const wildcard = url.hostname.startsWith("*.");
    origins.push({ host: wildcard ? url.hostname.slice(2) : url.hostname, wildcard, port: url.port });
  }
  return origins.length > 0 ? origins : "deve elencare almeno un'origine https://host[:porta]";
}

/**
 * The endpoint as the site will call it, when it is an https URL without credentials on one of
 * `origins`; else null. Input: the endpoint as sent, the allowed origins.
 */
export function allowedEndpoint(endpoint: string, origins: readonly PushOrigin[]): string | null {
  if (!URL.canParse(endpoint)) return null;
  const url = new URL(endpoint);
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") return null;
  const allowed = origins.some((o) => o.port === url.port && (o.wildcard ? url.hostname.endsWith(`.${o.host}`) : url.hostname === o.host));
  return allowed ? url.href : null;
}
