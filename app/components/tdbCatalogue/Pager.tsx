import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pagerPages } from "~/lib/tdb";

/** Plain page links (no JavaScript needed): first, last and the pages around the current one. */
export function Pager({ page, total, size, href }: { page: number; total: number; size: number; href: (page: number) => string }) {
  const { t } = useTranslation("tdb");
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav className="tdb-pager" aria-label={t("pager.label")} data-testid="tdb-pager">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" aria-label={t("pager.prev")}>
          ‹
        </Link>
      ) : null}
      {pagerPages(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap${i}`} aria-hidden="true">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page">
            {p}
          </span>
        ) : (
          <Link key={p} to={href(p)} aria-label={t("pager.page", { n: p })}>
            {p}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" aria-label={t("pager.next")}>
          ›
        </Link>
      ) : null}
    </nav>
  );
}
