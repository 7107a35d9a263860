import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Every text asset also as .br and .gz, served by the server with Content-Encoding (issue 12).
    compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|css|svg|json|txt|xml|webmanifest)$/, skipIfLargerOrEqual: true, logLevel: "silent" }),
  ],
  root: "src/web",
  publicDir: path.resolve("src/web/public"),
  resolve: {
    alias: [
      { find: "@shared", replacement: path.resolve("src/shared") },
      { find: "@", replacement: path.resolve("src/web") },
      // Every "zod" import of the web goes through its configuration (src/web/lib/zod.ts).
      { find: /^zod$/, replacement: path.resolve("src/web/lib/zod.ts") },
    ],
  },
  build: {
    outDir: path.resolve("dist"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false }, "/media": "http://localhost:3000" },
  },
});
