import { describe, expect, it } from "vitest";
import { addTag, closeAll, closeOthers, closeTag, HOME_PATH, MAX_TAGS, tagPath, withHome, type Tag } from "./tags.ts";

const H = "首页";
const tag = (n: number | string): Tag => ({ path: `/p/${n}`, title: `T${n}` });
const paths = (l: Tag[]) => l.map((t) => t.path);

describe("tags view", () => {
  it("always starts with the affixed home tag", () => {
    expect(withHome([], H)).toEqual([{ path: HOME_PATH, title: H }]);
    expect(paths(withHome([tag(1), { path: "/computedynamicroute/index", title: "x" }], H))).toEqual([HOME_PATH, "/p/1"]);
  });

  it("appends new pages last and updates open ones in place", () => {
    let l = addTag([], tag(1), H);
    l = addTag(l, tag(2), H);
    l = addTag(l, { path: "/p/1?id=9", title: "T1 bis" }, H);
    expect(l).toEqual([{ path: HOME_PATH, title: H }, { path: "/p/1?id=9", title: "T1 bis" }, tag(2)]);
    // Opening home does not add a second home tab.
    expect(paths(addTag(l, { path: HOME_PATH, title: H }, H))).toEqual([HOME_PATH, "/p/1?id=9", "/p/2"]);
  });

  it("holds at most twelve, dropping the earliest closable tab", () => {
    let l: Tag[] = [];
    for (let i = 1; i <= 20; i++) l = addTag(l, tag(i), H);
    expect(l).toHaveLength(MAX_TAGS);
    expect(l[0].path).toBe(HOME_PATH);
    expect(l[1].path).toBe("/p/10");
    expect(l[MAX_TAGS - 1].path).toBe("/p/20");
  });

  it("closes a tab and names the neighbour to go to", () => {
    const l = [tag(1), tag(2), tag(3)].reduce<Tag[]>((a, t) => addTag(a, t, H), []);
    expect(closeTag(l, "/p/2", H)).toEqual({ tags: [l[0], tag(1), tag(3)], next: "/p/3" });
    expect(closeTag(l, "/p/3", H).next).toBe("/p/2");
    expect(closeTag(addTag([], tag(1), H), "/p/1", H).next).toBe(HOME_PATH);
  });

  it("never closes the affixed tab", () => {
    const l = addTag([], tag(1), H);
    expect(closeTag(l, HOME_PATH, H).tags).toEqual(l);
    expect(paths(closeAll(l, H))).toEqual([HOME_PATH]);
    expect(paths(closeOthers(l, "/p/1", H))).toEqual([HOME_PATH, "/p/1"]);
    expect(paths(closeOthers(l, HOME_PATH, H))).toEqual([HOME_PATH]);
  });

  it("keeps the layout's dialog parameters out of a tab's address", () => {
    expect(tagPath(new URL("http://x/a/b?id=3&logout=1&dialog=contact"))).toBe("/a/b?id=3");
    expect(tagPath(new URL("http://x/a?logout=1"))).toBe("/a");
    expect(tagPath(new URL("http://x/a?_routes=root,routes%2F_app&q=1"))).toBe("/a?q=1");
  });
});
