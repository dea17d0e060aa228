/**
 * The Node options the API process runs with, wherever it is started (`npm start`'s child, `npm run start:api`,
 * deploy/compose.yaml; `node-flags.test.ts` keeps those in step). Measured in docs/decisions.md, 10.
 * - `--max-semi-space-size=4`: V8's young generation at 4 MB semi-spaces instead of 16. The API makes little
 *   garbage per call, and the full 32 MB stayed resident beside PGlite.
 * - `--v8-pool-size=1`: one V8 worker thread instead of four. PGlite's WebAssembly is compiled at start on the
 *   workers, and each left its malloc arena 25–40 MB large with memory glibc does not give back: four arenas held
 *   about 60 MB for good, one holds about 30. Start-up time and the CPU per request are the same (two cores).
 * - `--expose-gc`: the API collects once when it has started (`main.ts`). The migrations, the demo data and its
 *   report's PDF fonts leave about 65 MB of garbage that an API making little garbage kept for hours, until
 *   V8's first full collection. No code but ours runs in this process (users' code runs in the sandbox).
 */
export const API_NODE_FLAGS = ["--max-semi-space-size=4", "--v8-pool-size=1", "--expose-gc"];
