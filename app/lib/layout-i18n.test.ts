import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { flattenTree } from "../../api/modules/menus/resource-tree.ts";
import { supportedLngs } from "../i18n.ts";
import { displayWidth } from "./menu.ts";

// The layout's texts live in common.json of every language; these checks keep the four in step.
const SECTIONS = ["layout", "dialog", "tags", "footer", "contact", "float", "dates", "menu"];
const load = (lng: string) => JSON.parse(fs.readFileSync(path.resolve(`app/locales/${lng}/common.json`), "utf8"));
const common = Object.fromEntries(supportedLngs.map((l) => [l, load(l)]));
// Plural forms differ by language (_one/_other in en/es, _other only in zh/ja): compare base keys.
const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, "");

describe("layout translations", () => {
  for (const section of SECTIONS) {
    it(`has the same ${section} keys in every language`, () => {
      const keys = (l: string) => [...new Set(Object.keys(common[l][section] ?? {}).map(base))].sort();
      for (const l of supportedLngs) expect(keys(l), l).toEqual(keys("zh"));
    });
  }

  it("labels every menu entry of the resource tree, in every language", () => {
    for (const n of flattenTree()) {
      for (const l of supportedLngs) expect(common[l].menu[n.code], `${l} menu.${n.code}`).toBeTruthy();
    }
  });

  it("keeps the Chinese texts of the specification verbatim", () => {
    const zh = common.zh;
    expect(zh.layout.currentPosition).toBe("当前位置");
    expect(zh.dialog.title).toBe("提示");
    expect(zh.dialog.logoutConfirm).toBe("确定要退出?");
    expect(zh.dialog.ok).toBe("确定");
    expect(zh.dialog.cancel).toBe("取消");
    expect(zh.menu.systemManage).toBe("系统管理");
    expect(zh.menu.systemManageDept).toBe("部门管理");
    expect(zh.dates.justNow).toBe("刚刚");
    expect(zh.dates.minutesAgo_other).toBe("{{count}}分钟前");
    expect(zh.dates.hoursAgo_other).toBe("{{count}}小时前");
    expect(zh.dates.oneDayAgo).toBe("1天前");
    expect(zh.errors.forbidden).toBe("当前用户没有此页面访问权限");
    expect([zh.footer.team, zh.footer.noticeCenter, zh.footer.training, zh.footer.services, zh.footer.contact]).toEqual([
      "团队介绍",
      "通知中心",
      "培训报名",
      "服务介绍",
      "联系我们",
    ]);
  });

  it("names the menu entries in Chinese as the API does", () => {
    for (const n of flattenTree()) expect(common.zh.menu[n.code], n.code).toBe(n.name);
  });

  it("writes translated sidebar labels short enough not to be cut (16 display characters)", () => {
    const shown = flattenTree().filter((n) => !n.hidden && (n.showType === 1 || n.showType === 5));
    for (const l of ["en", "es", "ja"]) {
      for (const n of shown) expect(displayWidth(common[l].menu[n.code]), `${l} menu.${n.code}`).toBeLessThanOrEqual(16);
      expect(displayWidth(common[l].menu.systemManageDept), `${l} systemManageDept`).toBeLessThanOrEqual(16);
    }
  });
});
