import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const env = (e: Record<string, string>) => e as NodeJS.ProcessEnv;

describe("API settings", () => {
  it("has embedded defaults: PGlite in ./data, port 5050, no demo data unless asked", () => {
    const c = loadConfig(env({}));
    expect(c.API_PORT).toBe(5050);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir.endsWith("/data")).toBe(true);
    expect(c.SEED_DEMO).toBe(false);
    expect(loadConfig(env({ SEED_DEMO: "1" })).SEED_DEMO).toBe(true);
  });
  it("refuses a fixed captcha in production", () => {
    expect(() => loadConfig(env({ NODE_ENV: "production", CAPTCHA_FIXED: "AB12" }))).toThrow(/CAPTCHA_FIXED/);
    expect(loadConfig(env({ NODE_ENV: "test", CAPTCHA_FIXED: "AB12" })).CAPTCHA_FIXED).toBe("AB12");
  });
  it("names the bad setting", () => {
    expect(() => loadConfig(env({ API_PORT: "not a port" }))).toThrow(/API_PORT/);
    expect(() => loadConfig(env({ SMS_PROVIDER: "http" }))).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig(env({ DES_KEY: "short" }))).toThrow(/DES_KEY/);
  });
});
