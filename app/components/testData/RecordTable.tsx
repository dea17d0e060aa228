import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { SortHeader } from "~/components/list/SortHeader";
import { isElement, similarToSampleHref, unitOf, valueText, type SimilarRecord, type TestRecord } from "~/lib/test-data";

/**
 * Test records as a table (cards on phones): the record's code (opening its order when it came from the lab
 * and the reader may open it), grade, heat number and condition, when it was tested and where it came from,
 * the chosen quantities (each sortable), its owner; with `distance`, the nearest search's distance first.
 */
export function RecordTable({
  rows,
  cols,
  sort,
  sortHref,
  orderHref,
  similar,
  showOwner,
}: {
  rows: Array<TestRecord | SimilarRecord>;
  cols: string[];
  /** The current sort and its links; without them the columns are not sortable (a search's ranking). */
  sort?: string;
  sortHref?: (sort: string) => string;
  /** A lab record's order, when the reader may open it. */
  orderHref?: (orderId: string) => string;
  /** Offer "similar records" from each row (the reader has the similar-data search). */
  similar?: boolean;
  showOwner?: boolean;
}) {
  const { t } = useTranslation("testData");
  const col = (k: string) => t(`records.col.${k}`);
  const head = (key: string, label: string) =>
    sort !== undefined && sortHref ? (
      <SortHeader key={key} sortKey={key} current={sort} hrefFor={sortHref}>
        {label}
      </SortHeader>
    ) : (
      <th key={key} scope="col">
        {label}
      </th>
    );
  const withDistance = rows.some((r) => "Distance" in r && r.Distance !== null);
  const qty = (k: string) => (unitOf(k) ? `${k} (${unitOf(k)})` : k);
  return (
    <div className="ls-scroll">
      <table className="ls-table td-records" data-testid="records-table">
        <thead>
          <tr>
            {withDistance ? <th scope="col">{col("distance")}</th> : null}
            {head("code", col("code"))}
            {head("grade", col("grade"))}
            <th scope="col">{col("condition")}</th>
            {head("testedAt", col("testedAt"))}
            {cols.map((k) => head(k, qty(k)))}
            {showOwner ? <th scope="col">{col("owner")}</th> : null}
            {similar ? <th scope="col">{col("actions")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.Id} data-testid="record-row" data-code={r.Code}>
              {withDistance ? (
                <td data-label={col("distance")} className="td-num ls-strong" data-testid="record-distance">
                  {"Distance" in r && r.Distance !== null ? r.Distance.toFixed(2) : ""}
                </td>
              ) : null}
              <td className="ls-strong">
                {r.OrderId && orderHref ? (
                  <Link to={orderHref(r.OrderId)} className="ls-mono dt-code-link">
                    {r.Code}
                  </Link>
                ) : (
                  <span className="ls-mono">{r.Code}</span>
                )}
                <div className="dt-dim dt-small">
                  {t(`source.${r.Source}`)}
                  {r.OrderCode ? ` · ${r.OrderCode}` : ""}
                  {r.HeatNo ? ` · ${t("records.heat", { heat: r.HeatNo })}` : ""}
                </div>
              </td>
              <td data-label={col("grade")}>{r.Grade || "—"}</td>
              <td data-label={col("condition")} className="td-condition">
                {r.Condition || "—"}
              </td>
              <td data-label={col("testedAt")} className="ls-dim td-date">
                {formatDate(r.TestedAt, "{y}-{m}-{d}")}
              </td>
              {cols.map((k) => (
                <td key={k} data-label={qty(k)} className="td-num" data-col={k}>
                  {valueText(r.Values[k]) || <span className="dt-dim">–</span>}
                </td>
              ))}
              {showOwner ? (
                <td data-label={col("owner")}>
                  {r.OwnerName || "—"}
                  {r.DepartmentName || r.EnterpriseName ? <div className="dt-dim dt-small">{r.DepartmentName ?? r.EnterpriseName}</div> : null}
                </td>
              ) : null}
              {similar ? (
                <td data-label={col("actions")}>
                  {Object.keys(r.Values).some(isElement) ? (
                    <Link to={similarToSampleHref(r.Code)} className="dt-code-link" data-testid="record-similar">
                      {t("records.similar")}
                    </Link>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
