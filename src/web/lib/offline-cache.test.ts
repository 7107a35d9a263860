/**
 * The rules of offline reading (issue 39 "Installable"): which requests the service worker keeps
 * for an account (the game page and its JSON, GET only) and which never (auth, admin, other API
 * paths, writes), and how account caches are named and recognised.
 */

import { describe, expect, it } from "vitest";
import { accountCacheName, isAccountCache, isBuiltAsset, storyRequest, validAccount } from "./offline-cache";

const at = (path: string) => new URL(path, "https://storie.example");

describe("offline reading rules", () => {
  it("keeps a game page and its JSON, GET only", () => {
    expect(storyRequest("GET", at("/gioco/fantasy/0b1c2d3e-aaaa-bbbb-cccc-111122223333"))).toBe("page");
    expect(storyRequest("GET", at("/api/games/0b1c2d3e-aaaa-bbbb-cccc-111122223333"))).toBe("json");
    expect(storyRequest("POST", at("/api/games/abc"))).toBeNull();
    expect(storyRequest("DELETE", at("/api/games/abc"))).toBeNull();
  });

  it("never keeps sign-in, admin pages, other API answers, a new game or a query", () => {
    for (const path of ["/api/auth/get-session", "/api/auth/sign-out", "/admin", "/admin/users", "/api/games/abc/messages", "/api/games/abc/live", "/api/session", "/api/me", "/gioco/fantasy/new", "/gioco/fantasy/abc?x=1", "/profilo", "/generi"]) {
      expect(storyRequest("GET", at(path)), path).toBeNull();
    }
  });

  it("names one cache per account and recognises only those", () => {
    expect(accountCacheName("u1")).toBe("storie-account-u1");
    expect(isAccountCache(accountCacheName("u1"))).toBe(true);
    expect(isAccountCache("storie-assets")).toBe(false);
    expect(isAccountCache("workbox-precache-v2-https://storie.example/")).toBe(false);
  });

  it("accepts only plain account keys", () => {
    expect(validAccount("rxHR9aAtRpdMILO8lZ4c4o3UIJyG6cus")).toBe("rxHR9aAtRpdMILO8lZ4c4o3UIJyG6cus");
    for (const bad of [null, undefined, "", "../x", "a b", "x".repeat(65)]) expect(validAccount(bad)).toBeNull();
  });

  it("treats only /assets/* as built files", () => {
    expect(isBuiltAsset(at("/assets/index-abc.js"))).toBe(true);
    expect(isBuiltAsset(at("/media/x.png"))).toBe(false);
  });
});
