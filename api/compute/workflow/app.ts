import { texts as t } from "../../http/messages.ts";
import type { AppDefinition, AppDoc } from "../apps/types.ts";
import { findApp } from "../apps/index.ts";
import { workflowChains } from "./chains.ts";
import { checkWorkflow, readWorkflowDeck, renderWorkflowDeck, workflowSchema, WORKFLOW_APP_ID, type Workflow } from "./definition.ts";

const doc: AppDoc = {
  summary: t(
    "把任意应用的任务连成有向无环图：后一步的参数取自前一步的结果，例如平衡计算得到的基体成分作为析出动力学的初始成分。",
    "Chains tasks of any apps into a directed acyclic graph: a later step's parameter takes a value from an earlier step's result, e.g. the matrix composition of an equilibrium as the starting composition of a precipitation run.",
    "Encadena tareas de cualquier aplicación en un grafo acíclico dirigido: un parámetro de un paso posterior toma un valor del resultado de uno anterior, p. ej. la composición de la matriz de un equilibrio como composición inicial de una precipitación.",
    "任意のアプリのタスクを有向非巡回グラフにつなぎます。後のステップのパラメータが前のステップの結果の値を受け取ります（例: 平衡計算の母相組成を析出計算の初期組成に）。",
  ),
  model: [
    t(
      "每个步骤是一个普通任务（有自己的任务页、日志和结果）。步骤的 inputs 把参数映射到引用，如 steps.eq.result.phases[name=FCC_A1].composition.ZR；引用也可嵌入文本模板 {…}。一个步骤依赖它引用的步骤和 after 中列出的步骤。",
      "Each step is an ordinary task (its own task page, logs and result). A step's inputs map parameters to references such as steps.eq.result.phases[name=FCC_A1].composition.ZR; references can also sit in a text template {…}. A step depends on the steps it references and those listed in after.",
      "Cada paso es una tarea normal (con su página, registros y resultado). Las entradas de un paso asignan parámetros a referencias como steps.eq.result.phases[name=FCC_A1].composition.ZR; las referencias también pueden ir en una plantilla de texto {…}. Un paso depende de los pasos que referencia y de los indicados en after.",
      "各ステップは通常のタスクです（専用のタスクページ、ログ、結果）。ステップの inputs はパラメータを steps.eq.result.phases[name=FCC_A1].composition.ZR のような参照に対応付けます。参照はテキストテンプレート {…} にも書けます。ステップは参照するステップと after に挙げたステップに依存します。",
    ),
    t(
      "就绪的步骤并行运行；数值通过各步骤的工作目录传递，所以在 Slurm 上步骤以作业依赖（afterok）一次提交。一个步骤失败时，其下游步骤停止；重新运行只重做失败和未运行的步骤。",
      "Ready steps run in parallel; values pass through the steps' work dirs, so on Slurm the steps are submitted at once with job dependencies (afterok). When a step fails its downstream steps stop; a re-run redoes only the failed and unrun steps.",
      "Los pasos listos se ejecutan en paralelo; los valores pasan por los directorios de trabajo, así que en Slurm los pasos se envían de una vez con dependencias (afterok). Si un paso falla, los posteriores se detienen; una reejecución solo repite los pasos fallidos y no ejecutados.",
      "準備のできたステップは並列に実行されます。値は各ステップの作業ディレクトリを通して渡されるため、Slurm ではジョブ依存（afterok）で一度に投入されます。ステップが失敗すると下流は停止し、再実行では失敗・未実行のステップだけをやり直します。",
    ),
  ],
  assumptions: [
    t(
      "每个步骤的参数本身必须完整有效；inputs 在运行时替换其中的值，替换后再次校验。",
      "Each step's params must be complete and valid on their own; inputs replace some values at run time, and the result is checked again.",
      "Los parámetros de cada paso deben ser completos y válidos por sí mismos; las entradas reemplazan valores al ejecutarse y se vuelve a validar.",
      "各ステップのパラメータはそれ自体で完全かつ有効である必要があります。inputs は実行時に値を置き換え、その後再検証されます。",
    ),
  ],
  validity: [
    t("最多 20 个步骤，不允许循环依赖，步骤不能是另一个工作流。", "At most 20 steps, no cycles, and a step cannot be another workflow.", "Como máximo 20 pasos, sin ciclos, y un paso no puede ser otro flujo.", "ステップは最大 20、循環依存は不可、ステップに別のワークフローは使えません。"),
  ],
  outputs: [
    t("工作流页以有向图实时显示每个步骤的状态；结束后给出比较报告。", "The workflow page shows the graph with each step's state, live; at the end a comparison report.", "La página del flujo muestra el grafo con el estado de cada paso, en vivo; al final un informe comparativo.", "ワークフローページはグラフで各ステップの状態をリアルタイムに表示し、終了後に比較レポートを示します。"),
  ],
  references: [],
};

/** The definition's three parts, as the doc page lists the inputs (the graphical mode has its own editor). */
const fieldLabels: AppDefinition["fieldLabels"] = {
  name: { label: t("名称", "Name", "Nombre", "名前"), help: t("可选的标题。", "An optional title.", "Un título opcional.", "任意のタイトル。") },
  steps: {
    label: t("步骤", "Steps", "Pasos", "ステップ"),
    help: t(
      "1–20 个步骤，每个包含 id、app、params（该应用完整有效的参数），可选 inputs（参数 ← 引用）和 after（额外依赖）。",
      "1–20 steps, each with id, app, params (complete, valid params of that app), and optionally inputs (param ← reference) and after (extra dependencies).",
      "1–20 pasos, cada uno con id, app, params (parámetros completos y válidos de esa aplicación) y, opcionalmente, inputs (parámetro ← referencia) y after (dependencias adicionales).",
      "1–20 個のステップ。各ステップは id、app、params（そのアプリの完全で有効なパラメータ）と、任意で inputs（パラメータ ← 参照）と after（追加の依存）を持ちます。",
    ),
  },
  report: {
    label: t("报告", "Report", "Informe", "レポート"),
    help: t(
      "可选：每行一个量（label、unit），values 把列名映射到引用或给定的数值（如实验值）。",
      "Optional: one row per quantity (label, unit); values maps column names to references or given numbers (an experimental value).",
      "Opcional: una fila por magnitud (label, unit); values asigna nombres de columna a referencias o números dados (un valor experimental).",
      "任意: 量ごとに 1 行（label、unit）。values は列名を参照または与えた数値（実験値など）に対応付けます。",
    ),
  },
};

/**
 * The workflow app (category Coupling). The task service runs such a task as its steps (api/compute/workflow/
 * runs.ts); it is never handed to an executor, so it has no job script and no output of its own to read.
 */
export const workflowApp: AppDefinition<Workflow> = {
  id: WORKFLOW_APP_ID,
  names: { zh: "耦合工作流", en: "Coupled workflow", es: "Flujo acoplado", ja: "連成ワークフロー" },
  category: "Coupling",
  version: "1.0",
  modes: ["graphical", "instruction"],
  paramsSchema: workflowSchema,
  validateParams: (raw) => checkWorkflow(raw, findApp),
  fieldLabels,
  // The example deck is one file for everyone: the chain in English.
  example: workflowChains("en")[1].workflow,
  doc,
  mainInput: "workflow.yaml",
  defaultResources: { cores: 1, walltimeMin: 24 * 60 },
  renderDeck: (wf) => ({ files: { "workflow.yaml": renderWorkflowDeck(wf) } }),
  parseDeck: (text) => checkWorkflow(readWorkflowDeck(text), findApp),
  jobScript: () => {
    throw new Error("a workflow runs as its steps, never as a job of its own");
  },
  parseOutput: () => Promise.reject(new Error("a workflow's result is its report, made by the task service")),
};
