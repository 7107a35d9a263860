import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // Web modules under test import shared code as the web build does (vite.config.ts).
  resolve: {
    alias: [{ find: "@shared", replacement: path.resolve("src/shared") }, { find: "@", replacement: path.resolve("src/web") }],
  },
  test: {
    // bench/eval holds `npm run eval` and its test (issue 38 §5).
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "bench/eval/**/*.test.ts"],
    environment: "node",
    globalSetup: ["src/server/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API tests start real servers on SQLite files and PostgreSQL schemas: keep CPU use bounded on 2 cores.
    maxWorkers: 2,
  },
});
