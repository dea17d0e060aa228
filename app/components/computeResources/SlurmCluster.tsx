import { Paper } from "~/components/mantine/Paper";
import { Title } from "~/components/mantine/Title";
import { useTranslation } from "react-i18next";
import type { SlurmClusterView } from "~/lib/slurm-cluster.server";

const gb = (mb: number) => (mb / 1024).toFixed(1);

/**
 * The Slurm partition the platform submits to: its nodes (state, CPUs allocated of total, memory) and its queue,
 * everyone's jobs as squeue shows them (the platform's own are named ferrum-<task id>). Null: Slurm did not answer.
 */
export function SlurmCluster({ view }: { view: SlurmClusterView }) {
  const { t } = useTranslation("computeResources");
  if (!view) {
    return (
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid="slurm-unreachable">
        <Title order={2} size="h4" mb="sm">
          {t("resources.slurm.title")}
        </Title>
        <div className="cr-empty">{t("resources.slurm.unreachable")}</div>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid="slurm">
      <Title order={2} size="h4" mb="sm">
        {t("resources.slurm.title")} · {t("resources.slurm.partition", { name: view.partition })}
      </Title>
      <div className="cr-scroll">
        <table className="cr-table" data-testid="slurm-nodes">
          <caption className="cr-caption">{t("resources.slurm.nodes")}</caption>
          <thead>
            <tr>
              <th>{t("resources.slurm.node")}</th>
              <th>{t("resources.slurm.state")}</th>
              <th>{t("resources.slurm.cpus")}</th>
              <th className="cr-num">{t("resources.slurm.memory")}</th>
            </tr>
          </thead>
          <tbody>
            {view.nodes.map((n) => (
              <tr key={n.name} data-testid={`slurm-node-${n.name}`}>
                <td className="cr-label">{n.name}</td>
                <td>{n.state}</td>
                <td>
                  <span>{t("resources.slotsValue", { used: n.cpusAllocated, total: n.cpus })}</span>
                  <span className="cr-bar" aria-hidden="true">
                    <span style={{ width: `${n.cpus ? Math.round((100 * n.cpusAllocated) / n.cpus) : 0}%` }} />
                  </span>
                </td>
                <td className="cr-num">
                  {n.freeMemoryMb === null
                    ? t("resources.slurm.memoryTotal", { total: gb(n.memoryMb) })
                    : t("resources.slurm.memoryValue", { free: gb(Math.min(n.freeMemoryMb, n.memoryMb)), total: gb(n.memoryMb) })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="cr-scroll">
        <table className="cr-table" data-testid="slurm-queue">
          <caption className="cr-caption">{t("resources.slurm.queue", { n: view.queueTotal })}</caption>
          <thead>
            <tr>
              <th>{t("resources.slurm.jobId")}</th>
              <th>{t("resources.slurm.name")}</th>
              <th>{t("resources.slurm.user")}</th>
              <th>{t("resources.slurm.state")}</th>
              <th className="cr-num">{t("resources.slurm.elapsed")}</th>
              <th className="cr-num">{t("resources.slurm.jobCpus")}</th>
            </tr>
          </thead>
          <tbody>
            {view.queue.length === 0 ? (
              <tr>
                <td colSpan={6} className="cr-empty" data-testid="slurm-queue-empty">
                  {t("resources.slurm.queueEmpty")}
                </td>
              </tr>
            ) : (
              view.queue.map((j) => (
                <tr key={j.jobId} data-testid={`slurm-job-${j.jobId}`}>
                  <td className="cr-id">{j.jobId}</td>
                  <td className="cr-label">{j.name}</td>
                  <td>{j.user}</td>
                  <td>
                    <span className={`cr-status cr-status-${j.state === "RUNNING" ? "running" : "queued"}`}>{j.state}</span>
                    {j.state === "PENDING" && j.reason && j.reason !== "None" ? <span className="cr-reason"> ({j.reason})</span> : null}
                  </td>
                  <td className="cr-num">{j.elapsed}</td>
                  <td className="cr-num">{j.cpus}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Paper>
  );
}
