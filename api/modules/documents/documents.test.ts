import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { kindOf } from "./kinds.ts";
import { dpiFor, MAX_SIDE_PX, parsePdfInfo, pixelsOf } from "./render.ts";
import { wholeCharacters } from "./routes.ts";
import { Limiter, Once, runTool, ToolError } from "./tools.ts";

const run = promisify(execFile);

describe("documents", () => {
  it("reads page count, sizes and rotation from pdfinfo, and refuses what has no pages", () => {
    const out = [
      "Producer:        x",
      "Pages:           3",
      "Page    1 size:  595.304 x 841.89 pts (A4)",
      "Page    1 rot:   0",
      "Page    2 size:  595 x 842 pts (A4)",
      "Page    2 rot:   90",
      "Page    3 size:  612 x 792 pts (letter)",
      "Page    3 rot:   180",
    ].join("\n");
    expect(parsePdfInfo(out)).toEqual({
      pages: 3,
      sizes: [
        [595.304, 841.89],
        [842, 595],
        [612, 792],
      ],
    });
    expect(parsePdfInfo("Pages:           0\n")).toBeNull();
    expect(parsePdfInfo("Pages:           2\nPage    1 size:  10 x 10 pts\n")).toBeNull();
    expect(parsePdfInfo("")).toBeNull();
  });

  it("draws pages at the set resolution, but never larger than MAX_SIDE_PX on the long side", () => {
    expect(pixelsOf([595.304, 841.89], 110)).toEqual([910, 1287]);
    expect(dpiFor([595, 842], 110)).toBe(110);
    const poster: [number, number] = [14400, 7200];
    expect(Math.max(...pixelsOf(poster, 110))).toBeLessThanOrEqual(MAX_SIDE_PX);
    expect(dpiFor([1e7, 1e7], 110)).toBe(10);
  });

  it("knows each kind by its extension and what its content must be", () => {
    expect(kindOf("pdf")).toMatchObject({ kind: "pdf", mime: "application/pdf" });
    for (const e of ["doc", "docx", "xls", "xlsx", "ppt", "pptx"]) expect(kindOf(e).kind, e).toBe("office");
    expect(kindOf("png")).toMatchObject({ kind: "image" });
    expect(kindOf("csv")).toMatchObject({ kind: "text" });
    expect(kindOf("zip")).toMatchObject({ kind: "other" });
    expect(kindOf("log")).toMatchObject({ kind: "text", claim: null });
    expect(kindOf("svg")).toMatchObject({ kind: "other", claim: null, mime: "application/octet-stream" });
    expect(kindOf("")).toMatchObject({ kind: "other" });
  });

  it("cuts a character split at the end of a read, and nothing else", () => {
    const steel = Buffer.from("a钢", "utf8"); // 61 e9 92 a2
    expect(wholeCharacters(steel).toString()).toBe("a钢");
    expect(wholeCharacters(steel.subarray(0, 3)).toString()).toBe("a");
    expect(wholeCharacters(steel.subarray(0, 2)).toString()).toBe("a");
    const emoji = Buffer.from("x😀", "utf8");
    expect(wholeCharacters(emoji.subarray(0, 4)).toString()).toBe("x");
    expect(wholeCharacters(Buffer.alloc(0)).length).toBe(0);
  });

  it("kills a tool's whole process group at its time limit", async () => {
    // Durations no other process uses, to find these sleeps again.
    const secs = `${900 + (process.pid % 97)}.${Date.now() % 100000}`;
    const started = Date.now();
    const err = await runTool("sh", ["-c", `sleep ${secs} & sleep ${secs}1`], { timeoutMs: 200 }).catch((e) => e);
    expect(err).toBeInstanceOf(ToolError);
    expect((err as ToolError).reason).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5000);
    // The background sleep went with its shell.
    await new Promise((r) => setTimeout(r, 100));
    const ps = await run("ps", ["-eo", "args"]);
    expect(ps.stdout.split("\n").filter((l) => l.includes(`sleep ${secs}`))).toEqual([]);
    expect(await runTool("sh", ["-c", "echo ok"], { timeoutMs: 5000 })).toBe("ok\n");
    expect(((await runTool("no-such-tool-here", [], { timeoutMs: 1000 }).catch((e) => e)) as ToolError).reason).toBe("missing");
    const failed = (await runTool("sh", ["-c", "echo bad >&2; exit 3"], { timeoutMs: 1000 }).catch((e) => e)) as ToolError;
    expect([failed.reason, failed.detail]).toEqual(["failed", "sh exited 3: bad"]);
  });

  it("runs at most `size` jobs at once, in order, and one job per key", async () => {
    const limiter = new Limiter(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const all = Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        limiter.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 5));
          order.push(i);
          running--;
        }),
      ),
    );
    // Two run, six wait: what the conversions count to turn a newcomer away as busy.
    expect(limiter.queued).toBe(6);
    await all;
    expect(limiter.queued).toBe(0);
    expect(peak).toBe(2);
    expect(order).toHaveLength(8);
    const once = new Once<number>();
    let calls = 0;
    const job = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return 7;
    };
    expect(await Promise.all([once.run("k", job), once.run("k", job)])).toEqual([7, 7]);
    expect(calls).toBe(1);
  });
});
