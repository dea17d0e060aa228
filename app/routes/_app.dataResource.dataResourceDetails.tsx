import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { calphadInputs, moleFractions, nominalComposition, PRECIPITATE_FORMERS } from "../../common/grade-compute.ts";
import drStyles from "~/components/dataResources/dataResources.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import {
  calphadHref,
  carburizingHref,
  DR_DETAIL_PATH,
  DR_GRADES_PATH,
  figureText,
  gradeHref,
  gradeListHref,
  gradeQuery,
  GRADE_PROPERTIES,
  precipitationHref,
  compositionText,
} from "~/lib/data-resources";
import { gradeDetail } from "~/lib/data-resources.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { listDatabases } from "~/lib/tdb.server";

/**
 * /dataResource/dataResourceDetails?key= (hidden): one grade of the steel-grade database: its composition
 * ranges, properties with their conditions, equivalents in the other standards and the documents every
 * figure comes from; and calculations of it (CALPHAD equilibrium or step in each shipped database that holds
 * iron and some of its alloying elements, carburizing, precipitation) opened with its nominal composition.
 */
export const handle = { i18n: ["dataResource", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: drStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, DR_DETAIL_PATH);
  const t = await getT(args.request, "dataResource");
  const key = (new URL(args.request.url).searchParams.get("key") ?? "").slice(0, 100);
  if (!key) throw new Response(t("errors.gradeNotFound"), { status: 404 });
  const [grade, databases] = await Promise.all([
    forPage(args, () => gradeDetail(args, token, key)),
    // Only the shipped databases: the graphical form offers those (an uploaded one runs in instruction mode).
    forPage(args, () => listDatabases(args, token, { elements: "Fe", keyword: "" })),
  ]);
  const nominal = nominalComposition(grade.Composition);
  const shipped = databases.rows.filter((d) => d.kind === "shipped").map((d) => ({ id: d.id, name: d.name, elements: d.elements }));
  return data({ title: grade.Name, grade, nominal, calphad: calphadInputs(nominal, shipped), moles: moleFractions(nominal) });
}

export default function GradeDetails() {
  const { grade: g, nominal, calphad, moles } = useLoaderData<typeof loader>();
  const { t } = useTranslation("dataResource");
  const titleOf = new Map(g.Sources.map((s) => [s.Key, s.Title]));
  const cite = (source: string, where: string | null) => [titleOf.get(source) ?? source, where].filter(Boolean).join(", ");
  const cited = new Set(g.Composition.map((c) => cite(c.Source, c.Where)));
  const oneSource = cited.size === 1 ? [...cited][0] : null;
  const formers = PRECIPITATE_FORMERS.filter((el) => moles && moles[el] !== undefined);
  const nominalText = Object.entries(nominal)
    .map(([el, wt]) => `${el} ${wt}`)
    .join(" · ");
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
            <p className="dr-source">{t("detail.nominal", { composition: nominalText || "—" })}</p>
            <Stack gap="sm" mt="xs">
              {calphad.map((c) => (
                <div key={c.database} className="dr-calc">
                  <strong>{c.databaseName}</strong>
                  <span className="dr-source">
                    {t("detail.used", { elements: ["Fe", ...c.used].join(", ") })}
                    {c.leftOut.length ? ` · ${t("detail.leftOut", { elements: c.leftOut.join(", ") })}` : ""}
                  </span>
                  <div className="dr-actions">
                    <Button component="a" href={calphadHref("calphad-equilibrium", c)} size="xs" data-testid="calc-equilibrium">
                      {t("detail.equilibrium")}
                    </Button>
                    <Button component="a" href={calphadHref("calphad-step", c)} size="xs" variant="light" data-testid="calc-step">
                      {t("detail.step")}
                    </Button>
                  </div>
                </div>
              ))}
              {calphad.length === 0 ? (
                <p className="dr-source" data-testid="calc-no-database">
                  {t("detail.noDatabase")} <Link to="/steelResearchCompute/DatabaseResources">{t("detail.databases")}</Link>
                </p>
              ) : null}
              {nominal.C !== undefined ? (
                <div className="dr-calc">
                  <strong>{t("detail.carburizing")}</strong>
                  <span className="dr-source">{t("detail.carburizingHint", { c: nominal.C })}</span>
                  <div className="dr-actions">
                    <Button component="a" href={carburizingHref(nominal.C)} size="xs" variant="light" data-testid="calc-carburizing">
                      {t("detail.carburizingOpen")}
                    </Button>
                  </div>
                </div>
              ) : null}
              {formers.length && moles ? (
                <div className="dr-calc">
                  <strong>{t("detail.precipitation")}</strong>
                  <span className="dr-source">{t("detail.precipitationHint")}</span>
                  <div className="dr-actions">
                    {formers.map((el) => (
                      <Button key={el} component="a" href={precipitationHref(el, moles[el]!)} size="xs" variant="light" data-testid="calc-precipitation">
                        {t("detail.precipitationOf", { element: el })}
                      </Button>
                    ))}
                  </div>
                </div>
              ) : null}
            </Stack>
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
