import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/infoCenter/Pager";
import { DeleteDialog, DeleteLink, DeleteStep, type DeleteTexts } from "~/components/DeleteConfirm";
import { PageHeader } from "~/components/PageHeader";
import type { TaskListRow } from "~/lib/task-list.server";
import { canCancel, canDelete, TASK_LIST_STATUSES, taskCloneHref, taskListHref, taskPageHref, type TaskListQuery } from "~/lib/task-list";

interface Category {
  category: string;
  apps: Array<{ id: string; name: string }>;
}
export interface TaskListData {
  q: TaskListQuery;
  list: { total: number; page: number; size: number; rows: TaskListRow[] };
  categories: Category[];
  confirm: TaskListRow | null;
}

/** The administrators' search of the tasks in their charge: a department filter, a CSV, and rows only to read. */
export interface TaskSearch {
  departments: Array<{ Id: string; Name: string; Depth: number }>;
  csvHref: string;
}

/**
 * A task list: filters as a GET form, rows (cards on phones) linking to the task page, cancel and clone,
 * delete behind a confirm step (`?confirm=<id>` without JavaScript, the layout's dialog with it). With
 * `search`, the administrators' search: the department filter and a CSV, and no actions on others' tasks.
 */
export function TaskList({
  path,
  data,
  admin,
  heading,
  testId,
  search,
}: {
  path: string;
  data: TaskListData;
  admin: boolean;
  /** appMine, appAdmin: the app store's tasks, whose apps the platform's app filter does not list. */
  heading: "mine" | "admin" | "search" | "appMine" | "appAdmin";
  testId: string;
  search?: TaskSearch;
}) {
  const { t } = useTranslation("taskList");
  const { q, list, categories, confirm } = data;
  const [deleting, setDeleting] = useState<TaskListRow | null>(null);
  const back = taskListHref(path, q);
  const deleteTexts = (task: TaskListRow): DeleteTexts => ({
    title: t("delete.title"),
    question: t("delete.question", { name: `${task.appName} ${task.id.slice(0, 8)}` }),
    cancel: t("delete.cancel"),
    confirm: t("delete.confirm"),
  });
  const apps = categories.filter((c) => !q.category || c.category === q.category).flatMap((c) => c.apps);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid={testId}>
      <div className="tl-head">
        <PageHeader title={t(`${heading}.title`)} intro={t(`${heading}.intro`)} />
        {search ? (
          <Button component="a" href={search.csvHref} variant="default" data-testid="tasks-csv">
            {t("search.csv")}
          </Button>
        ) : null}
      </div>
      {confirm ? <DeleteStep id={confirm.id} back={back} texts={deleteTexts(confirm)} className="tl-confirm" /> : null}
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <Stack gap="sm">
          <Form method="get" className="tl-filters" role="search" data-testid="task-filters">
            <label>
              <span>{t("filter.category")}</span>
              <select name="category" defaultValue={q.category} key={`c${q.category}`} data-testid="filter-category">
                <option value="">{t("filter.all")}</option>
                {categories.map((c) => (
                  <option key={c.category} value={c.category}>
                    {t(`compute:categories.${c.category}.name`, { defaultValue: c.category })}
                  </option>
                ))}
              </select>
            </label>
            {heading === "appMine" || heading === "appAdmin" ? null : (
              <label>
                <span>{t("filter.app")}</span>
                <select name="app" defaultValue={q.app} key={`a${q.app}`} data-testid="filter-app">
                  <option value="">{t("filter.all")}</option>
                  {apps.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <label>
              <span>{t("filter.status")}</span>
              <select name="status" defaultValue={q.status} key={`s${q.status}`} data-testid="filter-status">
                <option value="">{t("filter.all")}</option>
                {TASK_LIST_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t("filter.from")}</span>
              <input type="date" name="from" defaultValue={q.from} key={`f${q.from}`} data-testid="filter-from" />
            </label>
            <label>
              <span>{t("filter.to")}</span>
              <input type="date" name="to" defaultValue={q.to} key={`t${q.to}`} data-testid="filter-to" />
            </label>
            {admin ? (
              <label>
                <span>{t("filter.user")}</span>
                <input type="search" name="user" defaultValue={q.user} key={`u${q.user}`} maxLength={100} data-testid="filter-user" />
              </label>
            ) : null}
            {search?.departments.length ? (
              <label>
                <span>{t("filter.department")}</span>
                <select name="department" defaultValue={q.department} key={`d${q.department}`} data-testid="filter-department">
                  <option value="">{t("filter.all")}</option>
                  {search.departments.map((d) => (
                    <option key={d.Id} value={d.Id}>
                      {`${"\u3000".repeat(d.Depth)}${d.Name}`}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <div className="tl-filter-actions">
              <Button type="submit" data-testid="filter-submit">
                {t("filter.apply")}
              </Button>
              <Button component={Link} to={path} variant="subtle" data-testid="filter-reset">
                {t("filter.reset")}
              </Button>
            </div>
          </Form>
          <Text size="sm" c="dimmed" data-testid="result-count">
            {t("found", { count: list.total })}
          </Text>
          <TaskTable rows={list.rows} admin={admin} back={back} path={path} onDelete={setDeleting} readOnly={Boolean(search)} />
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => taskListHref(path, q, { page })} />
        </Stack>
      </Paper>
      {deleting ? <DeleteDialog id={deleting.id} back={back} texts={deleteTexts(deleting)} onClose={() => setDeleting(null)} /> : null}
    </Stack>
  );
}

function TaskTable({
  rows,
  admin,
  back,
  path,
  onDelete,
  readOnly,
}: {
  rows: TaskListRow[];
  admin: boolean;
  back: string;
  path: string;
  onDelete: (r: TaskListRow) => void;
  /** The administrators' search: open a task, nothing else. */
  readOnly: boolean;
}) {
  const { t } = useTranslation("taskList");
  const nav = useNavigation();
  const busy = (id: string) => nav.state === "submitting" && nav.formData?.get("intent") === "cancel" && nav.formData?.get("id") === id;
  if (!rows.length) return <p className="tl-empty">{t("empty")}</p>;
  const confirmHref = (id: string) => {
    const u = new URL(back, "http://list.invalid");
    u.searchParams.set("confirm", id);
    return `${path}${u.search}`;
  };
  return (
    <table className="tl-table" data-testid="task-table">
      <thead>
        <tr>
          <th scope="col">{t("column.task")}</th>
          {admin ? <th scope="col">{t("column.user")}</th> : null}
          <th scope="col">{t("column.category")}</th>
          <th scope="col">{t("column.status")}</th>
          <th scope="col">{t("column.created")}</th>
          <th scope="col">{t("column.finished")}</th>
          <th scope="col">{t("column.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-testid="task-row" data-id={r.id} data-status={r.status}>
            <td className="tl-name">
              <Link to={taskPageHref(r.id)} data-testid="task-link">
                {r.appName}
              </Link>
              <span className="tl-id">{r.id.slice(0, 8)}</span>
            </td>
            {admin ? (
              <td data-label={t("column.user")} data-testid="task-user">
                {r.user}
              </td>
            ) : null}
            <td data-label={t("column.category")}>{t(`compute:categories.${r.category}.name`, { defaultValue: r.category })}</td>
            <td data-label={t("column.status")}>
              <span className={`tl-status tl-status-${r.status}`} data-testid="task-status" title={r.error || undefined}>
                {t(`status.${r.status}`, { defaultValue: r.status })}
              </span>
            </td>
            <td data-label={t("column.created")} className="tl-time">
              {r.created}
            </td>
            <td data-label={t("column.finished")} className="tl-time">
              {r.finished || "—"}
            </td>
            <td>
              <Group className="tl-actions" gap={6}>
                {readOnly ? (
                  <Button component={Link} to={taskPageHref(r.id)} size="compact-sm" variant="light">
                    {t("action.open")}
                  </Button>
                ) : null}
                {!readOnly && canCancel(r.status) ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    <input type="hidden" name="back" value={back} />
                    <Button type="submit" name="intent" value="cancel" size="compact-sm" variant="light" color="orange" loading={busy(r.id)} data-testid="cancel">
                      {t("action.cancel")}
                    </Button>
                  </Form>
                ) : null}
                {readOnly ? null : (
                  <Button component={Link} to={taskCloneHref(r.appId, r.id)} size="compact-sm" variant="light" data-testid="clone">
                    {t("action.clone")}
                  </Button>
                )}
                {!readOnly && canDelete(r.status) ? (
                  <DeleteLink href={confirmHref(r.id)} onOpen={() => onDelete(r)}>
                    {t("action.delete")}
                  </DeleteLink>
                ) : null}
              </Group>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
