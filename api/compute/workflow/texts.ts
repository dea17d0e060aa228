import { texts as t, type Texts } from "../../http/messages.ts";

/** What the workflow app says, in the four languages; {n} and {v} are filled in by withN / fill. */
export const workflowTexts = {
  duplicateStep: t("步骤标识 {n} 重复", "the step id {n} is used twice", "el identificador de paso {n} se repite", "ステップ ID {n} が重複しています"),
  appUnknown: t("未知的应用 {n}", "unknown app {n}", "aplicación desconocida {n}", "不明なアプリ {n}"),
  nested: t("工作流的步骤不能是另一个工作流", "a workflow step cannot be another workflow", "un paso de un flujo no puede ser otro flujo", "ワークフローのステップに別のワークフローは使えません"),
  noGraphical: t("应用 {n} 没有图形化参数，不能作为步骤", "the app {n} has no graphical parameters and cannot be a step", "la aplicación {n} no tiene parámetros gráficos y no puede ser un paso", "アプリ {n} はグラフィカルなパラメータを持たないため、ステップにできません"),
  unavailable: t("应用 {n} 在本服务器上不可用", "the app {n} is not available on this server", "la aplicación {n} no está disponible en este servidor", "アプリ {n} はこのサーバーでは利用できません"),
  unknownParam: t("{n} 不是该应用的参数", "{n} is not a parameter of this app", "{n} no es un parámetro de esta aplicación", "{n} はこのアプリのパラメータではありません"),
  stepUnknown: t("引用了不存在的步骤 {n}", "refers to a step {n} that does not exist", "se refiere a un paso {n} que no existe", "存在しないステップ {n} を参照しています"),
  selfReference: t("步骤不能引用自身的结果", "a step cannot take its own result", "un paso no puede tomar su propio resultado", "ステップは自身の結果を参照できません"),
  cycle: t("步骤之间存在循环依赖：{n}", "the steps depend on each other in a cycle: {n}", "los pasos dependen unos de otros en un ciclo: {n}", "ステップ間に循環依存があります: {n}"),
  referenceSyntax: t(
    "无法读取引用（格式：steps.<步骤>.result.<路径>）：{n}",
    "cannot read the reference (form: steps.<step>.result.<path>): {n}",
    "no se puede leer la referencia (forma: steps.<paso>.result.<ruta>): {n}",
    "参照を読み取れません（形式: steps.<ステップ>.result.<パス>）: {n}",
  ),
  yaml: t("工作流文件无法解析：{n}", "the workflow file does not read: {n}", "el archivo del flujo no se puede leer: {n}", "ワークフローファイルを読み取れません: {n}"),
  notRerunnable: t("只有失败或已取消的工作流可以重新运行", "only a failed or cancelled workflow can be re-run", "solo se puede volver a ejecutar un flujo fallido o cancelado", "再実行できるのは失敗またはキャンセルされたワークフローだけです"),
  notWorkflow: t("该任务不是工作流", "this task is not a workflow", "esta tarea no es un flujo de trabajo", "このタスクはワークフローではありません"),
  upstreamFailed: t("未运行：上游步骤 {n} 未成功", "not run: the step {n} it needs did not succeed", "no ejecutado: el paso {n} que necesita no tuvo éxito", "未実行: 必要なステップ {n} が成功しませんでした"),
  stepFailed: t("步骤 {n} 未成功", "the step {n} did not succeed", "el paso {n} no tuvo éxito", "ステップ {n} が成功しませんでした"),
  inputUnresolved: t("步骤输入 {n} 无法取值", "the step input {n} has no value", "la entrada del paso {n} no tiene valor", "ステップ入力 {n} の値を取得できません"),
  reportTitle: t("比较报告", "Comparison report", "Informe comparativo", "比較レポート"),
  quantity: t("量", "Quantity", "Magnitud", "量"),
  difference: t("相对差值", "Relative difference", "Diferencia relativa", "相対差"),
  stepsTitle: t("步骤", "Steps", "Pasos", "ステップ"),
  step: t("步骤", "Step", "Paso", "ステップ"),
  app: t("应用", "App", "Aplicación", "アプリ"),
  status: t("状态", "Status", "Estado", "状態"),
  task: t("任务", "Task", "Tarea", "タスク"),
} satisfies Record<string, Texts>;
