import { useTranslation } from "react-i18next";
import { taskHref, type TaskStatus } from "~/lib/compute-task";
import { fitText, layoutDag, type DagLayout, type Direction } from "./dag-layout";

/**
 * A workflow's steps as a picture drawn on the server: boxes in layers by dependency depth, arrows from each
 * step to the steps that wait for it, each box a link to its step's task page, coloured by state and naming
 * it in words (never colour alone). Two drawings of the same graph: left → right for wide screens, top →
 * bottom for phones; CSS shows one (the hidden one is out of the accessibility tree too).
 */

export interface DagStep {
  stepId: string;
  taskId: string | null;
  appName: string;
  status: TaskStatus;
  after: string[];
}

/** Up to this natural width the stacked drawing scales down to the screen: at 320 px that is text at ≥ 85 %. */
const FIT_MAX_PX = 340;

const ARROW_ID = (dir: Direction) => `wf-arrow-${dir}`;

function Drawing({ steps, layout }: { steps: DagStep[]; layout: DagLayout }) {
  const { t } = useTranslation("computeTask");
  const { t: tw } = useTranslation("workflow");
  const byId = new Map(steps.map((s) => [s.stepId, s]));
  const dir = layout.direction;
  // A stacked drawing a little wider than a phone is scaled to fit (its text stays readable); a wider one scrolls.
  const fit = dir === "tb" && layout.width <= FIT_MAX_PX;
  return (
    <svg
      className={`wf-dag wf-dag-${dir}${fit ? " wf-dag-fit" : ""}`}
      style={fit ? { maxWidth: layout.width } : undefined}
      width={layout.width}
      height={layout.height}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="group"
      aria-label={tw("view.dagLabel")}
      data-testid={`wf-dag-${dir}`}
    >
      <defs>
        <marker id={ARROW_ID(dir)} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill="#64748b" />
        </marker>
      </defs>
      {layout.edges.map((e) => (
        <path key={`${e.from}>${e.to}`} d={e.d} className="wf-edge" markerEnd={`url(#${ARROW_ID(dir)})`} data-edge={`${e.from}>${e.to}`} />
      ))}
      {layout.nodes.map((n) => {
        const s = byId.get(n.id)!;
        const state = t(`status.${s.status}`);
        const inner = n.width - 20;
        const box = (
          <g className={`wf-node wf-node-${s.status}`} data-step={s.stepId} data-status={s.status}>
            <title>{`${s.stepId} · ${s.appName} · ${state}`}</title>
            <rect x={n.x} y={n.y} width={n.width} height={n.height} rx={8} />
            <text x={n.x + 10} y={n.y + 20} className="wf-node-id">
              {fitText(s.stepId, inner, 14)}
            </text>
            <text x={n.x + 10} y={n.y + 38} className="wf-node-app">
              {fitText(s.appName, inner, 12)}
            </text>
            <text x={n.x + 10} y={n.y + 58} className="wf-node-state">
              {s.status === "running" ? "● " : s.status === "succeeded" ? "✓ " : s.status === "failed" ? "✗ " : s.status === "cancelled" ? "– " : "… "}
              {fitText(state, inner - 14, 12)}
            </text>
          </g>
        );
        // A step not started yet may have no task; its box is then no link.
        return s.taskId ? (
          <a key={n.id} href={taskHref(s.taskId)} aria-label={tw("view.nodeLabel", { id: s.stepId, app: s.appName, state })} data-testid={`wf-node-${s.stepId}`}>
            {box}
          </a>
        ) : (
          <g key={n.id} data-testid={`wf-node-${s.stepId}`}>
            {box}
          </g>
        );
      })}
    </svg>
  );
}

export function WorkflowDag({ steps }: { steps: DagStep[] }) {
  const input = steps.map((s) => ({ id: s.stepId, after: s.after }));
  return (
    <div className="wf-dag-wrap" data-testid="wf-dag">
      <div className="wf-dag-scroll wf-only-wide">
        <Drawing steps={steps} layout={layoutDag(input, "lr")} />
      </div>
      <div className="wf-dag-scroll wf-only-narrow">
        <Drawing steps={steps} layout={layoutDag(input, "tb")} />
      </div>
    </div>
  );
}
