import type { Texts } from "../../../http/messages.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { lammpsParamsSchema, type LammpsParams } from "./params.ts";
import { INSTALLED_POTENTIALS, POTENTIALS_DIR } from "./potentials.ts";
import { readScript, type ScriptCommand } from "./script.ts";

const fill = (t: Texts, v: string): Texts => ({ zh: t.zh.replace("{v}", v), en: t.en.replace("{v}", v), es: t.es.replace("{v}", v), ja: t.ja.replace("{v}", v) });

export const deckTexts = {
  shell: {
    zh: "不允许使用 shell 命令（会在服务器上执行任意程序）",
    en: "the shell command is not allowed (it runs arbitrary programs on the server)",
    es: "el comando shell no está permitido (ejecuta programas arbitrarios en el servidor)",
    ja: "shell コマンドは使用できません（サーバー上で任意のプログラムを実行するため）",
  },
  python: {
    zh: "不允许使用 python（{v}）：会在服务器上执行任意代码",
    en: "python ({v}) is not allowed: it runs arbitrary code on the server",
    es: "python ({v}) no está permitido: ejecuta código arbitrario en el servidor",
    ja: "python（{v}）は使用できません：サーバー上で任意のコードを実行するため",
  },
  getenv: {
    zh: "不允许 getenv 变量：计算只能使用工作目录中的文件",
    en: "getenv variables are not allowed: a run only uses files of its work directory",
    es: "no se permiten variables getenv: un cálculo solo usa archivos de su directorio de trabajo",
    ja: "getenv 変数は使用できません：計算は作業ディレクトリのファイルだけを使います",
  },
  commandFromVariable: {
    zh: "命令名不能来自变量（{v}）：无法检查它会执行什么",
    en: "a command name may not come from a variable ({v}): what it runs cannot be checked",
    es: "el nombre de un comando no puede venir de una variable ({v}): no se puede comprobar qué ejecuta",
    ja: "コマンド名を変数から作ることはできません（{v}）：何を実行するか確認できないため",
  },
  outsidePath: {
    zh: "路径 {v} 指向工作目录之外：请使用相对路径（不含 ..），势函数可写文件名或 /usr/share/lammps/potentials/ 下的文件",
    en: "the path {v} leaves the work directory: use relative paths without .., and for potentials a bare file name or a file of /usr/share/lammps/potentials/",
    es: "la ruta {v} sale del directorio de trabajo: use rutas relativas sin .., y para potenciales solo el nombre del archivo o un archivo de /usr/share/lammps/potentials/",
    ja: "パス {v} は作業ディレクトリの外を指しています。.. を含まない相対パスを使い、ポテンシャルはファイル名のみか /usr/share/lammps/potentials/ のファイルを指定してください",
  },
  noBox: {
    zh: "输入中没有建立模拟盒子的命令（create_box、read_data 或 read_restart）",
    en: "the input never makes a simulation box (create_box, read_data or read_restart)",
    es: "la entrada nunca crea una caja de simulación (create_box, read_data o read_restart)",
    ja: "入力にシミュレーションボックスを作るコマンド（create_box、read_data、read_restart）がありません",
  },
  noRun: {
    zh: "输入中没有 run、minimize 或 rerun 命令：不会计算任何内容",
    en: "the input has no run, minimize or rerun command: it would compute nothing",
    es: "la entrada no tiene run, minimize ni rerun: no calcularía nada",
    ja: "入力に run、minimize、rerun のいずれもなく、何も計算されません",
  },
  scriptFromVariable: {
    zh: "include/jump 的文件名不能来自变量（{v}）：作业开始前要检查该文件",
    en: "the file of include or jump may not come from a variable ({v}): the job checks that file before it starts",
    es: "el archivo de include o jump no puede venir de una variable ({v}): el trabajo revisa ese archivo antes de empezar",
    ja: "include/jump のファイル名を変数から作ることはできません（{v}）：ジョブ開始前にそのファイルを確認するため",
  },
  logFile: {
    zh: "不要用 log 命令改变日志文件：平台从 log.lammps 读取结果",
    en: "do not switch the log file with the log command: the platform reads the results from log.lammps",
    es: "no cambie el archivo de registro con el comando log: la plataforma lee los resultados de log.lammps",
    ja: "log コマンドでログファイルを変えないでください：結果は log.lammps から読み取ります",
  },
} satisfies Record<string, Texts>;

/** A potential of the installed directory, named by its absolute path. */
const INSTALLED_FILE = new RegExp(`^${POTENTIALS_DIR.replace(/[/.]/g, "\\$&")}/[A-Za-z0-9_.+-]+$`);
/** `..` as a path segment (not an ellipsis inside a printed sentence). */
const PARENT_SEGMENT = /(^|\/)\.\.(\/|$)/;

const leavesWorkDir = (word: string) => word.startsWith("/") || word.startsWith("~") || PARENT_SEGMENT.test(word);

/**
 * What would make the script unsafe to run here: commands that execute programs or read the environment, and
 * any word that is a path outside the work directory (whatever command reads or writes it). Potentials may be
 * named by their absolute path in the installed directory, in pair_coeff only.
 */
export function unsafeCommands(commands: ScriptCommand[]): InputIssue[] {
  const issues: InputIssue[] = [];
  const at = (c: ScriptCommand, text: Texts) => issues.push({ field: "", line: c.line, text });
  for (const c of commands) {
    if (c.command === "shell") at(c, deckTexts.shell);
    else if (/python/i.test(c.command)) at(c, fill(deckTexts.python, c.command));
    else if (/[$]|^v_/.test(c.command)) at(c, fill(deckTexts.commandFromVariable, c.command));
    const py = c.args.find((a) => /^python/i.test(a));
    if (py) at(c, fill(deckTexts.python, `${c.command} … ${py}`));
    if (c.command === "variable" && c.args[1] === "getenv") at(c, deckTexts.getenv);
    if (c.command === "log" && c.args[0] !== "log.lammps") at(c, deckTexts.logFile);
    if ((c.command === "include" || c.command === "jump") && c.args[0]?.includes("$")) at(c, fill(deckTexts.scriptFromVariable, c.args[0]));
    for (const a of c.args) {
      if (!leavesWorkDir(a)) continue;
      if (c.command === "pair_coeff" && INSTALLED_FILE.test(a)) continue;
      at(c, fill(deckTexts.outsidePath, a));
    }
  }
  return issues;
}

/** Files the script reads other scripts from (include, jump to a file): checked again at the job's start. */
export function scriptFiles(commands: ScriptCommand[]): string[] {
  return commands.flatMap((c) => (c.command === "include" && c.args[0] ? [c.args[0]] : c.command === "jump" && c.args[0] && c.args[0] !== "SELF" ? [c.args[0]] : []));
}

const num = (s: string | undefined) => (s !== undefined && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s) ? Number(s) : undefined);

/** What of the graphical params the script states plainly (no variables); each value still checked by the schema. */
function extractParams(commands: ScriptCommand[]): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  const last = (name: string) => commands.filter((c) => c.command === name).at(-1);
  const lattice = commands.find((c) => c.command === "lattice");
  if (lattice && (lattice.args[0] === "bcc" || lattice.args[0] === "fcc")) {
    found.lattice = lattice.args[0];
    found.latticeConstantA = num(lattice.args[1]);
  }
  const region = commands.find((c) => c.command === "region" && c.args[1] === "block");
  if (region) {
    const [x0, x1, y0, y1, z0, z1] = region.args.slice(2, 8).map(num);
    if (x0 === 0 && y0 === 0 && z0 === 0 && x1 === y1 && y1 === z1) found.cells = x1;
  }
  const coeff = commands.find((c) => c.command === "pair_coeff" && c.args[0] === "*" && c.args[1] === "*");
  if (coeff?.args[2]) {
    const file = coeff.args[2].split("/").at(-1)!;
    if (file in INSTALLED_POTENTIALS) found.potential = file;
    const [host, other] = coeff.args.slice(3);
    found.element = host;
    const set = commands.find((c) => c.command === "set" && c.args[2] === "type/fraction");
    if (set && other) {
      found.solute = other;
      found.soluteFraction = num(set.args[4]);
      found.seed = num(set.args[5]);
    }
  }
  found.relax = commands.some((c) => c.command === "minimize") ? "yes" : "no";
  const integrator = commands.find((c) => c.command === "fix" && (c.args[2] === "nvt" || c.args[2] === "npt"));
  found.ensemble = integrator ? integrator.args[2] : "none";
  if (integrator && integrator.args[3] === "temp") found.temperatureK = num(integrator.args[5]);
  if (integrator?.args[2] === "npt") {
    const i = integrator.args.findIndex((a) => a === "iso" || a === "aniso");
    if (i > 0) found.pressureBar = num(integrator.args[i + 2]);
  }
  found.timestepPs = num(last("timestep")?.args[0]);
  found.steps = num(last("run")?.args[0]);
  found.thermoEvery = num(last("thermo")?.args[0]);
  const velocity = commands.find((c) => c.command === "velocity" && c.args[1] === "create");
  if (velocity && found.seed === undefined) found.seed = num(velocity.args[3]);
  return found;
}

/**
 * An instruction-mode in.lammps → the graphical params it states (the rest keep their defaults, as the
 * task's record of it). Refuses, naming lines, what would run programs, leave the work directory, or plainly
 * compute nothing.
 */
export function parseLammpsDeck(text: string): LammpsParams {
  const commands = readScript(text);
  const issues = unsafeCommands(commands);
  // An included file may make the box or run; the job checks those files before LAMMPS starts.
  const includes = scriptFiles(commands).length > 0;
  if (!includes && !commands.some((c) => ["create_box", "read_data", "read_restart"].includes(c.command))) issues.push({ field: "", text: deckTexts.noBox });
  if (!includes && !commands.some((c) => ["run", "minimize", "rerun"].includes(c.command))) issues.push({ field: "", text: deckTexts.noRun });
  if (issues.length) throw new AppInputError(issues);
  const shape = lammpsParamsSchema.shape;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(extractParams(commands))) {
    const field = shape[key as keyof typeof shape];
    if (value !== undefined && field?.safeParse(value).success) kept[key] = value;
  }
  // The extracted fields are each valid; rules between them (element in potential…) only bind the form.
  return lammpsParamsSchema.parse(kept);
}

const includeMissing: Texts = {
  zh: "引用的脚本 {v} 不在提交的文件中：include 或 jump 的脚本须与 in.lammps 一起上传",
  en: "the script {v} is not among the submitted files: upload scripts used by include or jump with in.lammps",
  es: "el script {v} no está entre los archivos enviados: suba con in.lammps los scripts que usan include o jump",
  ja: "参照しているスクリプト {v} が提出ファイルにありません。include や jump で使うスクリプトは in.lammps と一緒にアップロードしてください",
};

/**
 * At submission: every script the main input reaches through include or jump must be a file of the deck and
 * pass the same check as the main input. Issues name the script (field) and its line. The job repeats this
 * check (check-cli.ts) as a second line of defence.
 */
export function checkLammpsDeckFiles(files: Readonly<Record<string, string>>, mainInput = "in.lammps"): void {
  const issues: InputIssue[] = [];
  const seen = new Set<string>([mainInput]);
  const queue = scriptFiles(readScript(files[mainInput] ?? "")).map((f) => ({ file: f, from: mainInput }));
  while (queue.length) {
    const { file, from } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = files[file];
    if (text === undefined) {
      issues.push({ field: from, text: fill(includeMissing, file) });
      continue;
    }
    const commands = readScript(text);
    for (const issue of unsafeCommands(commands)) issues.push({ ...issue, field: file });
    for (const next of scriptFiles(commands)) queue.push({ file: next, from: file });
  }
  if (issues.length) throw new AppInputError(issues);
}
