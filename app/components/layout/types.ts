import type { Tag } from "~/lib/tags";

/** One sidebar entry as the layout renders it: labels already translated, rules of section 6 applied. */
export interface NavItem {
  code: string;
  label: string;
  url: string;
  icon: string;
  disabled: boolean;
  external: boolean;
  /** On the current page's breadcrumb: a group is open, the deepest shown item is marked current. */
  active: boolean;
  children: NavItem[];
}

export interface Crumb {
  label: string;
  /** Set when the crumb leads to a page of this web. */
  url: string | null;
}

/** What the logged-in layout needs, as the _app loader returns it. */
export interface LayoutData {
  /** The current page's title from the menu (the route's own title wins in the breadcrumb and <title>). */
  title: string | null;
  userName: string;
  /** The hub's AuthorizationUser (section 7). */
  userId: string;
  /** Unread messages, or null when the count could not be had (the badge is then left out). */
  unread: number | null;
  sidebar: NavItem[];
  crumbs: Crumb[];
  tags: Tag[];
  /** The tab of the current page (its path and query). */
  current: string;
  sidebarOpen: boolean;
  /** Shown on the compute and steel-app sections: CLIENT_DOWNLOAD_URL, else the API's client (/download/client). */
  clientDownloadUrl: string | null;
  /** The page is not in the user's resource list: the layout shows 当前用户没有此页面访问权限. */
  forbidden: boolean;
}

/** Route `handle` fields the layout reads. */
export interface LayoutHandle {
  /** i18n key of the page title, for the breadcrumb when the page is not in the menu. */
  titleKey?: string;
  /** Dashboard-type pages: the footer goes below the whole layout, full width. */
  footerOutside?: boolean;
}

/** Root loader fields the layout reads (app/root.tsx). */
export interface RootLayoutData {
  locale: string;
  platformName: string;
  headerStyle: "1" | "2";
  /** The WeChat service account's QR image (footer, floating panel). */
  wxServiceImg: string;
}
