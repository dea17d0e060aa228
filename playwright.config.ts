import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/** One platform (API + web on a fresh PGlite with demo data) for the whole browser suite. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3900);
export const E2E_API_PORT = Number(process.env.E2E_API_PORT ?? 5900);
export const E2E_DATA_DIR =
  process.env.E2E_DATA_DIR ??
  path.join(os.tmpdir(), `ferrum-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = E2E_DATA_DIR;
export const E2E_SESSION_SECRET = "e2e-session-secret-not-for-production";
export const E2E_CAPTCHA = "AB12";
/** The stand-in for WeChat's open platform and API (tests/fakes/wechat.ts) the platform is pointed at. */
const E2E_WX_PORT = Number(process.env.E2E_WX_PORT ?? E2E_API_PORT + 1);
const WECHAT = { WECHAT_APPID: "wx-e2e-app", WECHAT_SECRET: "wx-e2e-secret" };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A ceiling, not a wait: the longer flows (several logins, a dozen pages) take 20–35 s on a loaded 2-core
  // runner, so 60 s; a test that needs more says so (test.setTimeout) and why.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [["list"]],
  forbidOnly: true,
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: /realtime\.spec\.ts$/,
    },
    // The live-push tests watch for one particular notice; they run last and alone, so no other test
    // publishes a newer one while they wait.
    {
      name: "realtime",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /realtime\.spec\.ts$/,
      dependencies: ["chromium"],
    },
  ],
  webServer: [
    {
      command: "npx tsx tests/fakes/wechat-server.ts",
      port: E2E_WX_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { ...WECHAT, WX_FAKE_PORT: String(E2E_WX_PORT) },
    },
    {
      command: "node --max-old-space-size=256 build/server/start.mjs",
      url: `http://localhost:${E2E_PORT}/dashboard`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(E2E_PORT),
        API_PORT: String(E2E_API_PORT),
        DATA_DIR: E2E_DATA_DIR,
        SEED_DEMO: "1",
        CAPTCHA_FIXED: E2E_CAPTCHA,
        SESSION_SECRET: E2E_SESSION_SECRET,
        ALLOWED_REDIRECT_HOSTS: "apps.example.org",
        NODE_ENV: "test",
        // Two workers share this platform. The resource page's spec holds three long tasks running for up to a
        // minute; with one slot per core (2 here) they held every slot, and another worker's workflow waited
        // behind them until its test timed out. Enough slots that no spec's tasks wait for another spec's.
        COMPUTE_SLOTS: "6",
        ...WECHAT,
        WECHAT_API_BASE: `http://127.0.0.1:${E2E_WX_PORT}`,
        WECHAT_OPEN_BASE: `http://127.0.0.1:${E2E_WX_PORT}`,
      },
    },
  ],
});
