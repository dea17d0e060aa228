import { describe, expect, it } from "vitest";
import { knownParserCodes, parserErrorText } from "./texts.ts";

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
