import { describe, expect, it } from "vitest";
import { checkNotice, manageIntent, noticeIntent } from "./notice-form.ts";

describe("checkNotice", () => {
  it("requires a title (请输入标题 in the page) and nothing else", () => {
    expect(checkNotice({ title: "  ", author: "", content: "" })).toEqual({ Title: "titleRequired" });
    expect(checkNotice({ title: "维护通知", author: "", content: "" })).toEqual({});
  });
  it("counts characters, not UTF-16 units, against the limits", () => {
    expect(checkNotice({ title: "通".repeat(100), author: "作".repeat(50), content: "" })).toEqual({});
    expect(checkNotice({ title: "通".repeat(101), author: "作".repeat(51), content: "x".repeat(200_001) })).toEqual({
      Title: "titleTooLong",
      Author: "authorTooLong",
      Content: "contentTooLong",
    });
    expect(checkNotice({ title: "😀".repeat(100), author: "", content: "" })).toEqual({});
  });
});

describe("intents", () => {
  it("know only their own buttons", () => {
    expect(noticeIntent("publish")).toBe("publish");
    expect(noticeIntent("delete")).toBeNull();
    expect(manageIntent("withdraw")).toBe("withdraw");
    expect(manageIntent("preview")).toBeNull();
  });
});
