import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/mantine/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/mantine/TextInput";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { ProjectTable } from "~/components/projects/ProjectTable";
import projectStyles from "~/components/projects/projects.css";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { PROJ_PAGE_SIZE, PROJ_SEARCH, PROJ_SEARCH_PATH, projSearchHref, projSearchQuery } from "~/lib/projects";
import { searchProjects } from "~/lib/projects.server";

/**
 * /systemManage/myProjectSearch (hidden; SystemAdmin every project, InsideAdmin those led from their
 * department subtree, OutsideAdmin those led from their enterprise): the projects with their leaders,
 * members, budgets and use, searched by name, code or leader, with a CSV of the filtered rows.
 */
export const handle = { i18n: ["project", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: projectStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, PROJ_SEARCH_PATH);
  const t = await getT(args.request, "project");
  const q = projSearchQuery(new URL(args.request.url).searchParams);
  const list = await forPage(args, () => searchProjects(args, token, q, PROJ_PAGE_SIZE));
  return data({ title: t("search.title"), q, list });
}

export default function ProjectSearch() {
  const { q, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("project");
  const csvHref = projSearchHref(q, { page: null }).replace(PROJ_SEARCH_PATH, `${PROJ_SEARCH_PATH}.csv`);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="project-search-page">
      <div className="sys-head">
        <PageHeader title={t("search.title")} intro={t("search.intro")} />
        <div className="sys-head-actions">
          <Button component="a" href={csvHref} variant="default" data-testid="projects-csv">
            {t("list.csv")}
          </Button>
        </div>
      </div>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="ls-toolbar" role="search" data-testid="projects-filters">
            <TextInput className="ls-grow" name="keyword" type="search" label={t("list.keyword")} placeholder={t("search.keywordPlaceholder")} defaultValue={q.keyword} maxLength={100} key={q.keyword} />
            <NativeSelect name="status" label={t("list.statusLabel")} defaultValue={q.status} key={`s-${q.status}`}>
              {PROJ_SEARCH.filters.status.map((s) => (
                <option key={s} value={s}>
                  {t(`list.status.${s}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect className="ls-phone-only" name="sort" label={t("list.sortLabel")} defaultValue={q.sort} key={`o-${q.sort}`}>
              {PROJ_SEARCH.sorts.flatMap((k) => [k, `-${k}`]).map((k) => (
                <option key={k} value={k}>
                  {t(`list.sort.${k}`)}
                </option>
              ))}
            </NativeSelect>
            <Button type="submit">{t("list.search")}</Button>
          </Form>
          <Text className="ls-count" data-testid="projects-count">
            {t("list.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <ProjectTable rows={list.rows} sort={q.sort} sortHref={(sort) => projSearchHref(q, { sort, page: 1 })} />
          ) : (
            <p className="ls-empty" data-testid="projects-empty">
              {q.keyword || q.status !== "all" ? t("list.emptyFilter") : t("search.empty")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => projSearchHref(q, { page })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
