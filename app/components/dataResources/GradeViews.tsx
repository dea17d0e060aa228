import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DR_PROPERTIES_PATH, GRADE_VIEWS, gradeListHref, gradeQuery, type GradeView } from "~/lib/data-resources";

/**
 * The four steel-database searches as tabs (plain links): grade, equivalent and standard are views of
 * /dataResource/dataResourceList, the property search is /dataResource/dataResourceList2.
 */
export function GradeViews({ current }: { current: GradeView | "property" }) {
  const { t } = useTranslation("dataResource");
  const empty = gradeQuery(new URLSearchParams());
  return (
    <nav className="dr-views" aria-label={t("views.label")} data-testid="grade-views">
      {GRADE_VIEWS.map((v) => (
        <Link key={v} to={gradeListHref(empty, { by: v })} aria-current={current === v ? "page" : undefined}>
          {t(`views.${v}`)}
        </Link>
      ))}
      <Link to={DR_PROPERTIES_PATH} aria-current={current === "property" ? "page" : undefined}>
        {t("views.property")}
      </Link>
    </nav>
  );
}
