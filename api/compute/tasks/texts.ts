import type { Lang, Texts } from "../../http/messages.ts";

/** The task service's messages to users. */
export const taskTexts = {
  appUnknown: { zh: "计算软件不存在", en: "No such compute app", es: "No existe esa aplicación de cálculo", ja: "その計算アプリはありません" },
  modeUnsupported: { zh: "该软件不支持此计算模式", en: "The app does not offer this mode", es: "La aplicación no ofrece este modo", ja: "このアプリはこのモードに対応していません" },
  paramsRequired: { zh: "请填写计算参数", en: "Please give the parameters", es: "Indique los parámetros", ja: "計算パラメータを入力してください" },
  deckRequired: { zh: "请提供输入文件", en: "Please give the input files", es: "Indique los archivos de entrada", ja: "入力ファイルを指定してください" },
  mainInputMissing: { zh: "缺少主输入文件", en: "The main input file is missing", es: "Falta el archivo de entrada principal", ja: "メイン入力ファイルがありません" },
  fileNameInvalid: {
    zh: "文件名只能包含字母、数字、点、下划线和连字符",
    en: "File names may only contain letters, digits, dots, underscores and hyphens",
    es: "Los nombres de archivo solo pueden contener letras, dígitos, puntos, guiones bajos y guiones",
    ja: "ファイル名には英数字、ドット、アンダースコア、ハイフンのみ使用できます",
  },
  deckTooLarge: { zh: "输入文件过大", en: "The input files are too large", es: "Los archivos de entrada son demasiado grandes", ja: "入力ファイルが大きすぎます" },
  deckUnreadable: { zh: "输入文件格式错误", en: "The input file cannot be read", es: "No se puede leer el archivo de entrada", ja: "入力ファイルを読み取れません" },
  coresInvalid: { zh: "核数超出可用范围", en: "The number of cores is out of range", es: "El número de núcleos está fuera de rango", ja: "コア数が範囲外です" },
  walltimeInvalid: { zh: "运行时限超出允许范围", en: "The walltime is out of range", es: "El tiempo límite está fuera de rango", ja: "実行時間の上限が範囲外です" },
  tooManyQueued: {
    zh: "您排队中的任务已达上限（{n}个），请等待任务开始运行后再提交",
    en: "You already have {n} tasks waiting, the most allowed; please submit again once some have started",
    es: "Ya tiene {n} tareas en espera, el máximo permitido; envíe de nuevo cuando alguna haya empezado",
    ja: "待機中のタスクが上限（{n}件）に達しています。タスクの実行開始後に再度送信してください",
  },
  taskNotFound: { zh: "计算任务不存在", en: "The task does not exist", es: "La tarea no existe", ja: "タスクが存在しません" },
  taskFinished: { zh: "任务已结束，无法取消", en: "The task has already finished", es: "La tarea ya ha terminado", ja: "タスクはすでに終了しています" },
  fileRefused: { zh: "文件不存在或不在任务目录内", en: "No such file in the task's directory", es: "No existe ese archivo en el directorio de la tarea", ja: "タスクのディレクトリにそのファイルはありません" },
  // Reasons stored in a task's `error`, in the owner's language.
  timeout: { zh: "超出运行时限（{n} 分钟），任务已终止", en: "The walltime ({n} min) was exceeded and the task was stopped", es: "Se superó el tiempo límite ({n} min) y se detuvo la tarea", ja: "実行時間の上限（{n} 分）を超えたため停止しました" },
  exitCode: { zh: "程序以退出码 {n} 结束", en: "The program ended with exit code {n}", es: "El programa terminó con el código {n}", ja: "プログラムは終了コード {n} で終了しました" },
  killedBySignal: { zh: "程序被信号 {n} 终止", en: "The program was killed by signal {n}", es: "El programa fue terminado por la señal {n}", ja: "プログラムはシグナル {n} で終了しました" },
  outputUnreadable: { zh: "无法读取计算结果：{n}", en: "The output could not be read: {n}", es: "No se pudo leer el resultado: {n}", ja: "計算結果を読み取れません: {n}" },
  lostInputsChanged: {
    zh: "服务重启时任务中断，且输入文件已缺失或被修改，无法重新运行",
    en: "The task was interrupted by a restart and its input files are missing or changed, so it cannot run again",
    es: "La tarea se interrumpió por un reinicio y sus archivos de entrada faltan o cambiaron; no puede ejecutarse de nuevo",
    ja: "再起動でタスクが中断され、入力ファイルが欠落または変更されているため再実行できません",
  },
  lostTwice: {
    zh: "任务在服务重启时再次中断，已停止重试",
    en: "The task was interrupted by a restart again; it is not retried a second time",
    es: "La tarea se interrumpió de nuevo por un reinicio; no se reintenta otra vez",
    ja: "再起動で再び中断されたため、再試行しません",
  },
  submitFailed: { zh: "任务无法提交到计算资源：{n}", en: "The task could not be submitted: {n}", es: "No se pudo enviar la tarea: {n}", ja: "タスクを投入できませんでした: {n}" },
  // The finish message in the owner's info centre.
  doneTitle: { zh: "计算任务已完成：{n}", en: "Task finished: {n}", es: "Tarea terminada: {n}", ja: "計算タスクが完了しました: {n}" },
  failedTitle: { zh: "计算任务失败：{n}", en: "Task failed: {n}", es: "Tarea fallida: {n}", ja: "計算タスクが失敗しました: {n}" },
  cancelledTitle: { zh: "计算任务已取消：{n}", en: "Task cancelled: {n}", es: "Tarea cancelada: {n}", ja: "計算タスクがキャンセルされました: {n}" },
  doneBody: { zh: "任务 {n} 已结束，点击查看详情和结果。", en: "Task {n} has ended; open it for the details and results.", es: "La tarea {n} ha terminado; ábrala para ver los detalles y resultados.", ja: "タスク {n} が終了しました。詳細と結果をご覧ください。" },
} satisfies Record<string, Texts>;

/** A text with its `{n}` filled in, in every language. */
export const withN = (t: Texts, n: string | number): Texts =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.replace("{n}", String(n))])) as Texts;

export const LANGS: readonly Lang[] = ["zh", "en", "es", "ja"];
export const asLang = (v: unknown): Lang => (LANGS.includes(v as Lang) ? (v as Lang) : "zh");
