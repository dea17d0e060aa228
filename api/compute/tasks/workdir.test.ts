import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hashFiles, inputsIntact, readLog, resolveInside, writeInputs } from "./workdir.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-workdir-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("task work dir", () => {
  it("hashes inputs by name and content, independent of order, and tells intact inputs from changed ones", async () => {
    expect(hashFiles({ a: "1", b: "2" })).toBe(hashFiles({ b: "2", a: "1" }));
    expect(hashFiles({ a: "1", b: "2" })).not.toBe(hashFiles({ a: "12", b: "" }));
    const dir = path.join(root, "t1");
    await writeInputs(dir, { "carburize.in": "c0 = 0.2\n" });
    const h = hashFiles({ "carburize.in": "c0 = 0.2\n" });
    expect(await inputsIntact(dir, ["carburize.in"], h)).toBe(true);
    fs.appendFileSync(path.join(dir, "carburize.in"), "cs = 1\n");
    expect(await inputsIntact(dir, ["carburize.in"], h)).toBe(false);
    expect(await inputsIntact(dir, ["missing.in"], h)).toBe(false);
  });

  it("resolves only regular files inside the work dir: no .., absolute paths, or symlinks leading out", async () => {
    const dir = path.join(root, "t2");
    await writeInputs(dir, { "result.json": "{}" });
    fs.mkdirSync(path.join(dir, "sub"));
    fs.writeFileSync(path.join(dir, "sub", "x.txt"), "x");
    fs.writeFileSync(path.join(root, "secret.txt"), "secret");
    fs.symlinkSync(path.join(root, "secret.txt"), path.join(dir, "link.txt"));
    fs.symlinkSync(root, path.join(dir, "up"));
    expect(await resolveInside(dir, "result.json")).toBe(fs.realpathSync(path.join(dir, "result.json")));
    expect(await resolveInside(dir, "sub/x.txt")).toBe(fs.realpathSync(path.join(dir, "sub", "x.txt")));
    for (const bad of ["../secret.txt", "sub/../../secret.txt", path.join(root, "secret.txt"), "/etc/passwd", "link.txt", "up/secret.txt", "sub", "", "a\0b", "C:/x"]) {
      expect(await resolveInside(dir, bad), bad).toBeNull();
    }
  });

  it("pages a log by byte offset without splitting a character", async () => {
    const file = path.join(root, "stdout.log");
    fs.writeFileSync(file, "进度 progress 0.5\n完成\n");
    const whole = fs.readFileSync(file);
    let offset = 0;
    let text = "";
    for (let i = 0; i < 50 && offset < whole.length; i++) {
      const page = await readLog(file, offset, 4);
      expect(page.nextOffset).toBeGreaterThanOrEqual(offset);
      // A page that read its full 4 bytes (cut or not) may have more behind it.
      expect(page.more).toBe(whole.length - offset >= 4);
      text += page.text;
      offset = page.nextOffset;
    }
    expect(text).toBe("进度 progress 0.5\n完成\n");
    expect(await readLog(file, whole.length)).toEqual({ text: "", nextOffset: whole.length, more: false });
    expect(await readLog(path.join(root, "none.log"), 0)).toEqual({ text: "", nextOffset: 0, more: false });
    expect(await readLog(file, 0)).toEqual({ text: "进度 progress 0.5\n完成\n", nextOffset: whole.length, more: false });
  });
});
