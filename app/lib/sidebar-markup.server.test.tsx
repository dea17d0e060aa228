import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SidebarNav } from "~/components/layout/Sidebar";
import type { NavItem } from "~/components/layout/types";
import { sidebarMarkup } from "./sidebar-markup.server.tsx";

const item = (code: string, children: NavItem[] = [], active = false): NavItem => ({ code, label: `标签 ${code}`, url: `/${code}`, icon: "", disabled: false, external: false, active, children });
const labels = { mainNav: "主菜单", newWindow: "新窗口" };

describe("sidebarMarkup", () => {
  it("is the menu as React draws it, kept for the same items and texts, drawn anew when they differ", () => {
    const menu = [item("a"), item("g", [item("g1"), item("g2")])];
    const html = sidebarMarkup(menu, labels);
    expect(html).toBe(renderToString(<SidebarNav items={menu} labels={labels} />));
    expect(sidebarMarkup(structuredClone(menu), labels)).toBe(html);
    // Another page marks another entry; another language has other texts.
    const elsewhere = sidebarMarkup([item("a"), item("g", [item("g1", [], true), item("g2")], true)], labels);
    expect(elsewhere).not.toBe(html);
    expect(elsewhere).toContain('aria-current="page"');
    expect(elsewhere).toContain('<details class="fe-nav-group" open=""');
    expect(sidebarMarkup(menu, { ...labels, mainNav: "Main menu" })).toContain('aria-label="Main menu"');
  });
});
