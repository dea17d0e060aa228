import { texts as t } from "../../../http/messages.ts";
import { escapesWorkDir } from "../gmsh/geo-check.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { calculixParamsSchema, type CalculixParams } from "./params.ts";

/** One keyword line of an .inp deck: its name in upper case (spaces single) and its PARAM=value pairs. */
export interface InpKeyword {
  line: number;
  name: string;
  params: Record<string, string>;
}

const FIELD = "model.inp";

export function readKeyword(text: string, line: number): InpKeyword {
  const [head, ...rest] = text.trim().slice(1).split(",");
  const params: Record<string, string> = {};
  for (const r of rest) {
    const [k, ...v] = r.split("=");
    if (k.trim()) params[k.trim().toUpperCase()] = v.join("=").trim();
  }
  return { line, name: head.trim().toUpperCase().replace(/\s+/g, " "), params };
}

/** Keyword parameters that name files ccx reads or writes. */
const FILE_PARAMS = ["INPUT", "FILE"];

/**
 * Reads a user's CalculiX deck: refuses what would obviously fail or reach outside the work dir (each issue
 * naming its line), and takes the analysis, E, ν and k it states; the rest of the params keep their defaults.
 */
export function parseInpDeck(text: string): CalculixParams {
  const issues: InputIssue[] = [];
  const keywords: InpKeyword[] = [];
  const data = new Map<InpKeyword, string[]>();
  let current: InpKeyword | undefined;
  text.split(/\r?\n/).forEach((raw, k) => {
    const line = raw.trim();
    if (!line || line.startsWith("**")) return;
    if (line.startsWith("*")) {
      current = readKeyword(line, k + 1);
      keywords.push(current);
      data.set(current, []);
      for (const p of FILE_PARAMS) {
        const v = current.params[p]?.replace(/^"|"$/g, "");
        if (v !== undefined && (!v || escapesWorkDir(v))) {
          issues.push({
            field: FIELD,
            line: k + 1,
            text: t(
              `${current.name} 的 ${p}=${v} 不在任务目录内：只能使用任务目录内的相对路径（不能是绝对路径或含 ..）`,
              `${current.name} ${p}=${v} is outside the task's directory: only relative paths inside it are allowed (no absolute paths, no ..)`,
              `${current.name} ${p}=${v} está fuera del directorio de la tarea: solo se permiten rutas relativas dentro de él (sin rutas absolutas ni ..)`,
              `${current.name} の ${p}=${v} はタスクのディレクトリの外です。ディレクトリ内の相対パスのみ使用できます（絶対パスや .. は不可）`,
            ),
          });
        }
      }
      if (current.name === "INCLUDE" && current.params.INPUT === undefined) {
        issues.push({ field: FIELD, line: k + 1, text: t("*INCLUDE 缺少 INPUT=文件名", "*INCLUDE has no INPUT=file", "*INCLUDE no tiene INPUT=archivo", "*INCLUDE に INPUT=ファイル名 がありません") });
      }
    } else if (!current) {
      issues.push({ field: FIELD, line: k + 1, text: t("第一个关键字行（以 * 开头）之前出现了数据行", "a data line before the first keyword line (starting with *)", "una línea de datos antes de la primera línea de palabra clave (que empieza por *)", "最初のキーワード行（* で始まる行）より前にデータ行があります") });
    } else data.get(current)!.push(line);
  });

  const has = (name: string) => keywords.some((kw) => kw.name === name);
  if (!(has("NODE") && has("ELEMENT")) && !has("INCLUDE")) {
    issues.push({ field: FIELD, text: t("没有网格：需要 *NODE 和 *ELEMENT，或用 *INCLUDE 引入网格文件", "no mesh: the deck needs *NODE and *ELEMENT, or an *INCLUDE of a mesh file", "sin malla: el archivo necesita *NODE y *ELEMENT, o un *INCLUDE de un archivo de malla", "メッシュがありません。*NODE と *ELEMENT、または *INCLUDE によるメッシュファイルが必要です") });
  }
  const steps = keywords.filter((kw) => kw.name === "STEP");
  const ends = keywords.filter((kw) => kw.name === "END STEP");
  if (!steps.length) issues.push({ field: FIELD, text: t("没有分析步：需要 *STEP … *END STEP", "no analysis step: the deck needs *STEP … *END STEP", "sin paso de análisis: el archivo necesita *STEP … *END STEP", "解析ステップがありません。*STEP … *END STEP が必要です") });
  else if (ends.length < steps.length) {
    const open = steps[ends.length];
    issues.push({ field: FIELD, line: open.line, text: t("*STEP 没有对应的 *END STEP", "this *STEP has no *END STEP", "este *STEP no tiene *END STEP", "この *STEP に対応する *END STEP がありません") });
  }
  if (issues.length) throw new AppInputError(issues);

  const numbers = (kw: InpKeyword | undefined) => (kw ? (data.get(kw)?.[0] ?? "").split(",").map((s) => Number(s.trim())) : []);
  const elastic = numbers(keywords.find((kw) => kw.name === "ELASTIC" && (kw.params.TYPE ?? "ISO").toUpperCase() === "ISO"));
  const conductivity = numbers(keywords.find((kw) => kw.name === "CONDUCTIVITY"));
  const analysis = keywords.find((kw) => kw.name === "STATIC" || kw.name === "HEAT TRANSFER");
  // Units are the deck's own; E is read as MPa (mm, N) like the graphical mode writes it.
  const found: Record<string, unknown> = {
    analysis: analysis ? (analysis.name === "STATIC" ? "static" : "heat") : undefined,
    youngsModulusGpa: elastic[0] / 1000,
    poissonRatio: elastic[1],
    conductivityWmK: conductivity[0],
  };
  const shape = calculixParamsSchema.shape;
  const valid = Object.fromEntries(Object.entries(found).filter(([k, v]) => v !== undefined && shape[k as keyof typeof shape].safeParse(v).success));
  return calculixParamsSchema.parse(valid);
}
