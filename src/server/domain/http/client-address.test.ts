/**
 * Client address resolution (issue 9 finding 2, DESIGN §5): forwarded headers count only when
 * the socket peer is a trusted proxy, and then the right-most untrusted hop is the client.
 */

import { describe, expect, it } from "vitest";
import { loadEnv } from "../../platform/env";
import { addressKey, normalizeAddress, resolveClientAddress } from "./client-address";

const headers = (init: Record<string, string>) => new Headers(init);

describe("resolveClientAddress", () => {
  it("without TRUSTED_PROXIES the socket address wins whatever the headers say", () => {
    expect(resolveClientAddress("203.0.113.5", headers({ "x-forwarded-for": "1.2.3.4", forwarded: "for=1.2.3.4" }), [])).toBe("203.0.113.5");
  });

  it("a peer outside TRUSTED_PROXIES is the client, its headers ignored", () => {
    expect(resolveClientAddress("203.0.113.5", headers({ "x-forwarded-for": "1.2.3.4" }), ["10.0.0.0/8"])).toBe("203.0.113.5");
  });

  it("behind trusted proxies the right-most untrusted hop is the client, whatever the client prepended", () => {
    const trusted = ["10.0.0.0/8", "::1"];
    expect(resolveClientAddress("10.0.0.2", headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.9" }), trusted)).toBe("198.51.100.7");
    expect(resolveClientAddress("::1", headers({ "x-forwarded-for": "198.51.100.7" }), trusted)).toBe("198.51.100.7");
    // Every hop trusted: the left-most one. No header: the proxy itself.
    expect(resolveClientAddress("10.0.0.2", headers({ "x-forwarded-for": "10.1.1.1, 10.0.0.9" }), trusted)).toBe("10.1.1.1");
    expect(resolveClientAddress("10.0.0.2", headers({}), trusted)).toBe("10.0.0.2");
  });

  it("a malformed hop stops the walk at the nearest proxy", () => {
    expect(resolveClientAddress("10.0.0.2", headers({ "x-forwarded-for": "198.51.100.7, unknown" }), ["10.0.0.0/8"])).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.2", headers({ "x-forwarded-for": "junk, 10.0.0.3" }), ["10.0.0.0/8"])).toBe("10.0.0.3");
  });

  it("reads RFC 7239 Forwarded when X-Forwarded-For is absent", () => {
    const forwarded = 'for=6.6.6.6, for="[2001:db8:cafe::17]:4711";proto=https;by=10.0.0.2';
    expect(resolveClientAddress("10.0.0.2", headers({ forwarded }), ["10.0.0.0/8"])).toBe("2001:db8:cafe::17");
  });

  it("normalises IPv4-mapped IPv6, ports and quotes", () => {
    expect(normalizeAddress("::ffff:127.0.0.2")).toBe("127.0.0.2");
    expect(normalizeAddress("198.51.100.7:8080")).toBe("198.51.100.7");
    expect(normalizeAddress('"[2001:DB8::1]:443"')).toBe("2001:db8::1");
    expect(normalizeAddress("_hidden")).toBeNull();
  });
});

describe("addressKey", () => {
  it("groups an IPv6 client by its /64 network and keeps IPv4 as is", () => {
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey(null)).toBe("unknown");
  });
});

describe("TRUSTED_PROXIES", () => {
  it("takes comma-separated IPs and CIDR ranges and refuses anything else", () => {
    expect(loadEnv({ TRUSTED_PROXIES: " 127.0.0.1, 10.0.0.0/8 ,fd00::/8" }).TRUSTED_PROXIES).toEqual(["127.0.0.1", "10.0.0.0/8", "fd00::/8"]);
    expect(loadEnv({}).TRUSTED_PROXIES).toEqual([]);
    for (const bad of ["localhost", "10.0.0.0/33", "10.0.0.1/8/1", "::1/129"]) expect(() => loadEnv({ TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES/);
  });
});
