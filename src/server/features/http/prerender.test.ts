import { describe, expect, it } from "vitest";
import { START_APP_SCRIPT } from "../../../shared/first-paint-scripts";
import { pageChunks, pageShell, startModules, withPrerenderedPage } from "./prerender";

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

describe("the app's scripts on a rendered page (issue 39)", () => {
  const indexHtml =
    '<html><head><title>t</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/shell-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
    '<body><div id="root"></div></body></html>';

  it("leave <head> (the style sheet stays) and are listed with the page's chunks, the entry first, each once", () => {
    const shell = pageShell(indexHtml);
    expect(shell.scripts).toEqual(["/assets/index-1.js", "/assets/shell-1.js"]);
    expect(shell.html).toBe('<html><head><title>t</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>');
    const html = withPrerenderedPage(shell, { html: "<p>pagina</p>", state: "{}", modules: [] }, ["/assets/shell-1.js", "/assets/page-1.js"]);
    expect(html).toBe(
      '<html><head><title>t</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root" data-hydrating><p>pagina</p></div>' +
        '<script type="application/json" id="prerender-state">{}</script>' +
        '<script type="application/json" id="app-scripts">["/assets/index-1.js","/assets/shell-1.js","/assets/page-1.js"]</script>' +
        `<script>${START_APP_SCRIPT}</script></body></html>`,
    );
  });

  it("refuses an index.html without a module script, whose pages would never come alive", () => {
    expect(() => pageShell("<html><head></head><body><div id=\"root\"></div></body></html>")).toThrow(/no module script/);
  });
});
