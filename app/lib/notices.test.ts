import { describe, expect, it } from "vitest";
import { centerQuery, isId, keywordFrom, listHref, manageQuery, messageLinkTarget, pageCount, pageFrom, pageWindow } from "./notices.ts";

describe("list queries", () => {
  it("read the info centre's tab, page, keyword and read filter, falling back for anything odd", () => {
    expect(centerQuery(new URLSearchParams("tab=messages&page=3&keyword=%20维护%20&read=unread"))).toEqual({ tab: "messages", page: 3, keyword: "维护", read: "unread" });
    expect(centerQuery(new URLSearchParams("tab=x&page=-2&read=maybe"))).toEqual({ tab: "notices", page: 1, keyword: "", read: "all" });
  });
  it("read the manager's state filter", () => {
    expect(manageQuery(new URLSearchParams("state=withdrawn&page=2")).state).toBe("withdrawn");
    expect(manageQuery(new URLSearchParams("state=deleted")).state).toBe("all");
  });
  it("take whole pages only and cut keywords at 100 characters", () => {
    expect(pageFrom("2.5")).toBe(1);
    expect(pageFrom("abc")).toBe(1);
    expect(pageFrom("7")).toBe(7);
    expect([...keywordFrom("字".repeat(150))].length).toBe(100);
  });
});

describe("listHref", () => {
  it("leaves out empty values and defaults", () => {
    expect(listHref("/infoCenter/noticeCenter", { tab: "notices", page: 1, keyword: "", read: "all" }, { tab: "notices", page: 1, read: "all" })).toBe("/infoCenter/noticeCenter");
    expect(listHref("/infoCenter/noticeCenter", { tab: "messages", page: 2, keyword: "a b", read: "unread" }, { page: 1 })).toBe(
      "/infoCenter/noticeCenter?tab=messages&page=2&keyword=a+b&read=unread",
    );
  });
});

describe("pager", () => {
  it("counts at least one page", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });
  it("shows first, last and two either side, with gaps", () => {
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(4, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("message links and ids", () => {
  it("offer only same-origin paths", () => {
    expect(messageLinkTarget("/systemManage/feedback?id=1")).toBe("/systemManage/feedback?id=1");
    expect(messageLinkTarget("https://evil.example/")).toBeNull();
    expect(messageLinkTarget("//evil.example/x")).toBeNull();
    expect(messageLinkTarget("javascript:alert(1)")).toBeNull();
    expect(messageLinkTarget(null)).toBeNull();
  });
  it("accept UUIDs only", () => {
    expect(isId("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe(true);
    expect(isId("1 or 1=1")).toBe(false);
    expect(isId(null)).toBe(false);
  });
});
