import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
    globalSetup: ["src/server/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API tests start real servers on SQLite files and PostgreSQL schemas: keep CPU use bounded on 2 cores.
    maxWorkers: 2,
  },
});
