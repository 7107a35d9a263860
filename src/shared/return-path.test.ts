/** The shared return-path rule (issue 10: no open redirect after sign-in or confirmation). */

import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeReturnPath("/generi")).toBe("/generi");
    expect(safeReturnPath("/scopri/la-nave/123?x=1#inizio")).toBe("/scopri/la-nave/123?x=1#inizio");
    expect(safeReturnPath("/login?conferma=1&next=%2Fprofilo")).toBe("/login?conferma=1&next=%2Fprofilo");
    expect(safeReturnPath("/a/../profilo")).toBe("/profilo");
  });

  it.each([
    ["an absolute URL", "https://evil.example/generi"],
    ["an absolute URL of the site itself", "http://127.0.0.1:3000/generi"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash that browsers read as a slash", "/\\evil.example"],
    ["a backslash later in the path", "/a\\..\\..\\evil"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a relative path", "generi"],
    ["a tab hiding a second slash", "/\t/evil.example"],
    ["a newline", "/generi\nSet-Cookie: x=1"],
    ["an encoded slash", "/%2F%2Fevil.example"],
    ["an encoded backslash", "/%5Cevil.example"],
    ["an empty string", ""],
    ["a very long path", `/${"a".repeat(5000)}`],
  ])("refuses %s", (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("refuses anything that is not a string", () => {
    for (const value of [undefined, null, 42, ["/generi"], { path: "/generi" }]) expect(safeReturnPath(value)).toBeNull();
  });
});
