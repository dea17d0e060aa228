import { describe, expect, it } from "vitest";
import { CONSTANT_DEFAULTS } from "../../common/constants.ts";
import { constHref, constQuery, filterConstants, findItem, type ConstantGroupRow } from "./constant-page.ts";

const groups: ConstantGroupRow[] = CONSTANT_DEFAULTS.map((g) => ({
  Code: g.code,
  Kind: g.kind,
  Items: g.items.map((i) => ({ Key: i.key, Format: i.format, Labels: i.labels, Default: i.labels, Changed: g.code === "GenderArr" && i.key === "9", Version: 0, ChangedAt: null, ChangedBy: null })),
}));

describe("constants page helpers", () => {
  it("reads the address leniently and writes it back without defaults", () => {
    const { q, panel } = constQuery(new URLSearchParams("group=GenderArr&changed=1&keyword=%20女%20&edit=GenderArr.9&confirm=bad/../x"));
    expect(q).toEqual({ group: "GenderArr", changed: true, keyword: "女" });
    expect(panel).toEqual({ edit: "GenderArr.9", confirm: null });
    expect(constQuery(new URLSearchParams("group=Nope")).q.group).toBe("all");
    expect(constHref(q, { edit: "GenderArr.1" })).toBe("/systemManage/constantManage?group=GenderArr&changed=1&keyword=%E5%A5%B3&edit=GenderArr.1");
    expect(constHref({ group: "all", changed: false, keyword: "" })).toBe("/systemManage/constantManage");
  });

  it("filters by group, changed and a keyword in any language, dropping empty groups", () => {
    expect(filterConstants(groups, { group: "all", changed: true, keyword: "" }).map((g) => [g.Code, g.Items.map((i) => i.Key)])).toEqual([["GenderArr", ["9"]]]);
    expect(filterConstants(groups, { group: "all", changed: false, keyword: "female" }).map((g) => g.Code)).toEqual(["GenderArr"]);
    expect(filterConstants(groups, { group: "SiteContact", changed: false, keyword: "" })[0].Items.map((i) => i.Key)).toEqual(["address", "phone", "email", "hours"]);
    expect(findItem(groups, "SiteContact.phone")?.item.Format).toBe("phone");
    expect(findItem(groups, "SiteContact.fax")).toBeNull();
  });
});
