import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { calphadInputs, compositionLine, moleFractions, nominalComposition } from "../../common/grade-compute.ts";
import { CalculationLinks } from "~/components/calculations/CalculationLinks";
import calculationStyles from "~/components/calculations/calculations.css";
import drStyles from "~/components/dataResources/dataResources.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import {
  DR_DETAIL_PATH,
  DR_GRADES_PATH,
  figureText,
  gradeHref,
  gradeListHref,
  gradeQuery,
  GRADE_PROPERTIES,
  compositionText,
} from "~/lib/data-resources";
import { gradeDetail } from "~/lib/data-resources.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { shippedIronSystems } from "~/lib/tdb.server";

/**
 * /dataResource/dataResourceDetails?key= (hidden): one grade of the steel-grade database: its composition
 * ranges, properties with their conditions, equivalents in the other standards and the documents every
 * figure comes from; and calculations of it (CALPHAD equilibrium or step in each shipped database that holds
 * iron and some of its alloying elements, carburizing, precipitation) opened with its nominal composition.
 */
export const handle = { i18n: ["dataResource", "calculate", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: drStyles }, { rel: "stylesheet", href: calculationStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, DR_DETAIL_PATH);
  const t = await getT(args.request, "dataResource");
  const key = (new URL(args.request.url).searchParams.get("key") ?? "").slice(0, 100);
  if (!key) throw new Response(t("errors.gradeNotFound"), { status: 404 });
  const [grade, shipped] = await Promise.all([forPage(args, () => gradeDetail(args, token, key)), forPage(args, () => shippedIronSystems(args, token))]);
  const nominal = nominalComposition(grade.Composition);
  return data({ title: grade.Name, grade, nominal, calphad: calphadInputs(nominal, shipped), moles: moleFractions(nominal) });
}

export default function GradeDetails() {
  const { grade: g, nominal, calphad, moles } = useLoaderData<typeof loader>();
  const { t } = useTranslation("dataResource");
  const titleOf = new Map(g.Sources.map((s) => [s.Key, s.Title]));
  const cite = (source: string, where: string | null) => [titleOf.get(source) ?? source, where].filter(Boolean).join(", ");
  const cited = new Set(g.Composition.map((c) => cite(c.Source, c.Where)));
  const oneSource = cited.size === 1 ? [...cited][0] : null;
  const nominalText = compositionLine(nominal);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="grade-page">
      <div className="sys-head">
        <PageHeader title={g.Name} intro={[g.System, g.Standard, t(`family.${g.Family}`), g.Number].filter(Boolean).join(" · ")} />
        <div className="sys-head-actions">
          <Button component={Link} to={DR_GRADES_PATH} variant="default">
            {t("detail.back")}
          </Button>
          <Button component={Link} to={gradeListHref(gradeQuery(new URLSearchParams()), { by: "equivalent", keyword: g.Name })} variant="light">
            {t("detail.findEquivalents")}
          </Button>
        </div>
      </div>
      <div className="dr-detail">
        <Stack gap="md" className="dr-detail-main">
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="dr-comp-title">
            <h2 className="dr-section-title" id="dr-comp-title">
              {t("detail.composition")}
            </h2>
            {/* A plain table at every width (two or three short columns fit a phone); the source once when all share it. */}
            <table className="dr-mini" data-testid="grade-composition">
              <thead>
                <tr>
                  <th scope="col">{t("grades.col.element")}</th>
                  <th scope="col" className="ls-num">
                    {t("detail.range")}
                  </th>
                  {oneSource ? null : <th scope="col">{t("property.source")}</th>}
                </tr>
              </thead>
              <tbody>
                {g.Composition.map((c) => (
                  <tr key={c.Element}>
                    <th scope="row">{c.Element}</th>
                    <td className="ls-num dr-el">{compositionText(c.Min, c.Max)}</td>
                    {oneSource ? null : <td className="dr-source">{cite(c.Source, c.Where)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
            {oneSource ? <p className="dr-source">{t("detail.compositionFrom", { source: oneSource })}</p> : null}
          </Paper>
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="dr-prop-title">
            <h2 className="dr-section-title" id="dr-prop-title">
              {t("detail.properties")}
            </h2>
            {g.Properties.length ? (
              <div className="ls-scroll">
                <table className="ls-table" data-testid="grade-properties">
                  <thead>
                    <tr>
                      <th scope="col">{t("property.property")}</th>
                      <th scope="col" className="ls-num">
                        {t("detail.value")}
                      </th>
                      <th scope="col">{t("property.conditionCol")}</th>
                      <th scope="col">{t("property.source")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {g.Properties.map((p, i) => (
                      <tr key={i}>
                        <td className="ls-strong">{t(`prop.${p.Property}`)}</td>
                        <td className="ls-num dr-el" data-label={t("detail.value")}>
                          {figureText(p)} {GRADE_PROPERTIES[p.Property]}
                        </td>
                        <td data-label={t("property.conditionCol")}>
                          {p.Condition}
                          {p.TemperatureC !== null ? ` · ${p.TemperatureC} °C` : ""}
                        </td>
                        <td className="dr-source" data-label={t("property.source")}>
                          {cite(p.Source, p.Where)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="ls-empty">{t("detail.noProperties")}</p>
            )}
          </Paper>
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="dr-eq-title">
            <h2 className="dr-section-title" id="dr-eq-title">
              {t("detail.equivalents")}
            </h2>
            {g.Equivalents.length ? (
              <>
                <ul className="dr-eq-list" data-testid="grade-equivalents">
                  {g.Equivalents.map((e) => (
                    <li key={e.Key}>
                      <span className="dr-tag">{e.System}</span>{" "}
                      <Link to={gradeHref(e.Key)} className="dr-grade-name">
                        {e.Name}
                      </Link>{" "}
                      <span className="dr-source">{e.Standard}</span>
                    </li>
                  ))}
                </ul>
                {g.EquivalentsSource ? <p className="dr-source">{t("detail.equivalentsFrom", { source: cite(g.EquivalentsSource.Source, g.EquivalentsSource.Where) })}</p> : null}
              </>
            ) : (
              <p className="ls-empty">{t("equivalent.noneListed")}</p>
            )}
          </Paper>
        </Stack>
        <Stack gap="md" className="dr-detail-side">
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="dr-calc-title" data-testid="grade-calculations">
            <h2 className="dr-section-title" id="dr-calc-title">
              {t("detail.calculate")}
            </h2>
            <CalculationLinks basis={t("detail.nominal", { composition: nominalText || "—" })} nominal={nominal} calphad={calphad} moles={moles} />
          </Paper>
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="dr-src-title">
            <h2 className="dr-section-title" id="dr-src-title">
              {t("detail.sources")}
            </h2>
            <ul className="dr-sources" data-testid="grade-sources">
              {g.Sources.map((s) => (
                <li key={s.Key}>
                  {s.Title}
                  <span className="dr-source"> · {t(`detail.kind.${s.Kind}`)}</span>
                </li>
              ))}
            </ul>
            <p className="dr-source">{t("detail.sourcesNote")}</p>
          </Paper>
        </Stack>
      </div>
    </Stack>
  );
}
