import { describe, expect, it } from "vitest";
import { knownParserCodes, parserErrorText, warningText } from "./texts.ts";

describe("parserErrorText", () => {
  it("names the line and what is wrong in each language, with the reader's detail", () => {
    const t = parserErrorText({ line: 12, code: "unknown-phase", message: 'no phase "FOO"' });
    expect(t.zh).toBe('第 12 行：引用了未定义的相（no phase "FOO"）');
    expect(t.en).toBe('Line 12: Refers to a phase that is not defined (no phase "FOO")');
    expect(t.es).toMatch(/^Línea 12: /);
    expect(t.ja).toMatch(/^12 行目：/);
  });
  it("still says something for a code it does not know", () => {
    expect(parserErrorText({ line: 3, code: "something-new", message: "" }).en).toBe("Line 3: The file is not valid TDB");
  });
  it("words every code the reader throws", () => {
    expect(knownParserCodes()).toEqual(expect.arrayContaining(["unterminated-command", "unknown-keyword", "bad-expression", "bad-parameter", "sublattice-mismatch"]));
  });
});

describe("warningText", () => {
  it("says what a reader warning means in the caller's language, with the reader's detail", () => {
    const w = { code: "undefined-function", message: "ZERO is not defined and counts as 0" };
    expect(warningText(w, "zh")).toBe("函数未定义，按 0 计（ZERO is not defined and counts as 0）");
    expect(warningText(w, "en")).toBe("The function is not defined and counts as 0 (ZERO is not defined and counts as 0)");
    expect(warningText({ code: "new-code", message: "" }, "es")).toBe("Aviso del lector");
  });
});
