import type { TaskResult, ResultTable } from "../apps/types.ts";
import type { Texts } from "../../http/messages.ts";
import { follow, parseReference, resultView } from "./reference.ts";
import type { Workflow } from "./definition.ts";
import { workflowTexts as W } from "./texts.ts";

export interface FinishedStep {
  stepId: string;
  result: TaskResult | null;
  /** The params it ran with (inputs filled in). */
  params: unknown;
}

const texts = (s: string): Texts => ({ zh: s, en: s, es: s, ja: s });

/**
 * The workflow's own result: its report, each row a quantity, each column a step's value or a given number, with
 * the relative difference when exactly two columns are computed. A value that is not there reads "—".
 */
export function workflowReport(wf: Workflow, steps: FinishedStep[]): TaskResult {
  const byId = new Map(steps.map((s) => [s.stepId, s]));
  const tables: ResultTable[] = [];
  if (wf.report.length) {
    const columns = [...new Set(wf.report.flatMap((r) => Object.keys(r.values)))];
    const computed = columns.filter((c) => wf.report.some((r) => typeof r.values[c] === "string"));
    const withDiff = computed.length === 2;
    const read = (v: string | number): number | string => {
      if (typeof v === "number") return v;
      try {
        const ref = parseReference(v);
        const step = byId.get(ref.step);
        const root = ref.source === "result" ? (step?.result ? resultView(step.result) : undefined) : step?.params;
        const value = root === undefined ? undefined : follow(root, ref);
        return typeof value === "number" || typeof value === "string" ? value : "—";
      } catch {
        return "—";
      }
    };
    tables.push({
      key: "report",
      label: W.reportTitle,
      columns: [{ label: W.quantity, unit: "" }, ...columns.map((c) => ({ label: texts(c), unit: "" })), ...(withDiff ? [{ label: W.difference, unit: "%" }] : [])],
      rows: wf.report.map((r) => {
        const cells = columns.map((c) => (c in r.values ? read(r.values[c]) : "—"));
        const row: Array<number | string> = [r.unit ? `${r.label} (${r.unit})` : r.label, ...cells];
        if (withDiff) {
          const [a, b] = computed.map((c) => cells[columns.indexOf(c)]);
          row.push(typeof a === "number" && typeof b === "number" && a !== 0 ? (100 * (b - a)) / Math.abs(a) : "—");
        }
        return row;
      }),
    });
  }
  return { scalars: [], series: [], tables, files: [] };
}
