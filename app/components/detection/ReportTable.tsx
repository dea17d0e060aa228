import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { SortHeader } from "~/components/list/SortHeader";
import { orderHref, reportPdfHref, type ReportListRow } from "~/lib/detection";
import { reportViewHref } from "~/lib/documents";

/**
 * Test reports as a table (cards on phones): the report (opened in the document viewer), its version and
 * whether a later one replaced it (and why this one was issued), the order, project and client, who issued it
 * and when, and the PDF as issued.
 */
export function ReportTable({ rows, sort, sortHref, canOpenOrder }: { rows: ReportListRow[]; sort: string; sortHref: (sort: string) => string; canOpenOrder: boolean }) {
  const { t } = useTranslation("detection");
  const col = (k: string) => t(`reportList.col.${k}`);
  return (
    <div className="ls-scroll">
      <table className="ls-table" data-testid="reports-table">
        <thead>
          <tr>
            <SortHeader sortKey="code" current={sort} hrefFor={sortHref}>
              {col("code")}
            </SortHeader>
            <th scope="col">{col("order")}</th>
            <th scope="col">{col("client")}</th>
            <SortHeader sortKey="issuedAt" current={sort} hrefFor={sortHref}>
              {col("issued")}
            </SortHeader>
            <th scope="col">{col("file")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.Id} data-testid="report-row" data-code={r.Code}>
              <td className="ls-strong">
                <Link to={reportViewHref(r.Id)} className="ls-mono dt-code-link">
                  {r.Code}
                </Link>{" "}
                {r.Current ? (
                  <span className="dt-state" data-state="reported">
                    {t("reports.current")}
                  </span>
                ) : (
                  <span className="dt-dim dt-small">{t("reports.replaced")}</span>
                )}
                {r.Reason ? <div className="dt-reason">{t("reports.reason", { reason: r.Reason })}</div> : null}
              </td>
              <td data-label={col("order")}>
                <span className="ls-mono">{canOpenOrder ? <Link to={orderHref(r.OrderId)} className="dt-code-link">{r.OrderCode}</Link> : r.OrderCode}</span>
                <div className="dt-dim dt-small">
                  {r.ProjectCode} {r.ProjectName}
                </div>
              </td>
              <td data-label={col("client")}>{r.ClientName || "—"}</td>
              <td data-label={col("issued")} className="ls-dim">
                {formatDate(r.IssuedAt, "{y}-{m}-{d} {h}:{i}")} · {r.IssuedBy}
              </td>
              <td data-label={col("file")}>
                <a href={reportPdfHref(r.Id)} target="_blank" rel="noreferrer" className="dt-code-link" data-testid="report-pdf">
                  PDF
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
