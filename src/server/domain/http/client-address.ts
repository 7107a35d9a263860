/**
 * The client address of a request (DESIGN §5, issue 9 finding 2): the socket's peer, unless
 * that peer is a reverse proxy listed in TRUSTED_PROXIES; then the forwarded chain
 * (X-Forwarded-For, else Forwarded) is walked from the right and the first hop that is not a
 * trusted proxy is the client. A header sent by anyone else is ignored, so a client cannot
 * pick its own address.
 */

import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "../context";

/**
 * Private header carrying the resolved client address to Better Auth (its
 * advanced.ipAddress.ipAddressHeaders) and to the auth limits. The app always overwrites it,
 * so a value sent by a client never survives.
 */
export const CLIENT_ADDRESS_HEADER = "x-storie-client-address";

const blockLists = new WeakMap<readonly string[], BlockList>();

/** The BlockList of TRUSTED_PROXIES entries (IPs or CIDR ranges, validated by env.ts); cached per list. */
function trustedProxies(entries: readonly string[]): BlockList {
  let list = blockLists.get(entries);
  if (!list) {
    list = new BlockList();
    for (const entry of entries) {
      const [address = "", prefix] = entry.split("/");
      const type = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
    blockLists.set(entries, list);
  }
  return list;
}

/**
 * Canonical form of one address token: IPv4-mapped IPv6 ("::ffff:1.2.3.4") becomes IPv4, a
 * port (1.2.3.4:80, [::1]:80) and quotes are dropped. Output: the address, or null when the
 * token is not an IP address ("unknown", "_hidden", garbage).
 */
export function normalizeAddress(token: string): string | null {
  let value = token.trim().replace(/^"|"$/g, "");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value);
  if (mapped) value = mapped[1]!;
  return isIP(value) ? value.toLowerCase() : null;
}

/** The forwarded chain, client first: X-Forwarded-For, else the for= values of Forwarded (RFC 7239). */
function forwardedChain(headers: Headers): string[] {
  const xff = headers.get("x-forwarded-for");
  if (xff !== null) return xff.split(",");
  const forwarded = headers.get("forwarded");
  if (forwarded === null) return [];
  return forwarded.split(",").map((element) => {
    const pair = element.split(";").find((p) => p.trim().toLowerCase().startsWith("for="));
    return pair ? pair.trim().slice(4) : "";
  });
}

/**
 * Resolves the client address.
 * Input: the socket peer address (undefined when unknown), the request headers and the
 * TRUSTED_PROXIES entries. Output: the address (IPv4 dotted or IPv6 text), or null when the
 * peer is unknown. Behind trusted proxies the right-most untrusted hop wins; when every hop is
 * trusted, the left-most one; a malformed hop stops the walk at the nearest proxy before it.
 */
export function resolveClientAddress(peer: string | undefined, headers: Headers, trusted: readonly string[]): string | null {
  let client = peer ? normalizeAddress(peer) : null;
  if (!client || trusted.length === 0) return client;
  const proxies = trustedProxies(trusted);
  const isTrusted = (address: string) => proxies.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
  const hops = forwardedChain(headers);
  for (let i = hops.length - 1; i >= 0 && isTrusted(client); i--) {
    const hop = normalizeAddress(hops[i]!);
    if (!hop) break;
    client = hop;
  }
  return client;
}

/**
 * Who a client address stands for, as a limit key: an IPv6 address by its /64 network (what one
 * subscriber gets), IPv4 as is, "unknown" without an address.
 */
export function addressKey(address: string | null): string {
  if (!address) return "unknown";
  if (isIP(address) !== 6) return address;
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/** Loopback and private networks: where a reverse proxy in front of the server usually connects from. */
const localNetworks = trustedProxies(["127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "::1", "fc00::/7"]);
const warnedServers = new WeakSet<object>();

/**
 * Logs once per server when a forwarded header arrives from a local address while
 * TRUSTED_PROXIES is empty: a proxy probably sits in front, and every visitor then shares its
 * address (and its limits) until TRUSTED_PROXIES names it.
 */
function warnIfProxied(c: Context<AppEnv>, peer: string) {
  const { deps } = c.var;
  if (deps.env.TRUSTED_PROXIES.length > 0 || warnedServers.has(deps)) return;
  if (!c.req.raw.headers.has("x-forwarded-for") && !c.req.raw.headers.has("forwarded")) return;
  if (!localNetworks.check(peer, isIP(peer) === 6 ? "ipv6" : "ipv4")) return;
  warnedServers.add(deps);
  deps.logger.warn(
    { peer },
    "Richiesta con X-Forwarded-For da un indirizzo locale, ma TRUSTED_PROXIES è vuoto: se il sito è dietro un proxy (nginx, Caddy), impostalo con l'indirizzo del proxy, altrimenti tutti i visitatori condividono i limiti di accesso del proxy.",
  );
}

/**
 * Client address of a Hono request served by @hono/node-server (socket peer + TRUSTED_PROXIES
 * from deps.env). Output: the address, or null when there is no socket (in-process requests).
 */
export function clientAddress(c: Context<AppEnv>): string | null {
  let peer: string | null;
  try {
    peer = normalizeAddress(getConnInfo(c).remote.address ?? "");
  } catch {
    return null;
  }
  if (peer) warnIfProxied(c, peer);
  return resolveClientAddress(peer ?? undefined, c.req.raw.headers, c.var.deps.env.TRUSTED_PROXIES);
}

/**
 * True when the request's connection comes from a proxy listed in TRUSTED_PROXIES: only then are
 * its forwarded headers (X-Forwarded-For, X-Request-Id) believed. False without a socket.
 */
export function isFromTrustedProxy(c: Context<AppEnv>): boolean {
  const entries = c.var.deps.env.TRUSTED_PROXIES;
  if (entries.length === 0) return false;
  let peer: string | null;
  try {
    peer = normalizeAddress(getConnInfo(c).remote.address ?? "");
  } catch {
    return false;
  }
  return peer !== null && trustedProxies(entries).check(peer, isIP(peer) === 6 ? "ipv6" : "ipv4");
}

/**
 * The request to hand to Better Auth: a copy whose CLIENT_ADDRESS_HEADER holds the resolved
 * client address (or is absent when unknown), whatever the client sent in it.
 */
export function withClientAddress(c: Context<AppEnv>): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_ADDRESS_HEADER);
  const address = clientAddress(c);
  if (address) headers.set(CLIENT_ADDRESS_HEADER, address);
  return new Request(c.req.raw, { headers });
}
