import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageCount, pageWindow } from "~/lib/notices";

/**
 * Page links (plain anchors, so paging works without JavaScript): previous, a window of numbers, next.
 * Texts come from the `infoCenter` namespace, which every list page loads.
 */
export function Pager({ total, size, current, hrefFor }: { total: number; size: number; current: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation("infoCenter");
  const count = pageCount(total, size);
  if (count <= 1) return null;
  return (
    <nav className="ic-pager" aria-label={t("pager.label")} data-testid="pager">
      {current > 1 ? (
        <Link to={hrefFor(current - 1)} rel="prev" className="ic-page">
          {t("pager.prev")}
        </Link>
      ) : (
        <span className="ic-page" aria-disabled="true">
          {t("pager.prev")}
        </span>
      )}
      {pageWindow(current, count).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="ic-page-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Link key={p} to={hrefFor(p)} className="ic-page" aria-current={p === current ? "page" : undefined} aria-label={t("pager.page", { page: p })}>
            {p}
          </Link>
        ),
      )}
      {current < count ? (
        <Link to={hrefFor(current + 1)} rel="next" className="ic-page">
          {t("pager.next")}
        </Link>
      ) : (
        <span className="ic-page" aria-disabled="true">
          {t("pager.next")}
        </span>
      )}
    </nav>
  );
}
