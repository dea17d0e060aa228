import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import projectStyles from "~/components/projects/projects.css";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { taskHref } from "~/lib/compute-task";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { backTo, redirectWithToast, toastFailure } from "~/lib/page-actions.server";
import { coreHours, PROJ_SOURCE_PATH, projInfoHref, sourceHref, sourceQuery } from "~/lib/projects";
import { projectInfo, setTaskProject, taskDataSource } from "~/lib/projects.server";

const PAGE_SIZE = 20;

/**
 * /myProject/taskDataSource?id= (hidden): every compute task and workflow charged to a project, filtered by
 * kind, app, person and date (a GET form, so the address is the state), each linking to its page; the owner
 * of a task takes it out here, and adds one of their own tasks not charged anywhere. Test data records join
 * this list with the test-data issue.
 */
export const handle = { i18n: ["project", "taskList", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: projectStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, PROJ_SOURCE_PATH);
  const t = await getT(args.request, "project");
  const q = sourceQuery(new URL(args.request.url).searchParams);
  if (!q) throw new Response(t("errors.notFound"), { status: 404 });
  const [project, list] = await Promise.all([forPage(args, () => projectInfo(args, token, q.id)), forPage(args, () => taskDataSource(args, token, q, PAGE_SIZE))]);
  return data({ title: t("source.title", { name: project.Name }), q, project: { Id: project.Id, Name: project.Name, Code: project.Code }, list });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, PROJ_SOURCE_PATH);
  const t = await getT(args.request, "project");
  const form = await args.request.formData();
  const intent = form.get("intent");
  const projectId = idParam(String(form.get("ProjectId") ?? ""));
  const taskId = idParam(String(form.get("TaskId") ?? ""));
  if ((intent !== "add" && intent !== "remove") || !projectId || !taskId) throw new Response(t("errors.invalid"), { status: 400 });
  const back = backTo(form.get("back"), PROJ_SOURCE_PATH);
  try {
    await setTaskProject(args, token, taskId, intent === "add" ? projectId : "");
  } catch (e) {
    return toastFailure(args, e, back);
  }
  return redirectWithToast(args.request, back, { kind: "success", text: t(intent === "add" ? "source.added" : "source.removed") });
}

export default function TaskDataSource() {
  const { q, project, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("project");
  const { t: tt } = useTranslation("taskList");
  const nav = useNavigation();
  const back = sourceHref(q);
  const filtered = q.kind !== "all" || Boolean(q.app || q.user || q.from || q.to);
  const col = (k: string) => t(`source.col.${k}`);
  const busy = (taskId: string) => nav.state === "submitting" && nav.formData?.get("TaskId") === taskId;
  const move = (intent: "add" | "remove", taskId: string, label: string, variant: "light" | "subtle") => (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="ProjectId" value={project.Id} />
      <input type="hidden" name="TaskId" value={taskId} />
      <input type="hidden" name="back" value={back} />
      <Button type="submit" size="compact-sm" variant={variant} color={intent === "remove" ? "red" : undefined} loading={busy(taskId)} data-testid={`source-${intent}`}>
        {label}
      </Button>
    </Form>
  );
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="source-page">
      <div className="sys-head">
        <PageHeader title={t("source.title", { name: project.Name })} intro={t("source.intro")} />
        <div className="sys-head-actions">
          <Button component={Link} to={projInfoHref(project.Id)} variant="default">
            {t("form.toProject")}
          </Button>
        </div>
      </div>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="ls-toolbar" role="search" data-testid="source-filters">
            <input type="hidden" name="id" value={q.id} />
            <NativeSelect name="kind" label={t("source.kind")} defaultValue={q.kind} key={`k-${q.kind}`}>
              {(["all", "task", "workflow"] as const).map((k) => (
                <option key={k} value={k}>
                  {t(`source.kinds.${k}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect name="app" label={t("source.app")} defaultValue={q.app} key={`a-${q.app}`}>
              <option value="">{t("source.any")}</option>
              {list.Apps.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect name="user" label={t("source.user")} defaultValue={q.user} key={`u-${q.user}`}>
              <option value="">{t("source.any")}</option>
              {list.People.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </NativeSelect>
            <TextInput name="from" type="date" label={t("source.from")} defaultValue={q.from} key={`f-${q.from}`} />
            <TextInput name="to" type="date" label={t("source.to")} defaultValue={q.to} key={`t-${q.to}`} />
            <Button type="submit">{t("list.search")}</Button>
          </Form>
          <Text className="ls-count" data-testid="source-count">
            {t("source.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="source-table">
                <thead>
                  <tr>
                    <th scope="col">{col("app")}</th>
                    <th scope="col">{col("kind")}</th>
                    <th scope="col">{col("user")}</th>
                    <th scope="col">{col("status")}</th>
                    <th scope="col">{col("coreHours")}</th>
                    <th scope="col">{col("createdAt")}</th>
                    <th scope="col">{col("actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((r) => (
                    <tr key={r.Id} data-testid="source-row" data-user={r.UserName}>
                      <td className="ls-strong">
                        <Link to={taskHref(r.Id)}>{r.AppId}</Link>
                      </td>
                      <td data-label={col("kind")}>{t(`source.kinds.${r.Kind}`)}</td>
                      <td data-label={col("user")}>{r.RealName || r.UserName}</td>
                      <td data-label={col("status")}>{tt(`status.${r.Status}`, { defaultValue: r.Status })}</td>
                      <td data-label={col("coreHours")} className="ls-num">
                        {coreHours(r.CoreHours)}
                      </td>
                      <td data-label={col("createdAt")} className="ls-dim">
                        {formatDate(r.CreatedAt, "{y}-{m}-{d} {h}:{i}")}
                      </td>
                      <td>{r.Mine ? move("remove", r.Id, t("source.remove"), "subtle") : null}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ls-empty" data-testid="source-empty">
              {filtered ? t("list.emptyFilter") : t("source.empty")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => sourceHref(q, { page })} />
        </Stack>
      </Paper>
      {list.Addable.length ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid="source-addable">
          <h2 className="pj-section-title">{t("source.addTitle")}</h2>
          <p className="ls-dim">{t("source.addHint")}</p>
          <ul className="pj-members">
            {list.Addable.map((a) => (
              <li key={a.Id}>
                <Link to={taskHref(a.Id)} className="pj-member-name">
                  {a.AppId}
                </Link>
                <span className="ls-dim">{t(`source.kinds.${a.Kind}`)}</span>
                <span className="ls-dim">{tt(`status.${a.Status}`, { defaultValue: a.Status })}</span>
                <span className="ls-dim">{formatDate(a.CreatedAt, "{y}-{m}-{d} {h}:{i}")}</span>
                <span className="pj-member-actions">{move("add", a.Id, t("source.add"), "light")}</span>
              </li>
            ))}
          </ul>
        </Paper>
      ) : null}
    </Stack>
  );
}
