import { useNavigate } from "@remix-run/react";
import { createContext, useContext, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { isPlainLeftClick } from "~/lib/clicks";
import { cutTitle } from "~/lib/menu";
import { Icon } from "./Icon";
import type { NavItem } from "./types";

/** The sidebar's own texts, passed in: its menu is also drawn outside React's tree of the page (see below). */
export interface SidebarLabels {
  mainNav: string;
  newWindow: string;
}

/** Section 5: menu titles wider than 16 display characters are cut; the full title stays in a tooltip. */
function Label({ text }: { text: string }) {
  const short = cutTitle(text, 16);
  return (
    <span className="fe-nav-label" title={short === text ? undefined : text}>
      {short}
    </span>
  );
}

function Leaf({ item, depth, labels }: { item: NavItem; depth: number; labels: SidebarLabels }) {
  const icon = depth === 1 ? <Icon name={item.icon || "dot"} /> : null;
  if (item.disabled) {
    return (
      <span className="fe-nav-link is-disabled" aria-disabled="true" data-code={item.code}>
        {icon}
        <Label text={item.label} />
      </span>
    );
  }
  if (item.external) {
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer" className="fe-nav-link" data-code={item.code}>
        {icon}
        <Label text={item.label} />
        <Icon name="external" size={13} className="fe-nav-ext" />
        <span className="fe-sr">{labels.newWindow}</span>
      </a>
    );
  }
  // A plain link: the menu's click handler (SidebarNav) navigates within the page when JavaScript runs.
  return (
    <a href={item.url} className={`fe-nav-link${item.active ? " is-active" : ""}`} aria-current={item.active ? "page" : undefined} data-code={item.code}>
      {icon}
      <Label text={item.label} />
    </a>
  );
}

function Items({ items, depth, labels }: { items: NavItem[]; depth: number; labels: SidebarLabels }) {
  return (
    <ul className={`fe-nav-list fe-nav-depth-${depth}`}>
      {items.map((item) => (
        <li key={item.code}>
          {item.children.length === 0 ? (
            <Leaf item={item} depth={depth} labels={labels} />
          ) : item.disabled ? (
            // A disabled group cannot be opened: its pages are out of reach anyway.
            <Leaf item={item} depth={depth} labels={labels} />
          ) : (
            <details className="fe-nav-group" open={item.active} data-code={item.code}>
              <summary className={`fe-nav-link${item.active ? " is-open-path" : ""}`}>
                {depth === 1 ? <Icon name={item.icon || "dot"} /> : null}
                <Label text={item.label} />
                <Icon name="chevron" size={14} className="fe-nav-caret" />
              </summary>
              <Items items={item.children} depth={depth + 1} labels={labels} />
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The menu itself: a pure function of its items and texts, so the server can keep its markup (see Sidebar). */
export function SidebarNav({ items, labels, onClick }: { items: NavItem[]; labels: SidebarLabels; onClick?: (e: MouseEvent<HTMLElement>) => void }) {
  return (
    <nav aria-label={labels.mainNav} data-testid="sidebar" onClick={onClick}>
      <Items items={items} depth={1} labels={labels} />
    </nav>
  );
}

/**
 * On the server: the menu's markup for these items and texts, drawn once and kept (sidebar-markup.server.tsx,
 * provided by entry.server.tsx). Null in the browser, where React draws the menu over that same markup.
 */
export const SidebarMarkupContext = createContext<((items: NavItem[], labels: SidebarLabels) => string) | null>(null);

/** A plain left click on one of the menu's own links, which the page handles instead of the browser. */
function isInPageClick(e: MouseEvent<HTMLElement>): HTMLAnchorElement | null {
  const a = (e.target as Element).closest("a");
  if (!a || e.defaultPrevented || !isPlainLeftClick(e)) return null;
  return a.target || a.origin !== window.location.origin ? null : a;
}

/**
 * The left menu (230 px, section 9), built on the server from the resource list. Groups are <details>, so
 * they open and close without JavaScript; the current page's group is open and its entry marked.
 * The admin's menu is half of a page's markup, and it is the same for everyone with the same roles, language
 * and page: the server writes its kept markup instead of drawing it for each page (docs/decisions.md, 10).
 * In the browser React draws it as usual, and a click on one of its links navigates within the page as a
 * Remix <Link> does.
 */
export function Sidebar({ items, id }: { items: NavItem[]; id?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markup = useContext(SidebarMarkupContext);
  const labels: SidebarLabels = { mainNav: t("layout.mainNav"), newWindow: t("layout.newWindow") };
  if (markup) return <aside className="fe-sidebar" id={id} dangerouslySetInnerHTML={{ __html: markup(items, labels) }} />;
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const a = isInPageClick(e);
    if (!a) return;
    e.preventDefault();
    navigate(a.pathname + a.search + a.hash);
  };
  return (
    <aside className="fe-sidebar" id={id}>
      <SidebarNav items={items} labels={labels} onClick={onClick} />
    </aside>
  );
}
