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
    alias: {
      "@": path.resolve("src/web"),
      "@shared": path.resolve("src/shared"),
    },
  },
  build: {
    outDir: path.resolve("dist"),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and its global configuration (jitless, Italian messages) share one chunk, so the
          // configuration runs as soon as zod is loaded, before any module of another chunk can
          // parse with a schema at load time (site-config.ts does): otherwise zod probes
          // `new Function` and the CSP reports an eval violation (issue 9).
          groups: [{ name: "zod", test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]web[\\/]lib[\\/]zod-setup\.ts$/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false }, "/media": "http://localhost:3000" },
  },
});
