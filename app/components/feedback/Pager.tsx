import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageCount, withParam } from "~/lib/feedback";

/** Previous / next links that keep the address's other parameters (filters), so paging needs no script. */
export function Pager({ total, page, size, testId }: { total: number; page: number; size: number; testId?: string }) {
  const { t } = useTranslation("feedback");
  const location = useLocation();
  const pages = pageCount(total, size);
  const to = (p: number) => location.pathname + withParam(location.search, "page", p === 1 ? null : String(p));
  return (
    <nav className="fb-pager" aria-label={t("list.pager")} data-testid={testId}>
      <span>{t("list.total", { count: total })}</span>
      <span className="fb-pager-links">
        {page > 1 ? (
          <Link to={to(page - 1)} rel="prev">
            {t("list.prev")}
          </Link>
        ) : (
          <span aria-disabled="true">{t("list.prev")}</span>
        )}
        <span>{t("list.page", { page, pages })}</span>
        {page < pages ? (
          <Link to={to(page + 1)} rel="next">
            {t("list.next")}
          </Link>
        ) : (
          <span aria-disabled="true">{t("list.next")}</span>
        )}
      </span>
    </nav>
  );
}
