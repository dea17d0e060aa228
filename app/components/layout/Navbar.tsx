import { Link } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon";
import type { Crumb } from "./types";

/**
 * Opens or closes the desktop sidebar: a form that stores `sidebarStatus` and comes back here. With
 * JavaScript the cookie is written in the browser and the page is not fetched again.
 */
export function SidebarToggle({ open, redirectTo, onToggle }: { open: boolean; redirectTo: string; onToggle?: (open: boolean) => void }) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    if (!onToggle) return;
    e.preventDefault();
    onToggle(!open);
  };
  return (
    <form method="post" action="/settings/sidebar" className="fe-sidebar-toggle" onSubmit={submit}>
      <input type="hidden" name="open" value={open ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="fe-ibtn" aria-expanded={open} aria-label={open ? t("layout.collapseSidebar") : t("layout.expandSidebar")}>
        <Icon name="menu" size={20} />
      </button>
    </form>
  );
}

/** 当前位置 followed by the page's place in the menu. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav className="fe-breadcrumb" aria-label={t("layout.breadcrumb")} data-testid="breadcrumb">
      <span className="fe-breadcrumb-prefix">{t("layout.currentPosition")}</span>
      <ol>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${i}-${c.label}`}>
              {c.url && !last ? <Link to={c.url}>{c.label}</Link> : <span aria-current={last ? "page" : undefined}>{c.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The bar above the tags: sidebar toggle, breadcrumb and, on compute and app pages, the client download. */
export function Navbar({
  crumbs,
  sidebarOpen,
  redirectTo,
  onToggle,
  clientDownloadUrl,
}: {
  crumbs: Crumb[];
  sidebarOpen: boolean;
  redirectTo: string;
  onToggle?: (open: boolean) => void;
  clientDownloadUrl: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="fe-navbar">
      <SidebarToggle open={sidebarOpen} redirectTo={redirectTo} onToggle={onToggle} />
      <Breadcrumb crumbs={crumbs} />
      {clientDownloadUrl ? (
        <a href={clientDownloadUrl} className="fe-download" target="_blank" rel="noopener noreferrer" data-testid="client-download">
          <Icon name="download" />
          <span>{t("layout.clientDownload")}</span>
        </a>
      ) : null}
    </div>
  );
}
