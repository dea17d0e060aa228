import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import drStyles from "~/components/dataResources/dataResources.css";
import { GradeViews } from "~/components/dataResources/GradeViews";
import { Pager } from "~/components/infoCenter/Pager";
import { SortHeader } from "~/components/list/SortHeader";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import {
  DR_PAGE_SIZE,
  DR_PROPERTIES_PATH,
  figureText,
  GRADE_FAMILIES,
  GRADE_PROPERTIES,
  GRADE_PROPERTY_KEYS,
  GRADE_SYSTEMS,
  gradeHref,
  propertyListHref,
  propertyQuery,
  propertySearchIssues,
} from "~/lib/data-resources";
import { searchProperty } from "~/lib/data-resources.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";

/**
 * /dataResource/dataResourceList2: the property search (docs/data-resources.md): the grades whose figure for
 * one property lies in a range, at a condition (heat treatment, section) and test temperature, each figure
 * with the standard or handbook it comes from. A GET form; a wrong bound is shown under its field.
 */
export const handle = { i18n: ["dataResource", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: drStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, DR_PROPERTIES_PATH);
  const t = await getT(args.request, "dataResource");
  const q = propertyQuery(new URL(args.request.url).searchParams);
  const issues = propertySearchIssues(q);
  const errors = Object.fromEntries(issues.map((i) => [i.field, t(`errors.${i.key}`)]));
  const list = issues.length ? null : await forPage(args, () => searchProperty(args, token, q, DR_PAGE_SIZE));
  return data({ title: t("views.propertyTitle"), q, list, errors }, { status: issues.length ? 400 : 200 });
}

export default function PropertySearch() {
  const { q, list, errors } = useLoaderData<typeof loader>();
  const { t } = useTranslation("dataResource");
  const unit = GRADE_PROPERTIES[q.property];
  const sortHref = (sort: string) => propertyListHref(q, { sort, page: 1 });
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="property-search-page">
      <PageHeader title={t("views.propertyTitle")} intro={t("views.propertyIntro")} />
      <GradeViews current="property" />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="ls-toolbar" role="search" data-testid="property-filters">
            <NativeSelect name="property" label={t("property.property")} defaultValue={q.property} key={`p-${q.property}`}>
              {GRADE_PROPERTY_KEYS.map((p) => (
                <option key={p} value={p}>
                  {t(`prop.${p}`)} ({GRADE_PROPERTIES[p]})
                </option>
              ))}
            </NativeSelect>
            <TextInput name="min" inputMode="decimal" label={t("property.min", { unit })} defaultValue={q.min} error={errors.min} maxLength={12} key={`a-${q.min}`} w={120} />
            <TextInput name="max" inputMode="decimal" label={t("property.max", { unit })} defaultValue={q.max} error={errors.max} maxLength={12} key={`b-${q.max}`} w={120} />
            <TextInput className="ls-grow" name="condition" label={t("property.condition")} placeholder={t("property.conditionPlaceholder")} defaultValue={q.condition} maxLength={100} key={`c-${q.condition}`} />
            <TextInput name="tMin" label={t("property.tMin")} defaultValue={q.tMin} error={errors.tMin} maxLength={12} key={`t1-${q.tMin}`} w={110} />
            <TextInput name="tMax" label={t("property.tMax")} defaultValue={q.tMax} error={errors.tMax} maxLength={12} key={`t2-${q.tMax}`} w={110} />
            <NativeSelect name="system" label={t("grades.system")} defaultValue={q.system} key={`s-${q.system}`}>
              <option value="">{t("grades.any")}</option>
              {GRADE_SYSTEMS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect name="family" label={t("grades.family")} defaultValue={q.family} key={`f-${q.family}`}>
              <option value="">{t("grades.any")}</option>
              {GRADE_FAMILIES.map((f) => (
                <option key={f} value={f}>
                  {t(`family.${f}`)}
                </option>
              ))}
            </NativeSelect>
            <Button type="submit" data-testid="property-search">
              {t("grades.search")}
            </Button>
          </Form>
          {list ? (
            <>
              <Text className="ls-count" data-testid="property-count">
                {t("property.found", { count: list.total })}
              </Text>
              {list.rows.length ? (
                <div className="ls-scroll">
                  <table className="ls-table" data-testid="property-table">
                    <thead>
                      <tr>
                        <SortHeader sortKey="name" current={q.sort} hrefFor={sortHref}>
                          {t("grades.col.name")}
                        </SortHeader>
                        <SortHeader sortKey="standard" current={q.sort} hrefFor={sortHref}>
                          {t("grades.col.standard")}
                        </SortHeader>
                        <SortHeader sortKey="value" current={q.sort} hrefFor={sortHref}>
                          {t(`prop.${q.property}`)} ({unit})
                        </SortHeader>
                        <th scope="col">{t("property.conditionCol")}</th>
                        <th scope="col">{t("property.source")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {list.rows.map((r, i) => (
                        <tr key={`${r.Key}-${i}`} data-testid="property-row">
                          <td className="ls-strong">
                            <Link to={gradeHref(r.Key)} className="dr-grade-name">
                              {r.Name}
                            </Link>
                            <div className="dr-source">{t(`family.${r.Family}`)}</div>
                          </td>
                          <td data-label={t("grades.col.standard")}>
                            <span className="dr-tag">{r.System}</span> {r.Standard}
                          </td>
                          <td data-label={t(`prop.${q.property}`)} className="ls-num">
                            <span className="dr-el">{figureText(r.Figure)}</span>
                          </td>
                          <td data-label={t("property.conditionCol")}>
                            {r.Figure.Condition}
                            {r.Figure.TemperatureC !== null ? <span className="dr-source"> · {r.Figure.TemperatureC} °C</span> : null}
                          </td>
                          <td data-label={t("property.source")} className="dr-source">
                            {r.Figure.SourceTitle}
                            {r.Figure.Where ? `, ${r.Figure.Where}` : ""}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : (
                <p className="ls-empty" data-testid="property-empty">
                  {t("property.empty")}
                </p>
              )}
              <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => propertyListHref(q, { page })} />
            </>
          ) : (
            <p className="ls-empty">{t("grades.fixConditions")}</p>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
