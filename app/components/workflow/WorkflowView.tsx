import { Anchor } from "~/components/mantine/Anchor";
import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Table } from "~/components/Table";
import { Text } from "~/components/mantine/Text";
import { Title } from "~/components/mantine/Title";
import { Form, Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { TaggedText } from "~/components/TaggedText";
import { formatDate } from "../../../common/dates.ts";
import { formatPrecise, isUnfinished, taskHref } from "~/lib/compute-task";
import type { StepPart, WorkflowPart } from "~/lib/workflow.server";
import { layersOf } from "./dag-layout";
import { WorkflowDag } from "./WorkflowDag";

/**
 * The workflow's part of its task page: the DAG, the steps' table, "re-run from the failed step" and the
 * definition. Live while anything runs: the hub's task-status event of any step (or of the workflow) makes
 * the page reload its data at once; should the hub be down, a poll does, and once more when it connects
 * (what it broadcast before then was missed); without JavaScript the task page's own refresh does.
 */

/** Without the hub, how often a running workflow's page reloads its data. */
const FALLBACK_POLL_MS = 5000;
/** With the hub, a slow reload as well: an event for a step the page did not know yet is not recognised. */
const CONNECTED_POLL_TICKS = 3;

function useLiveSteps(w: WorkflowPart) {
  const { revalidate, state } = useRevalidator();
  const live = isUnfinished(w.status) || w.steps.some((s) => isUnfinished(s.status));
  // The ids the events are matched against follow every render without restarting the effect: a restart
  // (a reload that brought a new step's id) used to cancel a reload just scheduled by the workflow's own
  // final event, and the page then showed 运行中 for good.
  const mine = useRef(new Set<string>());
  mine.current = new Set([w.id, ...w.steps.map((s) => s.taskId).filter((id): id is string => Boolean(id))]);
  useEffect(() => {
    if (!live) return;
    let soon: ReturnType<typeof setTimeout> | undefined;
    // Steps often change together (one ends, the next starts): one reload for a burst of events.
    const reload = () => {
      if (soon === undefined)
        soon = setTimeout(() => {
          soon = undefined;
          revalidate();
        }, 150);
    };
    const onStatus = (e: Event) => {
      const d = (e as CustomEvent<{ id?: string } | undefined>).detail;
      if (d?.id && mine.current.has(d.id)) reload();
    };
    const connected = () => document.documentElement.getAttribute("data-realtime") === "connected";
    let wasConnected = connected();
    let ticks = 0;
    const poll = setInterval(() => {
      // Without the hub: poll. Just connected: events sent before it listened were missed (a short workflow can
      // end between the page's render and the hub's connection), so reload once to catch up.
      const now = connected();
      if (!now || !wasConnected || ++ticks % CONNECTED_POLL_TICKS === 0) reload();
      wasConnected = now;
    }, FALLBACK_POLL_MS);
    window.addEventListener("ferrum:task-status", onStatus);
    return () => {
      clearTimeout(soon);
      clearInterval(poll);
      window.removeEventListener("ferrum:task-status", onStatus);
    };
  }, [live, revalidate]);
  return { live, reloading: state === "loading" };
}

/** The table lists steps in the order they run: by layer of the DAG, then as the workflow lists them. */
function inOrder(steps: WorkflowPart["steps"]) {
  const layer = layersOf(steps.map((s) => ({ id: s.stepId, after: s.after })));
  return steps.map((s, i) => ({ s, i })).sort((a, b) => layer.get(a.s.stepId)! - layer.get(b.s.stepId)! || a.i - b.i).map((x) => x.s);
}

export function WorkflowView({ workflow }: { workflow: WorkflowPart }) {
  const { t } = useTranslation("workflow");
  const { t: tt } = useTranslation("computeTask");
  const nav = useNavigation();
  const { live } = useLiveSteps(workflow);
  const rerunning = nav.state !== "idle" && nav.formData?.get("intent") === "rerun";
  const done = workflow.steps.filter((s) => s.status === "succeeded").length;
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} data-testid="wf-view" data-status={workflow.status} aria-busy={live || undefined}>
      <Stack gap="md">
        <div className="wf-view-head">
          <Title order={3} size="h4">
            {workflow.title ? t("view.titleNamed", { name: workflow.title }) : t("view.title")}
          </Title>
          <Text size="sm" c="dimmed" data-testid="wf-progress" aria-live="polite">
            {t("view.progress", { done, count: workflow.steps.length })}
          </Text>
        </div>
        <WorkflowDag steps={workflow.steps} />
        <div className="ct-scroll">
          <Table withTableBorder striped data-testid="wf-steps" className="wf-table wf-cards-sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("view.step")}</Table.Th>
                <Table.Th>{t("view.app")}</Table.Th>
                <Table.Th>{t("view.inputs")}</Table.Th>
                <Table.Th>{t("view.state")}</Table.Th>
                <Table.Th>{t("view.ran")}</Table.Th>
                <Table.Th>{t("view.error")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inOrder(workflow.steps).map((s) => (
                <Table.Tr key={s.stepId} data-step={s.stepId} data-status={s.status}>
                  <Table.Td className="wf-nowrap">
                    {s.taskId ? (
                      <Anchor component={Link} to={taskHref(s.taskId)} data-testid={`wf-link-${s.stepId}`}>
                        <code>{s.stepId}</code>
                      </Anchor>
                    ) : (
                      <code>{s.stepId}</code>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t("view.app")}>
                    {s.appName || s.appId}
                  </Table.Td>
                  <Table.Td className="wf-inputs-cell" data-label={t("view.inputs")}>
                    <StepInputs inputs={s.inputs} values={s.inputValues} />
                  </Table.Td>
                  <Table.Td data-label={t("view.state")}>
                    <span className={`ct-status ct-status-${s.status} wf-state`}>{tt(`status.${s.status}`)}</span>
                  </Table.Td>
                  <Table.Td className="ct-num" data-label={t("view.ran")}>
                    <RunTimes started={s.startedAt} finished={s.finishedAt} />
                  </Table.Td>
                  <Table.Td className="wf-error-cell" data-label={t("view.error")}>
                    {s.error ?? ""}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        {workflow.canRerun ? (
          <Form method="post" action={taskHref(workflow.id)} data-testid="wf-rerun-form" className="wf-rerun">
            <input type="hidden" name="intent" value="rerun" />
            <Button type="submit" variant="light" loading={rerunning} data-testid="wf-rerun">
              {t("view.rerun")}
            </Button>
            <Text size="xs" c="dimmed">
              {t("view.rerunHint")}
            </Text>
          </Form>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Start → end of a step; the end without its date when it is the start's day. */
function RunTimes({ started, finished }: { started: string | null; finished: string | null }) {
  if (!started) return <>—</>;
  const [startDay] = formatDate(started).split(" ");
  const end = finished ? formatDate(finished) : null;
  return (
    <span>
      <time dateTime={started}>{formatDate(started)}</time>
      {" → "}
      {finished && end ? <time dateTime={finished}>{end.startsWith(`${startDay} `) ? end.slice(startDay.length + 1) : end}</time> : "…"}
    </span>
  );
}

/** A step's inputs: the value each one read once the step ran, else where it will read it from. */
function StepInputs({ inputs, values }: { inputs: Record<string, string>; values: Record<string, unknown> | null }) {
  const keys = Object.keys(inputs);
  if (!keys.length) return <>—</>;
  const shown = (v: unknown) => (typeof v === "number" ? formatPrecise(v) : typeof v === "string" ? v : JSON.stringify(v));
  return (
    <ul className="wf-inputs">
      {keys.map((k) => (
        <li key={k} title={inputs[k]}>
          <code>{k}</code> {values && k in values ? <>= {shown(values[k])}</> : <>← {inputs[k]}</>}
        </li>
      ))}
    </ul>
  );
}

/** The workflow's definition where an ordinary task shows its params table, with workflow.yaml to download. */
export function WorkflowDefinition({ workflow }: { workflow: WorkflowPart }) {
  const { t } = useTranslation("workflow");
  if (!workflow.definition) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <>
      <Anchor href={`data:application/yaml;charset=utf-8,${encodeURIComponent(workflow.definition)}`} download="workflow.yaml" size="sm" data-testid="wf-definition-download">
        {t("view.downloadDefinition")}
      </Anchor>
      <pre className="ct-pre" data-testid="wf-definition">
        {workflow.definition}
      </pre>
    </>
  );
}

/** On a step's own task page: which workflow it belongs to, with the way back (word order is the language's). */
export function StepOfWorkflow({ step }: { step: StepPart }) {
  const { t } = useTranslation("workflow");
  return (
    <Text size="sm" data-testid="wf-step-of" className="wf-step-of">
      <TaggedText
        template={t("view.stepOf", { skipInterpolation: true })}
        values={{ id: step.stepId, name: step.workflowTitle || step.workflowId.slice(0, 8) }}
        parts={{ code: <code />, back: <Anchor component={Link} to={taskHref(step.workflowId)} data-testid="wf-parent-link" /> }}
      />
    </Text>
  );
}
