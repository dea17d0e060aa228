import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { RECORDS_PATH, type TestDataCatalogue } from "~/lib/test-data";

/**
 * The institute's test data as a catalogue (steelNky `?view=catalogue`, docs/test-data.md): a row per grade, a
 * column per test method, each count a link to those records in my test data; the grades with most records
 * first. A GET form narrows the grades, so it works without JavaScript and can be shared as a link.
 */
export function Catalogue({ catalogue, keyword, methodNames, action }: { catalogue: TestDataCatalogue; keyword: string; methodNames: Record<string, string>; action: string }) {
  const { t } = useTranslation("testData");
  // The grade in double quotes: exactly that grade, as counted here (a bare one would find 42CrMo4 with 42CrMo).
  const records = (grade: string, method?: string) => `${RECORDS_PATH}?${new URLSearchParams({ grade: `"${grade}"`, ...(method ? { method } : {}) })}`;
  const methodName = (m: string) => (m === "" ? t("catalogue.noMethod") : (methodNames[m] ?? m));
  return (
    <div className="dt-panel" data-testid="catalogue">
      <Form method="get" action={action} className="ls-toolbar" role="search">
        <input type="hidden" name="view" value="catalogue" />
        <label className="dt-stack-label ls-grow">
          {t("catalogue.grade")}
          <input className="dt-text-input" name="keyword" type="search" defaultValue={keyword} key={keyword} maxLength={60} placeholder="42CrMo" />
        </label>
        <button type="submit" className="dt-scan-button">
          {t("filters.apply")}
        </button>
      </Form>
      <p className="ls-count" data-testid="catalogue-count">
        {catalogue.TotalGrades > catalogue.Grades.length
          ? t("catalogue.foundTop", { count: catalogue.TotalGrades, shown: catalogue.Grades.length })
          : t("catalogue.found", { count: catalogue.TotalGrades })}
      </p>
      {catalogue.Grades.length ? (
        <div className="ls-scroll">
          <table className="ls-table td-catalogue" data-testid="catalogue-table">
            <thead>
              <tr>
                <th scope="col">{t("catalogue.grade")}</th>
                <th scope="col">{t("catalogue.records")}</th>
                {catalogue.Methods.map((m) => (
                  <th key={m} scope="col">
                    {methodName(m)}
                  </th>
                ))}
                <th scope="col">{t("catalogue.last")}</th>
              </tr>
            </thead>
            <tbody>
              {catalogue.Grades.map((g) => (
                <tr key={g.Grade} data-testid="catalogue-row" data-grade={g.Grade}>
                  <th scope="row" className="ls-strong">
                    {g.Grade || t("catalogue.noGrade")}
                  </th>
                  <td data-label={t("catalogue.records")} className="ls-num">
                    <Link to={records(g.Grade)} className="td-source-link">
                      {g.Records}
                    </Link>
                  </td>
                  {catalogue.Methods.map((m) => (
                    <td key={m} data-label={methodName(m)} className="ls-num">
                      {g.ByMethod[m] && m ? (
                        <Link to={records(g.Grade, m)} className="td-source-link">
                          {g.ByMethod[m]}
                        </Link>
                      ) : g.ByMethod[m] ? (
                        g.ByMethod[m]
                      ) : (
                        <span className="dt-dim">—</span>
                      )}
                    </td>
                  ))}
                  <td data-label={t("catalogue.last")} className="ls-dim dt-small">
                    {formatDate(g.LastTested, "{y}-{m}-{d}")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="ls-empty" data-testid="catalogue-empty">
          {keyword ? t("catalogue.emptyFilter") : t("catalogue.empty")}
        </p>
      )}
    </div>
  );
}
