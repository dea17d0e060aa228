import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ListRow } from "~/lib/notices.server";

/** Notices or directed messages as a list of links; unread ones carry a dot and a label for screen readers. */
export function MessageList({ rows, hrefFor, empty, testId }: { rows: ListRow[]; hrefFor: (id: string) => string; empty: string; testId: string }) {
  const { t } = useTranslation("infoCenter");
  if (!rows.length) {
    return (
      <p className="ic-empty" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  return (
    <ul className="ic-list" data-testid={testId}>
      {rows.map((r) => (
        <li key={r.id} className={r.read ? "ic-row" : "ic-row ic-unread"} data-testid="ic-row" data-read={r.read ? "1" : "0"}>
          <Link to={hrefFor(r.id)} className="ic-row-link">
            <span className="ic-dot" aria-hidden="true" />
            <span className="ic-row-title">{r.title}</span>
            {!r.read ? <span className="ic-tag">{t("unread")}</span> : null}
          </Link>
          <span className="ic-row-meta">
            {r.author ? <span>{r.author}</span> : null}
            <time title={r.when}>{r.ago}</time>
          </span>
        </li>
      ))}
    </ul>
  );
}
