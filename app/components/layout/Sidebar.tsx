import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cutTitle } from "~/lib/menu";
import { Icon } from "./Icon";
import type { NavItem } from "./types";

/** Section 5: menu titles wider than 16 display characters are cut; the full title stays in a tooltip. */
function Label({ text }: { text: string }) {
  const short = cutTitle(text, 16);
  return (
    <span className="fe-nav-label" title={short === text ? undefined : text}>
      {short}
    </span>
  );
}

function Leaf({ item, depth }: { item: NavItem; depth: number }) {
  const { t } = useTranslation();
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
        <span className="fe-sr">{t("layout.newWindow")}</span>
      </a>
    );
  }
  return (
    <Link
      to={item.url}
      className={`fe-nav-link${item.active ? " is-active" : ""}`}
      aria-current={item.active ? "page" : undefined}
      data-code={item.code}
    >
      {icon}
      <Label text={item.label} />
    </Link>
  );
}

function Items({ items, depth }: { items: NavItem[]; depth: number }) {
  return (
    <ul className={`fe-nav-list fe-nav-depth-${depth}`}>
      {items.map((item) => (
        <li key={item.code}>
          {item.children.length === 0 ? (
            <Leaf item={item} depth={depth} />
          ) : item.disabled ? (
            // A disabled group cannot be opened: its pages are out of reach anyway.
            <Leaf item={item} depth={depth} />
          ) : (
            <details className="fe-nav-group" open={item.active} data-code={item.code}>
              <summary className={`fe-nav-link${item.active ? " is-open-path" : ""}`}>
                {depth === 1 ? <Icon name={item.icon || "dot"} /> : null}
                <Label text={item.label} />
                <Icon name="chevron" size={14} className="fe-nav-caret" />
              </summary>
              <Items items={item.children} depth={depth + 1} />
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The left menu (230 px, section 9), built on the server from the resource list. Groups are <details>, so
 * they open and close without JavaScript; the current page's group is open and its entry marked.
 */
export function Sidebar({ items, id }: { items: NavItem[]; id?: string }) {
  const { t } = useTranslation();
  return (
    <aside className="fe-sidebar" id={id}>
      <nav aria-label={t("layout.mainNav")} data-testid="sidebar">
        <Items items={items} depth={1} />
      </nav>
    </aside>
  );
}
