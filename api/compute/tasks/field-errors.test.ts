import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors } from "./field-errors.ts";

describe("zod issues as field errors in the user's language", () => {
  const schema = z.object({ n: z.number().int().min(11).max(100), t: z.number().gt(0), kind: z.enum(["a", "b"]), need: z.number() }).strict();
  const input = { n: 5, t: 0, kind: "c", extra: 1 };

  it("names every field and words the rule in zh and en", () => {
    const zh = fieldErrors(schema.safeParse(input).error!, "zh", "params");
    const en = fieldErrors(schema.safeParse(input).error!, "en", "params");
    const byField = (list: typeof zh) => Object.fromEntries(list.map((f) => [f.field, f.message]));
    expect(byField(zh)).toMatchObject({ "params.t": "必须大于 0", "params.kind": "必须是以下之一：a, b", "params.need": "必填", "params.extra": "未知参数" });
    expect(byField(en)).toMatchObject({ "params.t": "must be greater than 0", "params.kind": "must be one of: a, b", "params.need": "is required", "params.extra": "is not a known parameter" });
    expect(zh.filter((f) => f.field === "params.n").map((f) => f.message)).toContain("不能小于 11");
    expect(fieldErrors(schema.safeParse({ ...input, n: 5.5 }).error!, "en").find((f) => f.field === "n")?.message).toBe("must be a whole number");
    expect(fieldErrors(schema.safeParse({ ...input, n: 1000 }).error!, "en").find((f) => f.field === "n")?.message).toBe("must be at most 100");
  });
});
