import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { ProjectFilters } from "~/components/projects/ProjectFilters";
import { ProjectTable } from "~/components/projects/ProjectTable";
import projectStyles from "~/components/projects/projects.css";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { PROJ_PAGE_SIZE, PROJ_SEARCH_PATH, projSearchHref, projSearchQuery } from "~/lib/projects";
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
          {/* The tasks of the same people (the same roles may open both pages). */}
          <Button component={Link} to="/systemManage/mySoftDataTableSearch" variant="subtle" data-testid="to-task-search">
            {t("search.tasks")}
          </Button>
          <Button component="a" href={csvHref} variant="default" data-testid="projects-csv">
            {t("list.csv")}
          </Button>
        </div>
      </div>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <ProjectFilters q={q} keywordPlaceholder={t("search.keywordPlaceholder")} />
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
