import { describe, expect, it } from "vitest";
import { pageChunks, startModules } from "./prerender";

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

describe("the modules the browser's entry starts with (issue 21)", () => {
  it("are the entry's dynamic imports, so a rendered page preloads each step's chunks", () => {
    const manifest = {
      "index.html": { file: "assets/index-1.js", isEntry: true, imports: ["_shell.js"], dynamicImports: ["_shell.js", "router.tsx", "start.tsx"] },
      "_shell.js": { file: "assets/shell-1.js" },
      "router.tsx": { file: "assets/router-1.js", isDynamicEntry: true, imports: ["_shell.js", "_button.js"], dynamicImports: ["features/landing/pages/landing-page.tsx"] },
      "_button.js": { file: "assets/button-1.js" },
      "start.tsx": { file: "assets/start-1.js", isDynamicEntry: true, imports: ["_shell.js", "router.tsx"] },
    };
    expect(startModules(manifest)).toEqual(["_shell.js", "router.tsx", "start.tsx"]);
    expect(pageChunks(manifest, startModules(manifest))).toEqual(["/assets/shell-1.js", "/assets/button-1.js", "/assets/router-1.js", "/assets/start-1.js"]);
  });

  it("are none without a build manifest", () => {
    expect(startModules({})).toEqual([]);
  });
});
