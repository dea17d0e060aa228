import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CompositionFields } from "~/components/dataResources/CompositionFields";
import drStyles from "~/components/dataResources/dataResources.css";
import { GradeTable } from "~/components/dataResources/GradeTable";
import { GradeViews } from "~/components/dataResources/GradeViews";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import {
  DR_GRADES_PATH,
  DR_PAGE_SIZE,
  GRADE_FAMILIES,
  GRADE_SYSTEMS,
  gradeHref,
  gradeListHref,
  gradeQuery,
  gradeSearchIssues,
  type GradeQuery,
} from "~/lib/data-resources";
import { equivalents, listGrades, listStandards } from "~/lib/data-resources.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";

/**
 * /dataResource/dataResourceList: the steel-grade database's searches (docs/data-resources.md). `by=grade`
 * (the default) finds grades by designation, standard, system, family and composition ranges, paged and
 * sorted in the address, with a CSV; `by=equivalent` lists a designation's equivalents in the other
 * standards; `by=standard` lists the standards with their grades. All GET forms: the address is the state.
 */
export const handle = { i18n: ["dataResource", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: drStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, DR_GRADES_PATH);
  const t = await getT(args.request, "dataResource");
  const q = gradeQuery(new URL(args.request.url).searchParams);
  const title = t(`views.${q.by}Title`);
  if (q.by === "equivalent") {
    const matches = q.keyword ? await forPage(args, () => equivalents(args, token, q.keyword)) : null;
    return data({ title, q, matches, list: null, standards: null, errors: {} as Record<number, string> });
  }
  if (q.by === "standard") {
    const standards = await forPage(args, () => listStandards(args, token, { keyword: q.keyword, system: q.system }));
    return data({ title, q, matches: null, list: null, standards, errors: {} as Record<number, string> });
  }
  // A wrong bound is shown under its row and nothing is searched (the API would refuse it the same way).
  const issues = gradeSearchIssues(q);
  const errors: Record<number, string> = {};
  for (const i of issues) errors[Number(i.field.split(".")[1] ?? 0)] = t(`errors.${i.key}`);
  const list = issues.length ? null : await forPage(args, () => listGrades(args, token, q, DR_PAGE_SIZE));
  return data({ title, q, matches: null, list, standards: null, errors }, { status: issues.length ? 400 : 200 });
}

function SystemSelect({ value }: { value: string }) {
  const { t } = useTranslation("dataResource");
  return (
    <NativeSelect name="system" label={t("grades.system")} defaultValue={value} key={`sys-${value}`}>
      <option value="">{t("grades.any")}</option>
      {GRADE_SYSTEMS.map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </NativeSelect>
  );
}

function GradeSearch({ q, list, errors }: { q: GradeQuery; list: { total: number; size: number; rows: Parameters<typeof GradeTable>[0]["rows"] } | null; errors: Record<number, string> }) {
  const { t } = useTranslation("dataResource");
  const csvHref = gradeListHref(q, { page: 1 }).replace(DR_GRADES_PATH, `${DR_GRADES_PATH}.csv`);
  const filtered = q.keyword || q.standard || q.system || q.family || q.comp.length;
  return (
    <>
      <Form method="get" className="ls-toolbar" role="search" data-testid="grade-filters" style={{ flexDirection: "column", alignItems: "stretch" }}>
        <div className="ls-toolbar">
          <TextInput className="ls-grow" name="keyword" type="search" label={t("grades.keyword")} placeholder={t("grades.keywordPlaceholder")} defaultValue={q.keyword} maxLength={100} key={`k-${q.keyword}`} />
          <TextInput name="standard" label={t("grades.standard")} placeholder="GB/T 3077-2015" defaultValue={q.standard} maxLength={100} key={`st-${q.standard}`} />
          <SystemSelect value={q.system} />
          <NativeSelect name="family" label={t("grades.family")} defaultValue={q.family} key={`f-${q.family}`}>
            <option value="">{t("grades.any")}</option>
            {GRADE_FAMILIES.map((f) => (
              <option key={f} value={f}>
                {t(`family.${f}`)}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect className="ls-phone-only" name="sort" label={t("grades.sortLabel")} defaultValue={q.sort} key={`o-${q.sort}`}>
            {["name", "-name", "standard", "-standard", "family", "-family"].map((k) => (
              <option key={k} value={k}>
                {t(`grades.sort.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <CompositionFields rows={q.comp} errors={errors} />
        <div className="dr-actions">
          <Button type="submit" data-testid="grade-search">
            {t("grades.search")}
          </Button>
          {filtered ? (
            <Button component={Link} to={DR_GRADES_PATH} variant="default">
              {t("grades.reset")}
            </Button>
          ) : null}
          {list ? (
            <Button component="a" href={csvHref} variant="subtle" data-testid="grades-csv">
              {t("grades.csv")}
            </Button>
          ) : null}
        </div>
      </Form>
      {list ? (
        <>
          <Text className="ls-count" data-testid="grades-count">
            {t("grades.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <GradeTable rows={list.rows} sort={q.sort} sortHref={(sort) => gradeListHref(q, { sort, page: 1 })} searched={q.comp.map((c) => c.el)} />
          ) : (
            <p className="ls-empty" data-testid="grades-empty">
              {filtered ? t("grades.emptyFilter") : t("grades.empty")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => gradeListHref(q, { page })} />
        </>
      ) : (
        <p className="ls-empty" data-testid="grades-fix">
          {t("grades.fixConditions")}
        </p>
      )}
    </>
  );
}

export default function GradeList() {
  const { title, q, matches, list, standards, errors } = useLoaderData<typeof loader>();
  const { t } = useTranslation("dataResource");
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="grade-list-page">
      <PageHeader title={title} intro={t(`views.${q.by}Intro`)} />
      <GradeViews current={q.by} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          {q.by === "grade" ? <GradeSearch q={q} list={list} errors={errors} /> : null}
          {q.by === "equivalent" ? (
            <>
              <Form method="get" className="ls-toolbar" role="search" data-testid="equivalent-filters">
                <input type="hidden" name="by" value="equivalent" />
                <TextInput className="ls-grow" name="keyword" type="search" label={t("equivalent.name")} placeholder={t("equivalent.placeholder")} defaultValue={q.keyword} maxLength={100} key={q.keyword} />
                <Button type="submit">{t("grades.search")}</Button>
              </Form>
              {matches === null ? (
                <p className="ls-empty">{t("equivalent.prompt")}</p>
              ) : matches.length === 0 ? (
                <p className="ls-empty" data-testid="equivalent-empty">
                  {t("equivalent.none", { name: q.keyword })}
                </p>
              ) : (
                <div className="ls-scroll">
                  <table className="ls-table" data-testid="equivalent-table">
                    <thead>
                      <tr>
                        <th scope="col">{t("equivalent.grade")}</th>
                        <th scope="col">{t("equivalent.equivalents")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {matches.map((m) => (
                        <tr key={m.Grade.Key} data-testid="equivalent-row">
                          <td className="ls-strong">
                            <Link to={gradeHref(m.Grade.Key)} className="dr-grade-name">
                              {m.Grade.Name}
                            </Link>
                            <div className="dr-source">
                              {m.Grade.System} · {m.Grade.Standard}
                            </div>
                          </td>
                          <td data-label={t("equivalent.equivalents")}>
                            {m.Equivalents.length ? (
                              <div className="dr-eq">
                                {m.Equivalents.map((e) => (
                                  <span key={e.Key}>
                                    <span className="dr-tag">{e.System}</span>{" "}
                                    <Link to={gradeHref(e.Key)} data-testid="equivalent-link">
                                      {e.Name}
                                    </Link>{" "}
                                    <span className="dr-source">{e.Standard}</span>
                                  </span>
                                ))}
                              </div>
                            ) : (
                              <span className="ls-dim">{t("equivalent.noneListed")}</span>
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </>
          ) : null}
          {q.by === "standard" && standards ? (
            <>
              <Form method="get" className="ls-toolbar" role="search" data-testid="standard-filters">
                <input type="hidden" name="by" value="standard" />
                <TextInput className="ls-grow" name="keyword" type="search" label={t("standard.keyword")} placeholder="GB/T 1299" defaultValue={q.keyword} maxLength={100} key={q.keyword} />
                <SystemSelect value={q.system} />
                <Button type="submit">{t("grades.search")}</Button>
              </Form>
              <Text className="ls-count">{t("standard.found", { count: standards.length })}</Text>
              {standards.length ? (
                <div className="ls-scroll">
                  <table className="ls-table" data-testid="standard-table">
                    <thead>
                      <tr>
                        <th scope="col">{t("standard.standard")}</th>
                        <th scope="col">{t("grades.system")}</th>
                        <th scope="col">{t("grades.family")}</th>
                        <th scope="col" className="ls-num">
                          {t("standard.grades")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {standards.map((s) => (
                        <tr key={s.Standard} data-testid="standard-row">
                          <td className="ls-strong">
                            <Link to={gradeListHref(gradeQuery(new URLSearchParams()), { standard: s.Standard })}>{s.Standard}</Link>
                          </td>
                          <td data-label={t("grades.system")}>{s.System}</td>
                          <td data-label={t("grades.family")}>{s.Families.map((f) => t(`family.${f}`)).join(t("standard.separator"))}</td>
                          <td data-label={t("standard.grades")} className="ls-num">
                            {s.Grades}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : (
                <p className="ls-empty">{t("standard.empty")}</p>
              )}
            </>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
