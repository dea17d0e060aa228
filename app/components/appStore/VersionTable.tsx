import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import type { VersionView } from "~/lib/app-store";
import { StateBadge } from "./VersionPanel";

/**
 * Versions as the list pattern's table (cards on phones): app with its id, version, state, the author (the
 * reviewers' list), when, and what can be done. `href` opens a version; `actions` adds a row's buttons.
 */
export function VersionTable({ rows, href, withAuthor, actions }: { rows: VersionView[]; href: (v: VersionView) => string; withAuthor?: boolean; actions?: (v: VersionView) => ReactNode }) {
  const { t } = useTranslation("appStore");
  return (
    <div className="ls-scroll">
      <table className="ls-table" data-testid="versions-table">
        <thead>
          <tr>
            <th scope="col">{t("mine.col.app")}</th>
            <th scope="col">{t("mine.col.version")}</th>
            <th scope="col">{t("mine.col.state")}</th>
            {withAuthor ? <th scope="col">{t("manager.col.author")}</th> : null}
            <th scope="col">{withAuthor ? t("manager.col.submitted") : t("mine.col.uploaded")}</th>
            <th scope="col">{t("mine.col.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((v) => (
            <tr key={v.Id} data-testid="version-row" data-state={v.State} data-app={v.AppId}>
              <td className="ls-strong">
                <Link to={href(v)} className="dt-code-link">
                  {v.Name}
                </Link>
                <div className="as-meta">
                  <span className="dt-code">{v.AppId}</span>
                </div>
              </td>
              <td data-label={t("mine.col.version")} className="ls-mono">
                {v.Version}
              </td>
              <td data-label={t("mine.col.state")}>
                <StateBadge state={v.State} />
              </td>
              {withAuthor ? <td data-label={t("manager.col.author")}>{v.UploadedBy}</td> : null}
              <td data-label={withAuthor ? t("manager.col.submitted") : t("mine.col.uploaded")} className="ls-dim">
                {formatDate((withAuthor ? v.SubmittedAt : null) ?? v.UploadedAt, "{y}-{m}-{d} {h}:{i}")}
              </td>
              <td data-label={t("mine.col.actions")}>
                <div className="ls-actions">
                  <Link to={href(v)} className="dt-code-link">
                    {t("mine.open")}
                  </Link>
                  {actions?.(v)}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
