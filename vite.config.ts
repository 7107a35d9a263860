import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

/** The modules of the "shell" chunk (below). */
const SHELL_MODULES =
  /node_modules\/(react|react-dom|scheduler|@tanstack\/(query-core|react-query)|react-router|tailwind-merge|clsx|class-variance-authority)\/|vite\/preload-helper|src\/web\/lib\/(api|next-task|utils|query-client|session|site-config|toast|auth-error-toast|login-redirect|use-sign-out|load-auth-client|live-events)\.|src\/web\/components\/ui\/(badge|button|card|input|native-select|skeleton|spinner|table|textarea)\./;

/**
 * What every page runs after the shell, evaluated by main.tsx's steps: the date formats, the
 * layout (header, footer, cookie banner), the routes and start.tsx with its App.
 */
const FRAME_MODULES =
  /src\/shared\/(italian-date|intl-formatter|first-paint-scripts|document-title|genres)\.|src\/web\/(start|app|router)\.tsx|src\/web\/lib\/(use-hydrated|site-year)\.|src\/web\/components\/(guest-account|layout\/(header|footer|cookie-banner|mobile-nav|privacy-dialog|brand|nav-links|use-document-title))\.|src\/web\/app-shell\/root-layout\.|src\/web\/features\/notifications\/(api|components\/(notification-bell|bell-button))\.|src\/web\/features\/auth\/components\/require-auth\./;

/**
 * Two builds (package.json "build"): the browser's app into dist/, and with --ssr the render module
 * the server uses to send public pages already rendered (src/web/entry-server.tsx → dist-ssr/,
 * issue 12), outside the folder the server publishes.
 */
export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Every text asset also as .br and .gz, served by the server with Content-Encoding (issue 12).
    ...(isSsrBuild
      ? []
      : [compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|svg|json|txt|xml|webmanifest)$/, skipIfLargerOrEqual: true, logLevel: "silent" })]),
  ],
  root: "src/web",
  publicDir: path.resolve("src/web/public"),
  resolve: {
    alias: [
      { find: "@shared", replacement: path.resolve("src/shared") },
      { find: "@", replacement: path.resolve("src/web") },
      // Every "zod" import of the web goes through its configuration (src/web/lib/zod.ts).
      { find: /^zod$/, replacement: path.resolve("src/web/lib/zod.ts") },
      // React Router's package resolves to its development build whatever the mode (its exports
      // name no production condition: remix-run/react-router#14102), which logs developer
      // warnings in production and keeps their code: a build takes the production one it ships.
      ...(command === "build" ? [{ find: /^react-router$/, replacement: path.resolve("node_modules/react-router/dist/production/index.mjs") }] : []),
    ],
  },
  // The render module carries its own copy of React and the libraries, in their production builds
  // whatever NODE_ENV the server runs with.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { "process.env.NODE_ENV": JSON.stringify("production") } } : {}),
  build: isSsrBuild
    ? { outDir: path.resolve("dist-ssr"), emptyOutDir: true, copyPublicDir: false, rollupOptions: { input: path.resolve("src/web/entry-server.tsx") } }
    : {
        outDir: path.resolve("dist"),
        emptyOutDir: true,
        chunkSizeWarningLimit: 800,
        // The manifest names each page module's chunk: the server preloads those of a page it renders.
        manifest: true,
        rolldownOptions: {
          output: {
            // What every page runs (React, the router, the query cache, class names, the API client,
            // the layout's helpers and the radix-free UI primitives most pages show) in one file
            // rather than a score of shared fragments of 0.2-2 KB: fewer round trips on a phone
            // (issue 12; issue 21: 151 -> 134 files, the game page's JS sent 263 -> 248 KB).
            // The icons in one file too (34 KB, 11 KB gzipped): a page used to fetch a dozen
            // 0.3 KB icon files, each a round trip on a phone (issue 21: the game page's scripts
            // 52 -> 43, the home page's 34 -> 25, for 4-6 KB gzipped more).
            codeSplitting: {
              groups: [
                { name: "shell", test: SHELL_MODULES },
                { name: "icons", test: /node_modules\/lucide-react\// },
                { name: "frame", test: FRAME_MODULES },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false }, "/media": "http://localhost:3000" },
  },
}));
