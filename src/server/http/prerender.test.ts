import { describe, expect, it } from "vitest";
import { LOAD_PAGE_SCRIPTS_SCRIPT, PAGE_SCRIPTS_ELEMENT_ID } from "../../shared/first-paint-scripts";
import { pageChunks, withPrerenderedPage } from "./prerender";

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

describe("a rendered page loads its scripts after its first paint (issue 21)", () => {
  const indexHtml =
    '<html><head><script type="module" crossorigin src="/assets/index-1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/shell-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
    '<body><div id="root"></div></body></html>';
  const page = { html: "<main>Ciao</main>", state: '{"queries":[]}', modules: [] };

  it("keeps no script in the head and lists the main script first, then every preload and page chunk once, for the constant loader", () => {
    const html = withPrerenderedPage(indexHtml, page, ["/assets/shell-1.js", "/assets/landing-page-1.js"]);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toMatch(/<script|modulepreload/);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    const list = html.match(new RegExp(`<script type="application/json" id="${PAGE_SCRIPTS_ELEMENT_ID}">(.*?)</script>`))![1]!;
    expect(JSON.parse(list)).toEqual(["/assets/index-1.js", "/assets/shell-1.js", "/assets/landing-page-1.js"]);
    expect(html).toContain(`<div id="root"><main>Ciao</main></div>`);
    expect(html.indexOf(list)).toBeLessThan(html.indexOf(`<script>${LOAD_PAGE_SCRIPTS_SCRIPT}</script>`));
  });
});
