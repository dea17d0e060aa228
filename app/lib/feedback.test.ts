import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { supportedLngs } from "../i18n.ts";
import { checkFeedback, checkReply, filtersFrom, pageCount, withParam } from "./feedback.ts";

describe("feedback form rules", () => {
  const ok = { Title: "Slow queue", BizType: "1", Type: "2", Content: "<p>x</p>" };

  it("accepts a titled feedback with a category and a type", () => {
    expect(checkFeedback(ok)).toEqual({});
  });

  it("requires a title (请输入标题), blanks included", () => {
    expect(checkFeedback({ ...ok, Title: "   " })).toEqual({ Title: "titleRequired" });
  });

  it("counts the title in characters, not UTF-16 units", () => {
    expect(checkFeedback({ ...ok, Title: "𝔉".repeat(100) })).toEqual({});
    expect(checkFeedback({ ...ok, Title: "a".repeat(101) })).toEqual({ Title: "titleTooLong" });
  });

  it("refuses a category or type outside 0–2", () => {
    expect(checkFeedback({ ...ok, BizType: "3", Type: "" })).toEqual({ BizType: "bizTypeInvalid", Type: "typeInvalid" });
  });

  it("requires a reply with text, at most 2000 characters", () => {
    expect(checkReply({ Reply: " \n " })).toEqual({ Reply: "replyRequired" });
    expect(checkReply({ Reply: "x".repeat(2001) })).toEqual({ Reply: "replyTooLong" });
    expect(checkReply({ Reply: "Fixed, thanks" })).toEqual({});
  });
});

describe("admin list filters", () => {
  it("reads known values and drops the rest", () => {
    expect(filtersFrom(new URLSearchParams("keyword= queue &type=1&bizType=2&replied=unreplied&page=3"))).toEqual({
      keyword: "queue",
      type: "1",
      bizType: "2",
      replied: "unreplied",
      page: 3,
    });
    expect(filtersFrom(new URLSearchParams("type=9&bizType=x&replied=maybe&page=-1"))).toEqual({ keyword: "", type: "", bizType: "", replied: "all", page: 1 });
  });

  it("keeps the other parameters when one changes", () => {
    expect(withParam("?type=1&page=2", "page", "3")).toBe("?type=1&page=3");
    expect(withParam("?type=1&id=a", "id", null)).toBe("?type=1");
  });

  it("has at least one page", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });
});

describe("feedback translations", () => {
  const load = (lng: string) => JSON.parse(fs.readFileSync(path.resolve(`app/locales/${lng}/feedback.json`), "utf8"));
  const keys = (o: Record<string, unknown>, prefix = ""): string[] =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));

  it("has the same keys in every language", () => {
    const zh = keys(load("zh")).sort();
    for (const l of supportedLngs) expect(keys(load(l)).sort(), l).toEqual(zh);
  });

  it("keeps the specification's Chinese texts verbatim", () => {
    const zh = load("zh");
    expect(zh.validation.titleRequired).toBe("请输入标题");
    expect(zh.submitted).toBe("提交成功");
    expect(zh.bizType).toEqual({ 0: "云计算", 1: "计算任务", 2: "材料APP" });
  });
});
