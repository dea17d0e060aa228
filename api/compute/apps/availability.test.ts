import { afterEach, describe, expect, it } from "vitest";
import { readTaskInput } from "../tasks/input.ts";
import { availabilityOf, debianVersion, detect, findExecutable, refreshAvailability } from "./availability.ts";
import { APPS, findApp } from "./index.ts";

const realPath = process.env.PATH;
afterEach(async () => {
  process.env.PATH = realPath;
  await refreshAvailability(APPS);
});

describe("availability of an app's code", () => {
  it("a platform solver is always available with its own version", async () => {
    expect(await detect({ version: "1.0" })).toEqual({ available: true, version: "1.0", reason: null });
  });

  it("finds executables on PATH, and reads a Debian package's version", async () => {
    expect(findExecutable("bash")).toMatch(/\/bash$/);
    expect(findExecutable("no-such-code-here")).toBeNull();
    expect(await debianVersion("bash")).toMatch(/^\d/);
    expect(await debianVersion("no-such-package-here")).toBeNull();
  });

  it("a missing command or data path makes the app unavailable, naming what is missing and the package", async () => {
    const av = await detect({
      version: "?",
      code: { commands: ["bash", "no-such-code-here"], packages: ["some-package"], data: ["/no/such/dir"], version: async () => "9" },
    });
    expect(av.available).toBe(false);
    expect(av.reason!.en).toContain("no-such-code-here, /no/such/dir");
    expect(av.reason!.en).toContain("some-package");
    expect(av.reason!.zh).toContain("未安装");
  });

  it("CreateTask refuses an app whose code is missing, with the reason in the caller's language", async () => {
    const app = APPS.find((a) => a.code)!;
    process.env.PATH = "/nonexistent";
    await refreshAvailability(APPS);
    expect(availabilityOf(app).available).toBe(false);
    expect(availabilityOf(findApp("carburizing")!).available).toBe(true);
    expect(() => readTaskInput({ appId: app.id, mode: "graphical", params: app.example ?? {} }, "en", 2)).toThrow(/not installed/);
    process.env.PATH = realPath;
    await refreshAvailability(APPS);
    expect(availabilityOf(app).available).toBe(true);
    expect(availabilityOf(app).version).toMatch(/^\d/);
  });
});
