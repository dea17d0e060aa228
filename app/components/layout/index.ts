import type { LinksFunction } from "@remix-run/node";
import layoutStyles from "./layout.css";

/**
 * The layout pieces of section 2. Logged-in pages get them from the _app layout route; public pages wrap
 * their content in <PublicShell> and add `shellLinks()` to their `links`.
 */
export const shellLinks: LinksFunction = () => [{ rel: "stylesheet", href: layoutStyles }];

export { AppShell, PublicShell, useRootLayout, useHere } from "./Shell";
export { Header, Brand, badgeText, type HeaderUser } from "./Header";
export { LanguageSwitcher } from "./LanguageSwitcher";
export { Sidebar } from "./Sidebar";
export { Navbar, Breadcrumb, SidebarToggle } from "./Navbar";
export { TagsView } from "./TagsView";
export { Footer, ContactDialog, DASHBOARD_ANCHORS } from "./Footer";
export { FloatingPanel } from "./FloatingPanel";
export { Dialog, DialogClose, useUrlDialog, hrefWith } from "./Dialog";
export { Icon } from "./Icon";
export type { LayoutData, LayoutHandle, NavItem, Crumb, RootLayoutData } from "./types";
