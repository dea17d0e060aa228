import { Anchor } from "~/components/mantine/Anchor";
import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Table } from "~/components/Table";
import { Text } from "~/components/mantine/Text";
import { Title } from "~/components/mantine/Title";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { PageHeader } from "~/components/PageHeader";
import { PlotImage } from "~/components/computeTask/PlotImage";
import { ImageSequence, imageGroups } from "~/components/computeTask/ImageSequence";
import sequenceStyles from "~/components/computeTask/ImageSequence.css";
import { chartGroups, SeriesChart } from "~/components/computeTask/SeriesChart";
import taskStyles from "~/components/computeTask/computeTask.css";
import { formatSize } from "~/lib/attachments";
import { requireAccess } from "~/lib/auth.server";
import { isViewable, taskFileViewHref } from "~/lib/documents";
import {
  cloneHref,
  formatNumber,
  formatPrecise,
  isTaskId,
  isUnfinished,
  NOJS_REFRESH_S,
  POLL_MS,
  seriesCsvHref,
  taskFileHref,
  taskHref,
  taskLogHref,
  type TaskStatus,
} from "~/lib/compute-task";
import { appAndCategory, cancelTask, getTask, lngOf, localProgress, localResult, readLogFrom, type LocalProgress } from "~/lib/compute-task.server";
import { flashToast } from "~/lib/cookies.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage, pageFailure } from "~/lib/notices.server";
import { apiRaw, UpstreamError } from "~/lib/upstream.server";
import { StepOfWorkflow, WorkflowDefinition, WorkflowView } from "~/components/workflow/WorkflowView";
import workflowStyles from "~/components/workflow/workflow.css";
import { rerunWorkflowAction, workflowOfTask } from "~/lib/workflow.server";

/**
 * /steelResearchCompute/computeTaskSource?id= (计算任务数据): one compute task. Status with its timeline,
 * resources, inputs, the live log, cancel and clone; once succeeded the result as a table, plots drawn on the
 * server and downloads. With JavaScript the page polls every 2 s while the task is queued or running and
 * reacts to the hub's task-status push at once; without it the page refreshes itself every 3 s.
 * A task that is not there or not the user's is the 404 page (the API decides ownership).
 */
export const handle = { i18n: ["computeTask", "workflow", "phasefield"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: taskStyles }, { rel: "stylesheet", href: workflowStyles }, { rel: "stylesheet", href: sequenceStyles }];
export const meta = pageMeta;

/** The deck shown for an instruction-mode task: its main input file, as long as it is reasonably small. */
const DECK_SHOWN_MAX = 64 * 1024;

async function notFound(request: Request): Promise<never> {
  throw new Response((await getT(request))("errors.notFound"), { status: 404, statusText: "Not Found" });
}

async function deckText(args: LoaderFunctionArgs, token: string, id: string, file: string): Promise<string | null> {
  const res = await apiRaw(args, "CalculateTask/GetTaskFile", { query: { id, path: file }, token }).catch(() => null);
  if (!res?.ok || !res.headers.get("content-disposition")) return null;
  const text = await res.text();
  return text.length > DECK_SHOWN_MAX ? `${text.slice(0, DECK_SHOWN_MAX)}\n…` : text;
}

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const id = new URL(args.request.url).searchParams.get("id");
  if (!isTaskId(id)) return notFound(args.request);
  const t = await getT(args.request, "computeTask");
  const tc = await getT(args.request, "compute");
  const task = await forPage(args, () => getTask(args, token, id));
  const lng = await lngOf(args);
  const [names, log] = await forPage(args, () => Promise.all([appAndCategory(args, token, task), readLogFrom(args, token, id, 0)]));
  // A workflow's deck is its definition as submitted, in the user's order (its params come back from jsonb reordered).
  const deck = (task.mode === "instruction" || task.appId === "workflow") && names.mainInput ? await deckText(args, token, id, names.mainInput) : null;
  // A workflow's steps (GetWorkflow), or for a step the workflow it belongs to.
  const workflow = await forPage(args, () => workflowOfTask(args, token, task));
  const { result, params, progress, ...rest } = task;
  return data(
    {
      title: t("title"),
      // The server's category names are Chinese; the page's own texts name the category in the reader's language.
      task: { ...rest, appName: names.appName, categoryText: tc(`categories.${task.category}.name`, { defaultValue: names.categoryText }), mainInput: names.mainInput },
      params: params && typeof params === "object" && !Array.isArray(params) ? (params as Record<string, unknown>) : null,
      deck,
      result: result ? localResult(result, lng) : null,
      progress: localProgress(progress, lng),
      log,
      workflow,
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, "/steelResearchCompute/computeTaskSource");
  const id = new URL(args.request.url).searchParams.get("id");
  if (!isTaskId(id)) return notFound(args.request);
  const form = await args.request.formData();
  const t = await getT(args.request, "computeTask");
  if (form.get("intent") === "rerun") return rerunWorkflowAction(args, token, id);
  if (form.get("intent") !== "cancel") throw new Response(t("badIntent"), { status: 400 });
  let toast: { kind: "success" | "warning"; text: string };
  try {
    await cancelTask(args, token, id);
    toast = { kind: "success", text: t("cancelled") };
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid || e.status === 404) return pageFailure(args, e);
    // Already finished, or the API refused for another reason: the page shows the truth and why.
    toast = { kind: "warning", text: e.msg || t("cancelFailed") };
  }
  return redirect(taskHref(id), { headers: { "Set-Cookie": await flashToast(args.request, toast) } });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Task = LoaderData["task"];

export default function ComputeTaskSource() {
  const { task, params, deck, result, log, progress: initialProgress, workflow } = useLoaderData<typeof loader>();
  const { t } = useTranslation("computeTask");
  const live = isUnfinished(task.status);
  // The loader's copy first; with JavaScript the log's poll brings newer curves every 2 s.
  const [progress, setProgress] = useState<LocalProgress | null>(initialProgress);
  useEffect(() => setProgress(initialProgress), [initialProgress]);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="compute-task" data-status={task.status}>
      {live ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(NOJS_REFRESH_S)} />
        </noscript>
      ) : null}
      <PageHeader title={t("title")} intro={t("intro")} />
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <Stack gap="md">
          <div className="ct-head">
            <div className="ct-head-main">
              <Title order={2} size="h3" data-testid="task-app">
                {task.appName}
              </Title>
              <Text size="xs" c="dimmed" className="ct-id">
                {t("id")}: {task.id}
              </Text>
            </div>
            <span className={`ct-status ct-status-${task.status}`} data-testid="task-status">
              {t(`status.${task.status}`)}
            </span>
          </div>
          {workflow?.kind === "step" ? <StepOfWorkflow step={workflow} /> : null}
          <dl className="ct-facts">
            <Fact label={t("category")}>{task.categoryText}</Fact>
            <Fact label={t("mode")}>{t(`modes.${task.mode}`)}</Fact>
            <Fact label={t("version")}>{task.appVersion || "—"}</Fact>
            <Fact label={t("resources")}>{task.resources ? t("resourcesValue", { cores: task.resources.cores, minutes: task.resources.walltimeMin }) : "—"}</Fact>
            {task.executor === "slurm" && task.jobId ? (
              <Fact label={t("slurmJob")}>
                <span data-testid="slurm-job">
                  {task.jobId}
                  {task.executorState ? ` · ${task.executorState}` : ""}
                </span>
              </Fact>
            ) : null}
            {task.exitCode !== null ? <Fact label={t("exitCode")}>{String(task.exitCode)}</Fact> : null}
          </dl>
          <Timeline task={task} />
          {task.error ? (
            <div className="ct-error" role="alert" data-testid="task-error">
              <strong>{t("error")}</strong>
              <pre>{task.error}</pre>
            </div>
          ) : null}
          <Actions task={task} />
        </Stack>
      </Paper>

      {workflow?.kind === "workflow" ? <WorkflowView workflow={workflow} /> : null}
      {task.status === "running" && progress ? <LiveProgress progress={progress} /> : null}
      {/* A workflow without a report has an empty result: no panel for it. */}
      {result && task.status === "succeeded" && hasContent(result) ? <Result id={task.id} result={result} /> : null}

      {/* A workflow writes no log of its own: each step's page has its step's. */}
      {workflow?.kind === "workflow" ? null : (
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t("log.title")}
            </Title>
            {/* Remounted when the status changes, so the log restarts from the loader's fresh copy. */}
            <LiveLog key={task.status} id={task.id} status={task.status} initial={log} onProgress={setProgress} />
          </Stack>
        </Paper>
      )}

      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {task.mode === "instruction" ? t("inputs.deck") : t("inputs.params")}
          </Title>
          {task.mode === "instruction" && deck !== null ? (
            <>
              {task.mainInput ? (
                <Anchor href={taskFileHref(task.id, task.mainInput)} size="sm" download>
                  {task.mainInput}
                </Anchor>
              ) : null}
              <pre className="ct-pre" data-testid="task-deck">
                {deck}
              </pre>
            </>
          ) : workflow?.kind === "workflow" ? (
            <WorkflowDefinition workflow={deck ? { ...workflow, definition: deck } : workflow} />
          ) : params ? (
            <ParamsTable params={params} />
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="ct-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** queued → running → succeeded | failed | cancelled, each with its time once reached. */
function Timeline({ task }: { task: Task }) {
  const { t } = useTranslation("computeTask");
  const finished = !isUnfinished(task.status);
  // A task cancelled while queued never ran: its running step stays unreached.
  const steps: Array<{ key: string; label: string; at: string | null; state: "done" | "current" | "todo" | "skipped" }> = [
    { key: "queued", label: t("status.queued"), at: task.createdAt, state: task.status === "queued" ? "current" : "done" },
    {
      key: "running",
      label: t("status.running"),
      at: task.startedAt,
      state: task.status === "running" ? "current" : task.startedAt ? "done" : finished ? "skipped" : "todo",
    },
    {
      key: "end",
      label: finished ? t(`status.${task.status}`) : t("timeline.end"),
      at: finished ? task.finishedAt : null,
      state: finished ? "done" : "todo",
    },
  ];
  return (
    <ol className="ct-timeline" aria-label={t("timeline.label")} data-testid="task-timeline">
      {steps.map((s) => (
        <li key={s.key} className={`ct-step ct-step-${s.state}${s.key === "end" && finished ? ` ct-end-${task.status}` : ""}`} data-step={s.key}>
          <span className="ct-dot" aria-hidden="true" />
          <span className="ct-step-label">{s.label}</span>
          <span className="ct-step-time">{s.at ? <time dateTime={s.at}>{formatDate(s.at)}</time> : s.state === "skipped" ? t("timeline.skipped") : "—"}</span>
        </li>
      ))}
    </ol>
  );
}

function Actions({ task }: { task: Task }) {
  const { t } = useTranslation("computeTask");
  const nav = useNavigation();
  const cancelling = nav.state !== "idle" && nav.formData?.get("intent") === "cancel";
  return (
    <Group gap="sm">
      {isUnfinished(task.status) ? (
        <Form method="post" action={taskHref(task.id)} data-testid="cancel-form">
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" color="red" variant="light" loading={cancelling} data-testid="task-cancel">
            {t("cancel")}
          </Button>
        </Form>
      ) : null}
      <Button component={Link} to={cloneHref(task.appId, task.id)} variant="light" data-testid="task-clone">
        {t("clone")}
      </Button>
    </Group>
  );
}

function ParamsTable({ params }: { params: Record<string, unknown> }) {
  const { t } = useTranslation("computeTask");
  const entries = Object.entries(params);
  return (
    <div className="ct-scroll">
      <Table withTableBorder striped data-testid="task-params">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("inputs.name")}</Table.Th>
            <Table.Th>{t("inputs.value")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Td>
                <code>{k}</code>
              </Table.Td>
              <Table.Td>{typeof v === "number" ? formatNumber(v) : typeof v === "string" ? v : JSON.stringify(v)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

const hasContent = (r: NonNullable<LoaderData["result"]>) => [r.scalars, r.series, r.tables, r.files, r.images].some((x) => x.length > 0);

function Result({ id, result }: { id: string; result: NonNullable<LoaderData["result"]> }) {
  const { t } = useTranslation("computeTask");
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} data-testid="task-result">
      <Stack gap="md">
        <Title order={3} size="h4">
          {t("result.title")}
        </Title>
        {result.scalars.length ? (
          <div className="ct-scroll">
            <Table withTableBorder striped data-testid="task-scalars">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("result.quantity")}</Table.Th>
                  <Table.Th>{t("result.value")}</Table.Th>
                  <Table.Th>{t("result.unit")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.scalars.map((s) => (
                  <Table.Tr key={s.key} data-key={s.key}>
                    <Table.Td>{s.label}</Table.Td>
                    <Table.Td className="ct-num">{formatPrecise(s.value)}</Table.Td>
                    <Table.Td>{s.unit}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        ) : null}
        {imageGroups(result.images).map((g) =>
          g.kind === "sequence" ? (
            // Frames of one film: a strip without JavaScript, a player with it.
            <ImageSequence key={g.key} filmKey={g.key} title={g.label} frames={g.images.map((im) => ({ key: im.key, src: taskFileHref(id, im.path), label: im.label, at: im.sequence?.at ?? im.label }))} />
          ) : (
            // Pictures the platform drew (contours, fields, meshes): plain <img>, so they show without JavaScript.
            <figure key={g.image.key} className="ct-image" data-testid={`image-${g.image.key}`}>
              <PlotImage taskId={id} imageKey={g.image.key} src={taskFileHref(id, g.image.path)} alt={g.image.label} axes={g.image.axes} />
              <figcaption className="ct-chart-title">{g.image.label}</figcaption>
            </figure>
          ),
        )}
        {chartGroups(result.series).map((g) => (
          <div key={g.key} className="ct-series">
            <SeriesChart group={g} />
            {g.lines.map((s) => (
              <Anchor key={s.key} href={seriesCsvHref(id, s.key)} size="sm" download data-testid={`csv-${s.key}`} mr="md">
                {t("result.csv", { name: s.label })}
              </Anchor>
            ))}
          </div>
        ))}
        {result.tables.map((tb) => (
          <div key={tb.key} className="ct-scroll">
            <Text fw={600} size="sm">
              {tb.label}
            </Text>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  {tb.columns.map((c, i) => (
                    <Table.Th key={i}>{c.unit ? `${c.label} (${c.unit})` : c.label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tb.rows.map((r, i) => (
                  <Table.Tr key={i}>
                    {r.map((v, j) => (
                      <Table.Td key={j}>{typeof v === "number" ? formatPrecise(v) : v}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        ))}
        {result.files.length ? (
          <div>
            <Text fw={600} size="sm">
              {t("result.files")}
            </Text>
            <ul className="ct-files" data-testid="task-files">
              {result.files.map((f) => (
                <li key={f.path}>
                  <a href={taskFileHref(id, f.path)} download>
                    {f.path}
                  </a>{" "}
                  <span className="ct-muted">{formatSize(f.bytes)}</span>
                  {isViewable(f.path) ? (
                    <>
                      {" "}
                      <Link to={taskFileViewHref(id, f.path)} aria-label={t("result.viewName", { name: f.path })} data-testid="task-file-view">
                        {t("result.view")}
                      </Link>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The task's log. The server sends what there is; with JavaScript, while the task is queued or running, the
 * rest comes by offset every 2 s (and at once on the hub's task-status push), and a changed status reloads
 * the page's data.
 */
function LiveLog({
  id,
  status,
  initial,
  onProgress,
}: {
  id: string;
  status: TaskStatus;
  initial: { text: string; nextOffset: number };
  onProgress: (p: LocalProgress | null) => void;
}) {
  const { t } = useTranslation("computeTask");
  const [text, setText] = useState(initial.text);
  const offset = useRef(initial.nextOffset);
  const pre = useRef<HTMLPreElement>(null);
  const { revalidate } = useRevalidator();
  const live = isUnfinished(status);

  useEffect(() => {
    if (!live) return;
    let stopped = false;
    let busy = false;
    const poll = async () => {
      if (busy || stopped) return;
      busy = true;
      try {
        const res = await fetch(taskLogHref(id, offset.current), { headers: { Accept: "application/json" }, credentials: "same-origin" });
        if (!res.ok) return;
        const r = (await res.json()) as { status: TaskStatus; text: string; nextOffset: number; progress?: LocalProgress | null };
        if (stopped) return;
        if (r.progress) onProgress(r.progress);
        if (r.nextOffset > offset.current) {
          offset.current = r.nextOffset;
          setText((old) => old + r.text);
        }
        if (r.status !== status) revalidate();
      } catch {
        // The next poll tries again.
      } finally {
        busy = false;
      }
    };
    const timer = setInterval(poll, POLL_MS);
    const onStatus = (e: Event) => {
      const d = (e as CustomEvent<{ id?: string; status?: string } | undefined>).detail;
      if (d?.id === id) void poll();
    };
    window.addEventListener("ferrum:task-status", onStatus);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener("ferrum:task-status", onStatus);
    };
  }, [id, status, live, revalidate, onProgress]);

  // Open at the end of the log (the summary, the latest progress) and follow it while it grows, unless the
  // reader scrolled up.
  const first = useRef(true);
  useEffect(() => {
    const el = pre.current;
    if (el && (first.current || el.scrollHeight - el.scrollTop - el.clientHeight < 80)) el.scrollTop = el.scrollHeight;
    first.current = false;
  }, [text]);

  return (
    <pre ref={pre} className="ct-log" data-testid="task-log" aria-live={live ? "polite" : undefined}>
      {text || t("log.empty")}
    </pre>
  );
}

/** A running task's curves and numbers so far (SCF convergence, residuals), redrawn as the poll brings them. */
function LiveProgress({ progress }: { progress: LocalProgress }) {
  const { t } = useTranslation("computeTask");
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} data-testid="task-progress">
      <Stack gap="md">
        <Title order={3} size="h4">
          {t("progress.title")}
        </Title>
        {progress.scalars.length ? (
          <dl className="ct-facts">
            {progress.scalars.map((s) => (
              <Fact key={s.key} label={s.label}>
                {formatNumber(s.value)} {s.unit}
              </Fact>
            ))}
          </dl>
        ) : null}
        {chartGroups(progress.series).map((g) => (
          <div key={g.key} className="ct-series">
            <SeriesChart group={g} />
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
