/**
 * The house's import rules (issue 37, ADR 0021), checked by `npm run lint` (so by `npm test` and CI).
 * Server floors, lowest first: platform ← domain ← features ← app; a floor imports only floors
 * below it. Web floors: lib ← components ← features ← the app shell (app-shell/, app.tsx, router.tsx,
 * entry files). shared/ imports nothing of server/ or web/. Tests (*.test.ts) and the test floor
 * (src/server/testing) may import anything; production code never imports them.
 */

const TEST = "(\\.test\\.tsx?$|\\.fixture\\.tsx?$)";
const TEST_HELPERS = "(^src/server/testing/|\\.test\\.tsx?$|\\.fixture\\.tsx?$|-testing\\.tsx?$|^e2e/|^bench/)";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A file circle (type imports included): split the shared part into a module both import, on the lower floor.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-platform-imports-nothing-above",
      comment: "src/server/platform is the ground floor (env, errors, clock, database, mail, media storage, event bus, logger): it imports no domain, feature or app module.",
      severity: "error",
      from: { path: "^src/server/platform/", pathNot: TEST },
      to: { path: "^src/server/(domain|features|app|testing)/" },
    },
    {
      name: "server-domain-imports-no-feature",
      comment: "src/server/domain (accounts, auth, AI clients, memory, story tree, quotas, the policy owners) imports only platform and shared, never a feature or the app.",
      severity: "error",
      from: { path: "^src/server/domain/", pathNot: TEST },
      to: { path: "^src/server/(features|app|testing)/" },
    },
    {
      name: "server-features-import-no-app",
      comment: "src/server/features (routes and services per product feature) import domain, platform and shared, never the app floor that wires them.",
      severity: "error",
      from: { path: "^src/server/features/", pathNot: TEST },
      to: { path: "^src/server/(app|testing)/" },
    },
    {
      name: "server-imports-no-web",
      comment: "The server reads the built web app from disk (dist-ssr, dist), never its sources.",
      severity: "error",
      from: { path: "^src/server/", pathNot: TEST },
      to: { path: "^src/web/" },
    },
    {
      name: "shared-imports-nothing-of-server-or-web",
      comment: "src/shared is read by both the server and the browser: it imports neither.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(server|web)/" },
    },
    {
      name: "web-imports-no-server",
      comment: "The browser bundle never includes server modules: the web talks to the server over HTTP; it reads the answers' shapes only from the API's type (web-reads-only-the-api-type).",
      severity: "error",
      from: { path: "^src/web/", pathNot: TEST },
      to: { path: "^src/server/", pathNot: "^src/server/app/api\\.ts$" },
    },
    {
      name: "web-reads-only-the-api-type",
      comment: "The web reads the server's answers from one place, the API's type (src/server/app/api.ts ApiType), and only as a type: no server code reaches the browser.",
      severity: "error",
      from: { path: "^src/web/", pathNot: TEST },
      to: { path: "^src/server/app/api\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-test-helper-in-production",
      comment: "Production code never imports a test, a fixture, the test floor (src/server/testing), e2e or bench helpers.",
      severity: "error",
      from: { path: "^src/", pathNot: TEST_HELPERS },
      to: { path: TEST_HELPERS },
    },
    {
      name: "web-lib-imports-no-component-or-feature",
      comment: "src/web/lib is the web's ground floor: it imports neither components nor features.",
      severity: "error",
      from: { path: "^src/web/lib/", pathNot: TEST },
      to: { path: "^src/web/(components|features|app-shell)/" },
    },
    {
      name: "web-components-import-no-feature",
      comment: "src/web/components (layout and shared components) never import a feature: features come in through props or slots, or the app shell composes them.",
      severity: "error",
      from: { path: "^src/web/components/", pathNot: TEST },
      to: { path: "^src/web/(features|app-shell)/" },
    },
    {
      name: "web-features-import-no-app-shell",
      comment: "src/web/features import lib and components, never the app shell above them.",
      severity: "error",
      from: { path: "^src/web/features/", pathNot: TEST },
      to: { path: "^src/web/(app-shell/|app\\.tsx|router\\.tsx|main\\.tsx|entry-server\\.tsx|start\\.tsx)" },
    },
    {
      name: "web-feature-reaches-another-only-through-its-index",
      comment: "A feature imports another feature only through that feature's public index.ts.",
      severity: "error",
      from: { path: "^src/web/features/([^/]+)/", pathNot: TEST },
      to: { path: "^src/web/features/([^/]+)/", pathNot: ["^src/web/features/$1/", "^src/web/features/[^/]+/index\\.tsx?$"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^node_modules|^dist)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
