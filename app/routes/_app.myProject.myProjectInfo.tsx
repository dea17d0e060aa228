import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { AttachmentList } from "~/components/attachments/AttachmentList";
import { PageHeader } from "~/components/PageHeader";
import { BudgetBar } from "~/components/projects/BudgetBar";
import projectStyles from "~/components/projects/projects.css";
import { SafeHtml } from "~/components/SafeHtml";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { taskHref } from "~/lib/compute-task";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { projectAction } from "~/lib/project-actions.server";
import { coreHours, PROJ_INFO_PATH, PROJ_LIST_PATH, projEditHref, sourceHref } from "~/lib/projects";
import { projectInfo } from "~/lib/projects.server";

/**
 * /myProject/myProjectInfo?id= (hidden): one project for its people: what it is, its core-hour budget used and
 * left, its members, its latest compute tasks and what changed recently. A member can leave it from here.
 */
export const handle = { i18n: ["project", "taskList", "attachments"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: projectStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token, userId } = await requireAccess(args, PROJ_INFO_PATH);
  const t = await getT(args.request, "project");
  const id = idParam(new URL(args.request.url).searchParams.get("id"));
  if (!id) throw new Response(t("errors.notFound"), { status: 404 });
  const project = await forPage(args, () => projectInfo(args, token, id));
  return data({ title: project.Name, project, userId });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, PROJ_INFO_PATH);
  const form = await args.request.formData();
  if (form.get("intent") !== "leave") throw new Response("Bad request", { status: 400 });
  return projectAction(args, token, form);
}

export default function ProjectPage() {
  const { project: p, userId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("project");
  const { t: tt } = useTranslation("taskList");
  const leader = p.Members.find((m) => m.Role === "leader");
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="project-page">
      <div className="sys-head">
        <PageHeader title={p.Name} intro={`${p.Code} · ${t(`status.${p.Status}`)}`} />
        <div className="sys-head-actions">
          <Button component={Link} to={PROJ_LIST_PATH} variant="default">
            {t("info.back")}
          </Button>
          {p.CanEdit ? (
            <Button component={Link} to={projEditHref(p.Id)} data-testid="project-edit">
              {t("info.edit")}
            </Button>
          ) : null}
          {p.MyRole === "member" || p.MyRole === "colead" ? (
            <Form method="post">
              <input type="hidden" name="intent" value="leave" />
              <input type="hidden" name="ProjectId" value={p.Id} />
              <input type="hidden" name="UserId" value={userId} />
              <Button type="submit" variant="subtle" color="red" data-testid="project-leave">
                {t("info.leave")}
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
      <div className="pj-grid">
        <Stack gap="md">
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <dl className="sys-facts">
              <div>
                <dt>{t("info.leader")}</dt>
                <dd>{p.LeaderName}</dd>
              </div>
              <div>
                <dt>{t("info.period")}</dt>
                <dd className="ls-mono">
                  {p.StartDate} – {p.EndDate}
                </dd>
              </div>
              <div>
                <dt>{t("info.funding")}</dt>
                <dd>{p.Funding || "—"}</dd>
              </div>
              <div>
                <dt>{t("info.myRole")}</dt>
                <dd>{p.MyRole ? t(`role.${p.MyRole}`) : t("info.noRole")}</dd>
              </div>
              <div>
                <dt>{t("info.tasks")}</dt>
                <dd>{p.Tasks}</dd>
              </div>
            </dl>
          </Paper>
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <h2 className="pj-section-title">{t("info.budget")}</h2>
            <BudgetBar project={p} size="lg" />
          </Paper>
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <h2 className="pj-section-title">{t("info.description")}</h2>
            {p.Description ? <SafeHtml html={p.Description} className="rtf-readonly" testId="project-description" /> : <p className="ls-dim">{t("info.noDescription")}</p>}
          </Paper>
          {p.Attachments.length ? (
            <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid="project-documents">
              <AttachmentList items={p.Attachments} title={t("info.documents")} />
            </Paper>
          ) : null}
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <div className="sys-head">
              <h2 className="pj-section-title">{t("info.recentTasks")}</h2>
              <Button component={Link} to={sourceHref({ id: p.Id, kind: "all", app: "", user: "", from: "", to: "", page: 1 })} variant="light" size="compact-sm" data-testid="project-all-tasks">
                {t("info.allTasks")}
              </Button>
            </div>
            {p.RecentTasks.length ? (
              <div className="ls-scroll">
                <table className="ls-table" data-testid="project-tasks">
                  <thead>
                    <tr>
                      <th scope="col">{t("info.col.app")}</th>
                      <th scope="col">{t("info.col.user")}</th>
                      <th scope="col">{t("info.col.status")}</th>
                      <th scope="col">{t("info.col.coreHours")}</th>
                      <th scope="col">{t("info.col.createdAt")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.RecentTasks.map((task) => (
                      <tr key={task.Id}>
                        <td className="ls-strong">
                          <Link to={taskHref(task.Id)}>{task.AppId}</Link>
                        </td>
                        <td data-label={t("info.col.user")}>{task.UserName}</td>
                        <td data-label={t("info.col.status")}>{tt(`status.${task.Status}`, { defaultValue: task.Status })}</td>
                        <td data-label={t("info.col.coreHours")} className="ls-num">
                          {coreHours(task.CoreHours)}
                        </td>
                        <td data-label={t("info.col.createdAt")} className="ls-dim">
                          {formatDate(task.CreatedAt, "{y}-{m}-{d} {h}:{i}")}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="ls-dim" data-testid="project-no-tasks">
                {t("info.noTasks")}
              </p>
            )}
          </Paper>
        </Stack>
        <Stack gap="md">
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <h2 className="pj-section-title">{t("members.title", { count: p.Members.length })}</h2>
            <ul className="pj-members" data-testid="project-members">
              {p.Members.map((m) => (
                <li key={m.UserId} data-testid="project-member" data-user={m.UserName}>
                  <span className="pj-member-name">{m.RealName || m.UserName}</span>
                  <span className="ls-dim">{m.Department}</span>
                  <span className="pj-role" data-role={m.Role}>
                    {t(`role.${m.Role}`)}
                  </span>
                </li>
              ))}
            </ul>
            {leader ? null : <p className="ls-dim">{t("info.noLeader")}</p>}
          </Paper>
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <h2 className="pj-section-title">{t("info.activity")}</h2>
            {p.Activity.length ? (
              <ul className="pj-activity" data-testid="project-activity">
                {p.Activity.map((a, i) => (
                  <li key={i}>
                    <time dateTime={a.At}>{formatDate(a.At, "{y}-{m}-{d} {h}:{i}")}</time>
                    <span>{t(`info.action.${a.Action}`, { defaultValue: a.Action, name: a.UserName })}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="ls-dim">{t("info.noActivity")}</p>
            )}
          </Paper>
        </Stack>
      </div>
    </Stack>
  );
}
