import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { SortHeader } from "~/components/list/SortHeader";
import type { TaskOrderRow } from "~/lib/detection";

/** Task orders as a table (cards on phones): code and project, client, state, pieces, due date (overdue marked), created. */
export function OrderTable({ rows, sort, sortHref, openHref }: { rows: TaskOrderRow[]; sort: string; sortHref: (sort: string) => string; openHref: (id: string) => string }) {
  const { t } = useTranslation("detection");
  const col = (k: string) => t(`orders.col.${k}`);
  return (
    <div className="ls-scroll">
      <table className="ls-table" data-testid="orders-table">
        <thead>
          <tr>
            <SortHeader sortKey="code" current={sort} hrefFor={sortHref}>
              {col("code")}
            </SortHeader>
            <th scope="col">{col("client")}</th>
            <th scope="col">{col("state")}</th>
            <th scope="col">{col("samples")}</th>
            <SortHeader sortKey="dueDate" current={sort} hrefFor={sortHref}>
              {col("due")}
            </SortHeader>
            <SortHeader sortKey="createdAt" current={sort} hrefFor={sortHref}>
              {col("created")}
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {rows.map((o) => (
            <tr key={o.Id} data-testid="order-row" data-code={o.Code} data-state={o.State}>
              <td className="ls-strong">
                <Link to={openHref(o.Id)} className="dt-code-link" data-testid="order-open">
                  {o.Code}
                </Link>
                <div className="dt-dim dt-small">
                  {o.ProjectCode} {o.ProjectName}
                </div>
              </td>
              <td data-label={col("client")}>{o.ClientName}</td>
              <td data-label={col("state")}>
                <span className="dt-state" data-state={o.State}>
                  {t(`state.${o.State}`)}
                </span>
              </td>
              <td data-label={col("samples")} className="ls-num">
                {o.Samples}
              </td>
              <td data-label={col("due")} className="ls-mono">
                {o.DueDate ?? "—"}
                {o.Overdue ? (
                  <span className="dt-overdue" data-testid="order-overdue">
                    {t("orders.overdue")}
                  </span>
                ) : null}
              </td>
              <td data-label={col("created")} className="ls-dim">
                {formatDate(o.CreatedAt, "{y}-{m}-{d}")} · {o.CreatedBy}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
