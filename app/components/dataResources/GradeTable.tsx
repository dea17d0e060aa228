import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SortHeader } from "~/components/list/SortHeader";
import { gradeHref, LIST_ELEMENTS, compositionText, type GradeRow } from "~/lib/data-resources";

/**
 * Grades as a table (cards on phones): designation, standard, system, family and the main elements' ranges,
 * plus any element the search asked about; the searched elements are marked.
 */
export function GradeTable({ rows, sort, sortHref, searched }: { rows: GradeRow[]; sort: string; sortHref: (sort: string) => string; searched: string[] }) {
  const { t } = useTranslation("dataResource");
  const elements = [...LIST_ELEMENTS, ...searched.filter((e) => !(LIST_ELEMENTS as readonly string[]).includes(e))];
  const col = (k: string) => t(`grades.col.${k}`);
  return (
    <div className="ls-scroll">
      <table className="ls-table" data-testid="grades-table">
        <thead>
          <tr>
            <SortHeader sortKey="name" current={sort} hrefFor={sortHref}>
              {col("name")}
            </SortHeader>
            <SortHeader sortKey="standard" current={sort} hrefFor={sortHref}>
              {col("standard")}
            </SortHeader>
            <SortHeader sortKey="family" current={sort} hrefFor={sortHref}>
              {col("family")}
            </SortHeader>
            {elements.map((e) => (
              <th key={e} scope="col" className="ls-num">
                {e}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((g) => {
            const byEl = new Map(g.Composition.map((c) => [c.Element, c]));
            return (
              <tr key={g.Key} data-testid="grade-row" data-key={g.Key}>
                <td className="ls-strong">
                  <Link to={gradeHref(g.Key)} className="dr-grade-name" data-testid="grade-open">
                    {g.Name}
                  </Link>
                  {g.Number ? <div className="pj-code">{g.Number}</div> : null}
                </td>
                <td data-label={col("standard")}>
                  <span className="dr-tag">{g.System}</span> {g.Standard}
                </td>
                <td data-label={col("family")}>{t(`family.${g.Family}`)}</td>
                {elements.map((e) => {
                  const c = byEl.get(e);
                  const text = c ? compositionText(c.Min, c.Max) : "";
                  return (
                    <td key={e} data-label={e} className="ls-num">
                      <span className={`dr-el${searched.includes(e) && text ? " dr-el-hit" : ""}`}>{text || "—"}</span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
