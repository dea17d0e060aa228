import { describe, expect, it } from "vitest";
import { actionsFrom, DEFAULT_SAMPLE_PATTERN, formatSampleId, nextState, ORDER_ACTIONS, ORDER_STATES, parseSamplePattern, samplePeriod, type PatternPart } from "./detection.ts";

describe("the task order's states", () => {
  it("goes from draft to reported one step at a time", () => {
    const path = ["submit", "receive", "start", "complete", "verify", "report"] as const;
    let state = "draft" as (typeof ORDER_STATES)[number];
    for (const a of path) state = nextState(state, a)!;
    expect(state).toBe("reported");
  });

  it("allows exactly these transitions and refuses every other", () => {
    const allowed = new Set([
      "draft:submit",
      "submitted:receive",
      "received:start",
      "in_test:complete",
      "to_verify:verify",
      "verified:report",
      "draft:cancel",
      "submitted:cancel",
      "received:cancel",
      "in_test:cancel",
      "to_verify:retest",
      "verified:retest",
      "reported:retest",
    ]);
    for (const s of ORDER_STATES) for (const a of ORDER_ACTIONS) expect(nextState(s, a) !== null, `${s}:${a}`).toBe(allowed.has(`${s}:${a}`));
    expect(nextState("reported", "retest")).toBe("in_test");
    expect(nextState("in_test", "cancel")).toBe("cancelled");
  });

  it("ends a cancelled order, and offers what each state allows", () => {
    expect(actionsFrom("cancelled")).toEqual([]);
    expect(actionsFrom("draft")).toEqual(["submit", "cancel"]);
    expect(actionsFrom("to_verify")).toEqual(["verify", "retest"]);
  });
});

describe("sample IDs", () => {
  const parts = (p: string) => {
    const r = parseSamplePattern(p);
    if ("error" in r) throw new Error(r.error);
    return r.parts;
  };

  it("formats the default pattern per month", () => {
    const p = parts(DEFAULT_SAMPLE_PATTERN);
    expect(formatSampleId(p, "2026-11-27", 1)).toBe("S202611-0001");
    expect(formatSampleId(p, "2026-11-27", 9999)).toBe("S202611-9999");
    expect(formatSampleId(p, "2026-11-27", 10000)).toBeNull();
    expect(samplePeriod(p, "2026-11-27")).toBe("2026|11");
    expect(samplePeriod(p, "2026-12-01")).not.toBe(samplePeriod(p, "2026-11-30"));
  });

  it("counts per day, per year or for ever as the pattern says", () => {
    expect(samplePeriod(parts("LAB-{YY}{MM}{DD}-{SEQ:3}"), "2026-01-05")).toBe("26|01|05");
    expect(formatSampleId(parts("LAB-{YY}{MM}{DD}-{SEQ:3}"), "2026-01-05", 7)).toBe("LAB-260105-007");
    expect(samplePeriod(parts("{YYYY}/{SEQ:6}"), "2026-01-05")).toBe("2026");
    const forEver: PatternPart[] = parts("FE{SEQ:8}");
    expect(samplePeriod(forEver, "2026-01-05")).toBe("");
    expect(formatSampleId(forEver, "2030-06-01", 42)).toBe("FE00000042");
  });

  it("refuses a pattern without exactly one counter, with other characters, or too long", () => {
    expect(parseSamplePattern("S{YYYY}")).toEqual({ error: "samplePatternSeq" });
    expect(parseSamplePattern("{SEQ:3}{SEQ:3}")).toEqual({ error: "samplePatternSeq" });
    expect(parseSamplePattern("S {SEQ:3}")).toEqual({ error: "samplePatternBad" });
    expect(parseSamplePattern("S{SEQ:0}")).toEqual({ error: "samplePatternBad" });
    expect(parseSamplePattern("S{HH}{SEQ:3}")).toEqual({ error: "samplePatternBad" });
    expect(parseSamplePattern("<b>{SEQ:3}")).toEqual({ error: "samplePatternBad" });
    expect(parseSamplePattern("")).toEqual({ error: "samplePatternBad" });
    expect(parseSamplePattern(`${"A".repeat(40)}{SEQ:3}`)).toEqual({ error: "samplePatternBad" });
  });
});
