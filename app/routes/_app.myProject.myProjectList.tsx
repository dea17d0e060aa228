import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DeleteDialog, DeleteLink, DeleteStep, type DeleteTexts } from "~/components/DeleteConfirm";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { ProjectFilters } from "~/components/projects/ProjectFilters";
import { ProjectTable } from "~/components/projects/ProjectTable";
import projectStyles from "~/components/projects/projects.css";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage, pageFailure } from "~/lib/notices.server";
import { backTo, redirectWithToast, toastFailure } from "~/lib/page-actions.server";
import { PROJ_ADD_PATH, PROJ_LIST_PATH, PROJ_PAGE_SIZE, PROJ_SEARCH_PATH, projHref, projQuery, type ProjectRow } from "~/lib/projects";
import { isPathAllowed, normalisePath } from "~/lib/access";
import { deleteProject, listProjects, projectInfo } from "~/lib/projects.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /myProject/myProjectList: the projects I lead, co-lead or take part in (ProjectDataLevel 0/1/2), filtered,
 * sorted and paged in the address, with a CSV of the filtered rows; a delete asks first (`?confirm=<id>`, or a
 * dialog with JavaScript). The list pattern of docs/pages.md.
 */
export const handle = { i18n: ["project", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: projectStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token, user } = await requireAccess(args, PROJ_LIST_PATH);
  const t = await getT(args.request, "project");
  const { q, confirm } = projQuery(new URL(args.request.url).searchParams);
  // Administrators also reach every project in their charge (a page hidden in the menu).
  const canSearch = isPathAllowed(normalisePath(PROJ_SEARCH_PATH), user.resList);
  const list = await forPage(args, () => listProjects(args, token, q, PROJ_PAGE_SIZE));
  let target: Pick<ProjectRow, "Id" | "Name" | "Version"> | null = confirm ? (list.rows.find((r) => r.Id === confirm) ?? null) : null;
  if (confirm && !target) target = await projectInfo(args, token, confirm).catch((e) => (e instanceof UpstreamError && e.status === 404 ? null : pageFailure(args, e)));
  return data({ title: t("list.title"), q, list, target, canSearch });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, PROJ_LIST_PATH);
  const t = await getT(request, "project");
  const form = await request.formData();
  const back = backTo(form.get("back"), PROJ_LIST_PATH);
  if (form.get("intent") !== "delete") throw new Response(t("errors.invalid"), { status: 400 });
  try {
    await deleteProject(args, token, String(form.get("id") ?? ""), typeof form.get("version") === "string" ? String(form.get("version")) : null);
  } catch (e) {
    return toastFailure(args, e, back);
  }
  return redirectWithToast(request, back, { kind: "success", text: t("list.deleted", { name: String(form.get("name") ?? "") }) });
}

export default function MyProjects() {
  const { q, list, target, canSearch } = useLoaderData<typeof loader>();
  const { t } = useTranslation("project");
  const [deleting, setDeleting] = useState<ProjectRow | null>(null);
  const back = projHref(q);
  const filtered = q.keyword !== "" || q.status !== "all" || q.level !== "0";
  const deleteTexts = (p: { Name: string }): DeleteTexts => ({
    title: t("list.deleteTitle"),
    question: t("list.deleteQuestion", { name: p.Name }),
    cancel: t("list.cancel"),
    confirm: t("list.delete"),
  });
  const deleteExtra = (p: Pick<ProjectRow, "Name" | "Version">) => ({ name: p.Name, version: String(p.Version) });
  const csvHref = projHref(q, { page: null }).replace(PROJ_LIST_PATH, `${PROJ_LIST_PATH}.csv`);
  const sortHref = (sort: string) => projHref(q, { sort, page: 1 });
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="projects-page">
      <div className="sys-head">
        <PageHeader title={t("list.title")} intro={t("list.intro")} />
        <div className="sys-head-actions">
          {canSearch ? (
            <Button component={Link} to={PROJ_SEARCH_PATH} variant="subtle" data-testid="projects-search-all">
              {t("search.title")}
            </Button>
          ) : null}
          <Button component="a" href={csvHref} variant="default" data-testid="projects-csv">
            {t("list.csv")}
          </Button>
          <Button component={Link} to={PROJ_ADD_PATH} data-testid="projects-add">
            {t("list.add")}
          </Button>
        </div>
      </div>
      {target ? <DeleteStep id={target.Id} back={back} texts={deleteTexts(target)} extra={deleteExtra(target)} className="sys-confirm" /> : null}
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <ProjectFilters q={q} keywordPlaceholder={t("list.keywordPlaceholder")} />
          <Text className="ls-count" data-testid="projects-count">
            {t("list.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <ProjectTable
              rows={list.rows}
              sort={q.sort}
              sortHref={sortHref}
              current={target?.Id ?? null}
              actions={(p) =>
                p.MyRole === "leader" ? (
                  <DeleteLink href={projHref(q, { confirm: p.Id })} onOpen={() => setDeleting(p)}>
                    {t("list.delete")}
                  </DeleteLink>
                ) : null
              }
            />
          ) : (
            <p className="ls-empty" data-testid="projects-empty">
              {filtered ? t("list.emptyFilter") : t("list.empty")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => projHref(q, { page })} />
        </Stack>
      </Paper>
      {deleting ? <DeleteDialog id={deleting.Id} back={back} texts={deleteTexts(deleting)} extra={deleteExtra(deleting)} onClose={() => setDeleting(null)} /> : null}
    </Stack>
  );
}
