import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ariaSort, toggledSort } from "~/lib/list-query";

/**
 * A sortable column head: a plain link to the list sorted by this column (ascending, then descending on a
 * second click), so sorting works without JavaScript; aria-sort tells screen readers the current order.
 */
export function SortHeader({ sortKey, current, hrefFor, children }: { sortKey: string; current: string; hrefFor: (sort: string) => string; children: ReactNode }) {
  const dir = ariaSort(current, sortKey);
  return (
    <th scope="col" aria-sort={dir}>
      <Link to={hrefFor(toggledSort(current, sortKey))} className="ls-sort" preventScrollReset>
        {children}
        <span className="ls-sort-mark" aria-hidden="true">
          {dir === "ascending" ? "▲" : dir === "descending" ? "▼" : "↕"}
        </span>
      </Link>
    </th>
  );
}
