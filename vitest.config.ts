import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    // Both cores: test files are half waiting (API processes, solvers, databases), so two at a time took the
    // suite from 11.2 to 9.3 min here. Tests never assert wall time (benchmarks do, in bench/).
    maxWorkers: 2,
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
