import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SortHeader } from "~/components/list/SortHeader";
import { ORDER_LIST, ordersHref, ORDERS_PATH, type DetectionProjectRow } from "~/lib/detection";
import { listQuery } from "~/lib/list-query";

/**
 * The lab's detection projects as a table (cards on phones): code and name, client, due date, status, leader,
 * how many orders it has (a link to them); for the lab, editing it and a new order in it.
 */
export function ProjectTable({ rows, sort, sortHref, editHref, canWrite }: { rows: DetectionProjectRow[]; sort: string; sortHref: (sort: string) => string; editHref: (id: string) => string; canWrite: boolean }) {
  const { t } = useTranslation("detection");
  const col = (k: string) => t(`projects.col.${k}`);
  const orders = listQuery(new URLSearchParams(), ORDER_LIST);
  return (
    <div className="ls-scroll">
      <table className="ls-table" data-testid="projects-table">
        <thead>
          <tr>
            <SortHeader sortKey="code" current={sort} hrefFor={sortHref}>
              {col("code")}
            </SortHeader>
            <th scope="col">{col("client")}</th>
            <SortHeader sortKey="dueDate" current={sort} hrefFor={sortHref}>
              {col("due")}
            </SortHeader>
            <th scope="col">{col("status")}</th>
            <th scope="col">{col("orders")}</th>
            {canWrite ? <th scope="col">{col("actions")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.Id} data-testid="project-row" data-code={p.Code}>
              <td className="ls-strong">
                <span className="ls-mono">{p.Code}</span>
                <div>{p.Name}</div>
                <div className="dt-dim dt-small">{[p.LeaderName, p.Standards].filter(Boolean).join(" · ")}</div>
              </td>
              <td data-label={col("client")}>{p.ClientName || "—"}</td>
              <td data-label={col("due")}>{p.DueDate ?? "—"}</td>
              <td data-label={col("status")}>
                <span className="dt-state" data-state={p.Status === "active" ? "received" : "cancelled"}>
                  {t(`projects.status.${p.Status}`)}
                </span>
              </td>
              <td data-label={col("orders")}>
                <Link to={ordersHref(orders, { keyword: p.Code })} className="dt-code-link">
                  {t("projects.orderCount", { count: p.Orders })}
                </Link>
              </td>
              {canWrite ? (
                <td data-label={col("actions")}>
                  <span className="dt-row">
                    <Link to={editHref(p.Id)} className="dt-code-link" preventScrollReset data-testid="project-edit">
                      {t("projects.edit")}
                    </Link>
                    {p.Status === "active" ? (
                      <Link to={`${ORDERS_PATH}?new=order&project=${p.Id}`} className="dt-code-link" data-testid="project-new-order">
                        {t("orders.newOrder")}
                      </Link>
                    ) : null}
                  </span>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
