import type { Texts } from "../../../http/messages.ts";
import type { InputIssue } from "../types.ts";

/** Gmsh commands that run programs on the host: never in a task's script. */
const COMMAND_RUNNERS = ["System", "SystemCall", "NonBlockingSystemCall", "Shell", "OnelabRun"];

/**
 * The same rule for bash (grep -E), so the CalculiX job can refuse a model.geo that parseDeck never sees: a
 * command runner, or a quoted path that is absolute, starts at home or climbs out with "..".
 */
export const GEO_FORBIDDEN_GREP = `\\b(${COMMAND_RUNNERS.join("|")})\\b|"[[:space:]]*(/|~)|(^|[/"\\\\])\\.\\.([/\\\\"]|$)`;

const runnerRe = new RegExp(`\\b(${COMMAND_RUNNERS.join("|")})\\b`);
const stringRe = /"([^"]*)"/g;
/** A path outside the work dir: absolute, from home, a Windows drive, or with a ".." step. */
export const escapesWorkDir = (p: string) => /^\s*([/~\\]|[A-Za-z]:)/.test(p) || p.split(/[/\\]/).some((s) => s.trim() === "..");

const runnerText = (cmd: string): Texts => ({
  zh: `不允许使用 ${cmd} 命令（会在服务器上执行程序）`,
  en: `the ${cmd} command is not allowed (it runs programs on the server)`,
  es: `el comando ${cmd} no está permitido (ejecuta programas en el servidor)`,
  ja: `${cmd} コマンドは使用できません（サーバー上でプログラムを実行します）`,
});
const pathText = (p: string): Texts => ({
  zh: `路径 "${p}" 超出任务目录：只能使用任务目录内的相对路径（不能是绝对路径或含 ..）`,
  en: `the path "${p}" leaves the task's directory: only relative paths inside it are allowed (no absolute paths, no ..)`,
  es: `la ruta "${p}" sale del directorio de la tarea: solo se permiten rutas relativas dentro de él (sin rutas absolutas ni ..)`,
  ja: `パス "${p}" はタスクのディレクトリの外を指しています。ディレクトリ内の相対パスのみ使用できます（絶対パスや .. は不可）`,
});

/** Removes // and /* *\/ comments but keeps line numbers (block comments may span lines). */
function stripComments(text: string): string[] {
  const out: string[] = [];
  let inBlock = false;
  for (const raw of text.split(/\r?\n/)) {
    let line = "";
    let i = 0;
    let inString = false;
    while (i < raw.length) {
      if (inBlock) {
        const end = raw.indexOf("*/", i);
        if (end < 0) break;
        inBlock = false;
        i = end + 2;
        continue;
      }
      const c = raw[i];
      if (c === '"') inString = !inString;
      if (!inString && raw.startsWith("//", i)) break;
      if (!inString && raw.startsWith("/*", i)) {
        inBlock = true;
        i += 2;
        continue;
      }
      line += c;
      i++;
    }
    out.push(line);
  }
  return out;
}

/**
 * What a gmsh script may not do here, each refusal naming its line: run programs, or read or write files
 * outside the work dir. Every quoted string is checked, whatever command uses it (Include, Merge, Save, StrCat
 * pieces), so `Include "a/../../x"` and `Merge StrCat("/", "etc/x")` are both caught.
 */
export function geoIssues(text: string, field = "deck"): InputIssue[] {
  const issues: InputIssue[] = [];
  stripComments(text).forEach((line, k) => {
    const runner = runnerRe.exec(line);
    if (runner) issues.push({ field, line: k + 1, text: runnerText(runner[1]) });
    for (const m of line.matchAll(stringRe)) {
      if (escapesWorkDir(m[1])) issues.push({ field, line: k + 1, text: pathText(m[1]) });
    }
  });
  return issues;
}

/** The geometry lines of a script, comments removed: what parseDeck reads settings from. */
export const geoCodeLines = stripComments;
