import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", changeOrigin: false }, "/media": "http://localhost:3000" },
  },
});
