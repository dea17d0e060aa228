import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Title } from "~/components/mantine/Title";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { PageHeader } from "~/components/PageHeader";
import { SlurmCluster } from "~/components/computeResources/SlurmCluster";
import styles from "~/components/computeResources/computeResources.css";
import { requireAccess } from "~/lib/auth.server";
import { RESOURCES_NOJS_REFRESH_S, RESOURCES_POLL_MS, USAGE_PATH } from "~/lib/compute-resources";
import { getComputeResources } from "~/lib/compute-resources.server";
import { chargeableProjects } from "~/lib/compute-form.server";
import { BudgetBar } from "~/components/projects/BudgetBar";
import projectStyles from "~/components/projects/projects.css";
import { projInfoHref } from "~/lib/projects";
import { taskHref } from "~/lib/compute-task";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";

/**
 * /supercomputeResource/index (超算资源): the executors with their slots in use, the running and queued task
 * counts (everyone's and mine), how many queued tasks are ahead of my oldest, and for SystemAdmin /
 * InsideAdmin the running and queued tasks themselves; on Slurm, the partition's nodes and job queue too. With JavaScript it reloads its data on the hub's
 * pending-count and task-status events and every 5 s; without, it refreshes itself every 10 s.
 */
export const handle = { i18n: ["computeResources", "project"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: projectStyles },
];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "computeResources");
  const [res, projects] = await Promise.all([forPage(args, () => getComputeResources(args, token)), chargeableProjects(args, token)]);
  return data({ title: t("resources.title"), res, projects, at: new Date().toISOString() }, { headers: { "cache-control": "private, no-store" } });
}

/** Reloads the loader's data on the island's events and on a timer, skipping hidden tabs and busy moments. */
function useLiveResources() {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    let last = 0;
    const reload = () => {
      if (document.visibilityState === "hidden") return;
      // A burst of hub events gives one reload.
      if (Date.now() - last < 500) return;
      last = Date.now();
      revalidate();
    };
    const timer = setInterval(reload, RESOURCES_POLL_MS);
    window.addEventListener("ferrum:pending-count", reload);
    window.addEventListener("ferrum:task-status", reload);
    document.addEventListener("visibilitychange", reload);
    return () => {
      clearInterval(timer);
      window.removeEventListener("ferrum:pending-count", reload);
      window.removeEventListener("ferrum:task-status", reload);
      document.removeEventListener("visibilitychange", reload);
    };
  }, [revalidate]);
  return state;
}

export default function SupercomputeResource() {
  const { res, projects, at } = useLoaderData<typeof loader>();
  const { t } = useTranslation("computeResources");
  useLiveResources();
  const tile = (key: string, value: string | number, testId: string, note = false) => (
    <div className={note ? "cr-tile cr-tile-note" : "cr-tile"} key={key}>
      <dt>{t(`resources.${key}`)}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="compute-resources">
      <noscript>
        <meta httpEquiv="refresh" content={String(RESOURCES_NOJS_REFRESH_S)} />
      </noscript>
      <PageHeader title={t("resources.title")} intro={t("resources.intro")} />
      <div className="cr-meta">
        <span data-testid="updated-at">{t("resources.updated", { time: formatDate(at, "{h}:{i}:{s}") })}</span>
        <Link to="/supercomputeResource/index" data-testid="refresh">
          {t("resources.refresh")}
        </Link>
        <Link to={USAGE_PATH}>{t("resources.usageLink")}</Link>
      </div>
      <dl className="cr-tiles" aria-live="polite">
        {tile("running", res.running, "running-count")}
        {tile("queued", res.queued, "queued-count")}
        {tile("myRunning", res.myRunning, "my-running-count")}
        {tile("myQueued", res.myQueued, "my-queued-count")}
        {res.aheadOfMine === null ? tile("ahead", t("resources.aheadNone"), "ahead-count", true) : tile("ahead", res.aheadOfMine, "ahead-count")}
      </dl>
      {projects.length ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid="project-budgets">
          <Title order={2} size="h4" mb="sm">
            {t("resources.projects")}
          </Title>
          <ul className="pj-members">
            {projects.map((p) => (
              <li key={p.Id} data-testid="project-budget-row">
                <Link to={projInfoHref(p.Id)} className="pj-member-name">
                  {p.Name}
                </Link>
                <span className="pj-code">{p.Code}</span>
                <span className="pj-member-actions">
                  <BudgetBar project={p} />
                </span>
              </li>
            ))}
          </ul>
        </Paper>
      ) : null}
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Title order={2} size="h4" mb="sm">
          {t("resources.executors")}
        </Title>
        <div className="cr-scroll">
          <table className="cr-table" data-testid="executors">
            <thead>
              <tr>
                <th>{t("resources.executor")}</th>
                <th className="cr-num">{t("resources.slots")}</th>
                <th>{t("resources.slotsInUse")}</th>
                <th className="cr-num">{t("resources.execQueued")}</th>
              </tr>
            </thead>
            <tbody>
              {res.executors.map((e) => (
                <tr key={e.name} data-testid={`executor-${e.name}`}>
                  <td>{e.name}</td>
                  <td className="cr-num">{e.slots}</td>
                  <td>
                    <span data-testid="slots-in-use">{t("resources.slotsValue", { used: e.slotsInUse, total: e.slots })}</span>
                    <span className="cr-bar" aria-hidden="true">
                      <span style={{ width: `${e.slots ? Math.round((100 * e.slotsInUse) / e.slots) : 0}%` }} />
                    </span>
                  </td>
                  <td className="cr-num">{e.queued}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Paper>
      {res.slurm !== undefined ? <SlurmCluster view={res.slurm} /> : null}
      {res.tasks ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <Title order={2} size="h4" mb="sm">
            {t("resources.tasks")}
          </Title>
          {res.tasks.length === 0 ? (
            <div className="cr-empty" data-testid="no-tasks">
              {t("resources.noTasks")}
            </div>
          ) : (
            <div className="cr-scroll">
              <table className="cr-table" data-testid="active-tasks">
                <thead>
                  <tr>
                    <th>{t("resources.col.id")}</th>
                    <th>{t("resources.col.app")}</th>
                    <th>{t("resources.col.user")}</th>
                    <th>{t("resources.col.status")}</th>
                    <th className="cr-num">{t("resources.col.cores")}</th>
                    <th>{t("resources.col.since")}</th>
                  </tr>
                </thead>
                <tbody>
                  {res.tasks.map((r) => (
                    <tr key={r.id} data-testid={`active-${r.id}`} data-status={r.status}>
                      <td className="cr-id">
                        <Link to={taskHref(r.id)}>{r.id.slice(0, 8)}</Link>
                      </td>
                      <td className="cr-label">{r.appName}</td>
                      <td className="cr-label" data-testid="task-user">
                        {r.realName ? `${r.realName} (${r.userName})` : r.userName}
                      </td>
                      <td>
                        <span className={`cr-status cr-status-${r.status}`}>{t(`resources.status.${r.status}`)}</span>
                      </td>
                      <td className="cr-num">{r.cores}</td>
                      <td className="cr-time">{r.since ? <time dateTime={r.since}>{formatDate(r.since)}</time> : "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}
