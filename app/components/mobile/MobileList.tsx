import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One page of a mobile list: the loader of a page using MobileList answers it as `list` (the fetcher reads that). */
export interface MobilePage<R> {
  rows: R[];
  total: number;
  page: number;
  size: number;
}

/**
 * A list page on a phone (spec sections 2 and 9): rows as cards, more loaded at the bottom, a back-to-top
 * button 85 px from the bottom, and the page header hidden once the list is scrolled past 50 px.
 *
 * Without JavaScript "load more" is a link to the next page (?page=N+1) and back-to-top an anchor to the
 * document's top; with it the next page is fetched from the same loader (its `list`) when the link scrolls into view
 * (or is tapped) and appended, so the list grows in place. `hrefFor(page)` is the page's own address at that
 * page; `render` draws one row. Give it a `key` that changes with the filters (`hrefFor(1)`), so another list
 * starts afresh. Texts come from the `common` namespace.
 */
export function MobileList<R extends { Id: string }>({ first, hrefFor, render, empty, testId }: { first: MobilePage<R>; hrefFor: (page: number) => string; render: (row: R) => ReactNode; empty: ReactNode; testId: string }) {
  const { t } = useTranslation("common");
  const fetcher = useFetcher<{ list: MobilePage<R> }>();
  // The pages loaded since this list was first drawn. A page with other filters is another list: the page
  // gives each its own `key`.
  const [pages, setPages] = useState<MobilePage<R>[]>([first]);
  const more = useRef<HTMLAnchorElement>(null);
  // A revalidation that brings the same first page (a notice's fetch, say) keeps the loaded ones; a changed
  // one (a row added or removed by this page's own form) starts the list again.
  useEffect(() => {
    setPages((had) => (sameRows(had[0], first) ? had : [first]));
  }, [first]);
  const last = pages[pages.length - 1];
  const hasMore = last.page * last.size < last.total;
  const loading = fetcher.state !== "idle";
  // Only the page after the last one is appended, once; a row shifted onto it by a newer one is not shown twice.
  useEffect(() => {
    const got = fetcher.data?.list;
    if (!got) return;
    setPages((had) => {
      const end = had[had.length - 1];
      if (got.page !== end.page + 1) return had;
      const shown = new Set(had.flatMap((p) => p.rows.map((r) => r.Id)));
      return [...had, { ...got, rows: got.rows.filter((r) => !shown.has(r.Id)) }];
    });
  }, [fetcher.data]);
  // What the observer needs, read when it fires: it is made once per list end, not on every render.
  const now = useRef({ load: () => {} });
  now.current.load = () => {
    if (fetcher.state === "idle" && hasMore) fetcher.load(hrefFor(last.page + 1));
  };
  // Near the bottom, the next page loads by itself.
  useEffect(() => {
    const el = more.current;
    if (!el || !hasMore || typeof IntersectionObserver === "undefined") return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) now.current.load();
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [hasMore, last.page]);
  useHeaderHiddenOnScroll();
  const rows = pages.flatMap((p) => p.rows);
  return (
    <div className="m-list" data-testid={testId}>
      {rows.length ? (
        <ul className="m-cards">
          {rows.map((r) => (
            <li key={r.Id} className="m-card">
              {render(r)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="ls-empty">{empty}</p>
      )}
      {first.page > 1 ? (
        <Link to={hrefFor(1)} className="m-more">
          {t("mobileList.first")}
        </Link>
      ) : null}
      {hasMore ? (
        <Link
          ref={more}
          to={hrefFor(last.page + 1)}
          className="m-more"
          aria-busy={loading || undefined}
          onClick={(e) => {
            e.preventDefault();
            now.current.load();
          }}
          data-testid="mobile-more"
        >
          {loading ? t("mobileList.loading") : t("mobileList.more")}
        </Link>
      ) : rows.length ? (
        <p className="m-end" data-testid="mobile-end">
          {t("mobileList.end", { count: last.total })}
        </p>
      ) : null}
      {/* "#top" is the document's top by the HTML standard (no element has that id); with JS, without the hash. */}
      <a
        href="#top"
        className="m-top"
        aria-label={t("mobileList.top")}
        onClick={(e) => {
          e.preventDefault();
          window.scrollTo({ top: 0, behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
        }}
        data-testid="mobile-top"
      >
        ↑
      </a>
    </div>
  );
}

const sameRows = (a: MobilePage<{ Id: string }>, b: MobilePage<{ Id: string }>) => a.total === b.total && a.rows.length === b.rows.length && a.rows.every((r, i) => r.Id === b.rows[i].Id);

/** Below 992 px, the page header slides away once the page is scrolled past 50 px, and back at the top. */
function useHeaderHiddenOnScroll() {
  useEffect(() => {
    const root = document.documentElement;
    const onScroll = () => {
      const hide = window.innerWidth < 992 && window.scrollY > 50;
      if (hide) root.setAttribute("data-m-header", "hidden");
      else root.removeAttribute("data-m-header");
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      root.removeAttribute("data-m-header");
    };
  }, []);
}
