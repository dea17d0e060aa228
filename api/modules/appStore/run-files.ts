/**
 * The files an app store task's job leaves beside the executor's own (docs/app-store.md), named in one place
 * for run-cli.ts and app-definition.ts. A module of its own so run-cli.ts bundles into plain node (cli-bundle.ts):
 * importing them from app-definition.ts pulled esbuild in and kept every store task on tsx's 1.6 s start.
 */
export const RUN_STATUS_FILE = "app-run.json";
export const APP_LOGS = { stdout: "app-stdout.log", stderr: "app-stderr.log" } as const;
