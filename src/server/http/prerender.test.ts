import { describe, expect, it } from "vitest";
import { pageChunks } from "./prerender";

describe("the chunks a rendered page preloads (issue 12)", () => {
  const manifest = {
    "main.tsx": { file: "assets/index-1.js", imports: ["_shell.js"] },
    "_shell.js": { file: "assets/shell-1.js" },
    "_card.js": { file: "assets/card-1.js", imports: ["_shell.js", "_badge.js"] },
    "_badge.js": { file: "assets/badge-1.js", imports: ["_card.js"] },
    "features/landing/pages/landing-page.tsx": { file: "assets/landing-page-1.js", imports: ["_shell.js", "_card.js"] },
    "features/genres/pages/genres-page.tsx": { file: "assets/genres-page-1.js", imports: ["_card.js"] },
  };

  it("lists a page's chunk after everything it imports, each once, and survives import cycles", () => {
    expect(pageChunks(manifest, ["features/landing/pages/landing-page.tsx"])).toEqual([
      "/assets/shell-1.js",
      "/assets/badge-1.js",
      "/assets/card-1.js",
      "/assets/landing-page-1.js",
    ]);
  });

  it("merges the chunks of nested routes and ignores a module the build does not know", () => {
    expect(pageChunks(manifest, ["features/genres/pages/genres-page.tsx", "features/landing/pages/landing-page.tsx", "nope.tsx"])).toEqual([
      "/assets/shell-1.js",
      "/assets/badge-1.js",
      "/assets/card-1.js",
      "/assets/genres-page-1.js",
      "/assets/landing-page-1.js",
    ]);
  });
});
