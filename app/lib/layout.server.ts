import type { TFunction } from "i18next";
import type { Crumb, LayoutData, NavItem } from "~/components/layout/types";
import type { SignedIn } from "./auth.server.ts";
import { CLIENT_DOWNLOAD_ROUTE } from "./attachments.ts";
import { env } from "./env.server.ts";
import { getT } from "./i18n.server.ts";
import { breadcrumbFor, buildSidebar, type SidebarItem } from "./menu.ts";
import { isImplemented } from "./pages.ts";
import { sidebarOpenFrom } from "./sidebar.ts";
import { addTag, isAffixed, tagPath, withHome, type Tag } from "./tags.ts";
import { readTags, saveTags } from "./tags.server.ts";
import type { CallArgs } from "./upstream.server.ts";
import { roleCodes, type MenuItem } from "./user.ts";

/** The sections whose navbar offers the client-components download (section 2 "Layout"). */
const DOWNLOAD_SECTIONS = ["/computedynamicroute", "/steelresearchcompute", "/steelapp"];

/** The bell's count as the user's context carries it; anything but a count leaves the badge out. */
function unreadOf(user: SignedIn["user"]): number | null {
  const n = user.noReadCount;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

/** Pages open to every user but outside the menu, named here for their tab and breadcrumb. */
const OWN_TITLES: Record<string, string> = { "/feedback": "pages.feedback" };

/** A page's title in the user's language, from the menu (shown or hidden entries), or null. */
export function menuTitle(path: string, resList: readonly MenuItem[], roles: readonly string[], t: TFunction): string | null {
  const chain = breadcrumbFor(path, resList, roles);
  const last = chain[chain.length - 1];
  if (last) return t(last.labelKey, { defaultValue: last.name });
  if (isAffixed(path)) return t("tags.home");
  const own = OWN_TITLES[path.replace(/\/+$/, "").toLowerCase()];
  return own ? t(own) : null;
}

function toNav(items: SidebarItem[], active: Set<string>, t: TFunction): NavItem[] {
  return items.map((i) => ({
    code: i.code,
    label: t(i.labelKey, { defaultValue: i.name }),
    url: i.url,
    icon: i.icon,
    disabled: i.disabled,
    external: i.external,
    active: active.has(i.code),
    children: toNav(i.children, active, t),
  }));
}

/**
 * Everything the logged-in layout shows for this request: menu, breadcrumb, tabs (the current page added
 * and the cookie rewritten when they changed), the unread count (part of the user's context: one API call
 * per page) and the sidebar state.
 */
export async function loadLayout(args: CallArgs, signedIn: SignedIn, forbidden: boolean): Promise<{ layout: LayoutData; setCookie: string | null }> {
  const { request } = args;
  const url = new URL(request.url);
  const t = await getT(request);
  const { user } = signedIn;
  const roles = roleCodes(user);
  const unread = unreadOf(user);
  const stored = await readTags(request);

  const chain = breadcrumbFor(url.pathname, user.resList, roles);
  const active = new Set(chain.map((c) => c.code));
  const crumbs: Crumb[] = chain.map((c) => ({
    label: t(c.labelKey, { defaultValue: c.name }),
    url: c.url && isImplemented(c.url) ? c.url : null,
  }));
  const title = menuTitle(url.pathname, user.resList, roles, t);

  const homeTitle = t("tags.home");
  const current = tagPath(url);
  // Only real, permitted pages get a tab (not a 403 or a path no page answers).
  let tags: Tag[] = withHome(stored, homeTitle);
  if (!forbidden && isImplemented(url.pathname)) tags = addTag(stored, { path: current, title: title ?? url.pathname }, homeTitle);
  const changed = JSON.stringify(tags) !== JSON.stringify(stored);
  // Titles follow the current language; the stored one serves pages outside the menu.
  const shown = tags.map((tag) => ({
    path: tag.path,
    title: isAffixed(tag.path) ? homeTitle : (menuTitle(tag.path, user.resList, roles, t) ?? tag.title),
  }));

  const p = url.pathname.toLowerCase();
  const inDownloadSection = DOWNLOAD_SECTIONS.some((s) => p === s || p.startsWith(`${s}/`));

  return {
    layout: {
      title,
      userName: user.userInfo.RealName || user.userInfo.Name,
      userId: signedIn.userId,
      unread,
      sidebar: toNav(buildSidebar(user.resList, roles), active, t),
      crumbs,
      tags: shown,
      current,
      sidebarOpen: sidebarOpenFrom(request.headers.get("Cookie")),
      clientDownloadUrl: inDownloadSection ? (env.CLIENT_DOWNLOAD_URL ?? CLIENT_DOWNLOAD_ROUTE) : null,
      forbidden,
    },
    setCookie: changed ? await saveTags(request, tags) : null,
  };
}
