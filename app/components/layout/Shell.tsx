import { useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Realtime } from "~/islands/Realtime";
import { sidebarCookieString } from "~/lib/sidebar";
import { tagPath } from "~/lib/tags";
import { FloatingPanel } from "./FloatingPanel";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { Navbar } from "./Navbar";
import { Sidebar } from "./Sidebar";
import { TagsView } from "./TagsView";
import type { Crumb, LayoutData, LayoutHandle, RootLayoutData } from "./types";

const DRAWER_ID = "fe-drawer";

/** The root loader's fields (language, platform name, header style), with safe defaults. */
export function useRootLayout(): RootLayoutData {
  const root = useRouteLoaderData("root") as Partial<RootLayoutData> | undefined;
  return {
    locale: root?.locale ?? "en",
    platformName: root?.platformName ?? "Ferrum",
    headerStyle: root?.headerStyle === "1" ? "1" : "2",
    wxServiceImg: root?.wxServiceImg ?? "/site-qr/wxservice",
  };
}

/** This page's address for "come back here" forms (language, sidebar), without the layout's dialogs. */
export function useHere(): string {
  const l = useLocation();
  return tagPath(new URL(l.pathname + l.search, "http://x"));
}

/**
 * JavaScript niceties for the <details> menus: close them when the page changes, on a click elsewhere and
 * on Escape. Without JavaScript they simply stay open until toggled.
 */
export function useMenuEnhancements() {
  const location = useLocation();
  useEffect(() => {
    document.querySelectorAll<HTMLDetailsElement>("details.fe-menu[open]").forEach((d) => (d.open = false));
  }, [location.key]);
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      document.querySelectorAll<HTMLDetailsElement>("details.fe-menu[open]").forEach((d) => {
        if (!d.contains(e.target as Node)) d.open = false;
      });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      document.querySelectorAll<HTMLDetailsElement>("details.fe-menu[open]").forEach((d) => {
        d.open = false;
        d.querySelector("summary")?.focus();
      });
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
}

/** The deepest route's own handle and title: the footer placement and the breadcrumb fallback. */
function usePageInfo(): { footerOutside: boolean; title: string | null } {
  const { t } = useTranslation();
  const matches = useMatches();
  let footerOutside = false;
  let title: string | null = null;
  for (const m of matches) {
    const h = (m.handle ?? {}) as LayoutHandle;
    if (h.footerOutside !== undefined) footerOutside = h.footerOutside;
    if (m.id === "root" || m.id === "routes/_app") continue;
    const dataTitle = (m.data as { title?: unknown } | undefined)?.title;
    if (h.titleKey) title = t(h.titleKey);
    else if (typeof dataTitle === "string" && dataTitle) title = dataTitle;
  }
  return { footerOutside, title };
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#fe-main" className="fe-skip">
      {t("layout.skipToContent")}
    </a>
  );
}

/**
 * The logged-in layout (section 2): header, 230 px sidebar (a drawer below 992 px, opened by the header's
 * menu button through a checkbox, so it needs no JavaScript), navbar with breadcrumb, tags view, the page,
 * footer and floating panel.
 */
export function AppShell({ layout, children }: { layout: LayoutData; children: ReactNode }) {
  const root = useRootLayout();
  const here = useHere();
  const location = useLocation();
  const page = usePageInfo();
  useMenuEnhancements();

  // The desktop sidebar state: from the cookie on the server; flipped in place when JavaScript runs.
  const [open, setOpen] = useState(layout.sidebarOpen);
  useEffect(() => setOpen(layout.sidebarOpen), [layout.sidebarOpen]);
  const toggle = (next: boolean) => {
    document.cookie = sidebarCookieString(next, window.location.protocol === "https:");
    setOpen(next);
  };

  // Section 4: on phones the drawer closes on every page change.
  const drawer = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (drawer.current) drawer.current.checked = false;
  }, [location.key]);
  // ...and on resize across the 992 px breakpoint (section 4), so it never reopens by itself.
  useEffect(() => {
    const mq = window.matchMedia("(min-width: 992px)");
    const close = () => {
      if (drawer.current) drawer.current.checked = false;
    };
    mq.addEventListener("change", close);
    return () => mq.removeEventListener("change", close);
  }, []);

  // The bell: the server's count on every load, then whatever the real-time island learns in between.
  const [unread, setUnread] = useState(layout.unread);
  useEffect(() => setUnread(layout.unread), [layout.unread]);

  const own = page.title ?? layout.title;
  const crumbs: Crumb[] = layout.crumbs.length > 0 ? layout.crumbs : own ? [{ label: own, url: null }] : [];
  const footer = <Footer platformName={root.platformName} outside={page.footerOutside} wxServiceImg={root.wxServiceImg} />;

  return (
    <div className="fe-app" data-sidebar={open ? "open" : "closed"}>
      <SkipLink />
      <input type="checkbox" id={DRAWER_ID} className="fe-drawer-toggle" ref={drawer} />
      <Header
        variant={root.headerStyle}
        platformName={root.platformName}
        locale={root.locale}
        redirectTo={here}
        user={{ name: layout.userName, unread }}
        drawerId={DRAWER_ID}
      />
      <label htmlFor={DRAWER_ID} className="fe-drawer-backdrop" aria-hidden="true" />
      <div className="fe-body">
        <Sidebar items={layout.sidebar} />
        <div className="fe-main">
          <Navbar
            crumbs={crumbs}
            sidebarOpen={open}
            redirectTo={here}
            onToggle={toggle}
            clientDownloadUrl={layout.clientDownloadUrl}
          />
          <TagsView tags={layout.tags} current={layout.current} />
          <main id="fe-main" className="fe-content" tabIndex={-1}>
            {children}
          </main>
          {page.footerOutside ? null : footer}
        </div>
      </div>
      {page.footerOutside ? footer : null}
      <FloatingPanel variant={root.headerStyle} wxServiceImg={root.wxServiceImg} />
      <Realtime userId={layout.userId} onUnread={setUnread} />
    </div>
  );
}

/**
 * The signed-out frame for public pages (the dashboard): header with the login link, the page, the
 * full-width footer and the floating panel. Add `shellLinks()` to the route's `links`.
 */
export function PublicShell({
  children,
  loginHref = "/login",
  footerOutside = true,
}: {
  children: ReactNode;
  loginHref?: string;
  footerOutside?: boolean;
}) {
  const root = useRootLayout();
  const here = useHere();
  useMenuEnhancements();
  const footer = <Footer platformName={root.platformName} outside={footerOutside} wxServiceImg={root.wxServiceImg} />;
  return (
    <div className="fe-app fe-public">
      <SkipLink />
      <Header variant={root.headerStyle} platformName={root.platformName} locale={root.locale} redirectTo={here} loginHref={loginHref} />
      <main id="fe-main" className="fe-public-content" tabIndex={-1}>
        {children}
        {footerOutside ? null : footer}
      </main>
      {footerOutside ? footer : null}
      <FloatingPanel variant={root.headerStyle} wxServiceImg={root.wxServiceImg} />
    </div>
  );
}
