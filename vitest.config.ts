import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["{app,api,common,solvers,bench}/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        extends: true,
        // Real API processes on real databases: one API per file, fresh data dir or schema each.
        test: { name: "integration", include: ["tests/integration/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 60_000 },
      },
    ],
  },
});
