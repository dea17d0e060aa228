import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { SortHeader } from "~/components/list/SortHeader";
import { type Sample } from "~/lib/detection";

/** Samples as a table (cards on phones): ID (opening it above the list), order and piece, material, storage, registration, order state. */
export function SampleTable({ rows, sort, sortHref, lookupHref, current }: { rows: Sample[]; sort: string; sortHref: (sort: string) => string; lookupHref: (code: string) => string; current: string | null }) {
  const { t } = useTranslation("detection");
  const col = (k: string) => t(`samples.col.${k}`);
  return (
    <div className="ls-scroll">
      <table className="ls-table" data-testid="samples-table">
        <thead>
          <tr>
            <SortHeader sortKey="code" current={sort} hrefFor={sortHref}>
              {col("code")}
            </SortHeader>
            <th scope="col">{col("order")}</th>
            <th scope="col">{col("material")}</th>
            <th scope="col">{col("storage")}</th>
            <SortHeader sortKey="registeredAt" current={sort} hrefFor={sortHref}>
              {col("registered")}
            </SortHeader>
            <th scope="col">{col("state")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.Id} data-testid="sample-row" data-code={s.Code} aria-current={current && current.toUpperCase() === s.Code.toUpperCase() ? "true" : undefined}>
              <td className="ls-strong ls-mono">
                <Link to={lookupHref(s.Code)} preventScrollReset className="dt-code-link">
                  {s.Code}
                </Link>
              </td>
              <td data-label={col("order")} className="ls-mono">
                {s.OrderCode} · {s.LineNo}-{s.PieceNo}
              </td>
              <td data-label={col("material")}>{[s.Grade, s.HeatNo].filter(Boolean).join(" · ") || "—"}</td>
              <td data-label={col("storage")}>{s.Storage || "—"}</td>
              <td data-label={col("registered")} className="ls-dim">
                {formatDate(s.RegisteredAt, "{y}-{m}-{d} {h}:{i}")} · {s.RegisteredBy}
              </td>
              <td data-label={col("state")}>
                <span className="dt-state" data-state={s.OrderState}>
                  {t(`state.${s.OrderState}`)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
