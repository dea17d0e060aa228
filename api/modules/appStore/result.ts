import { constants as fsc } from "node:fs";
import { lstat, open } from "node:fs/promises";
import { join } from "node:path";
import type { TaskResult } from "../../compute/apps/types.ts";
import type { Lang, Texts } from "../../http/messages.ts";
import { appError, type AppStoreError, type Checked } from "./errors.ts";
import { labelIn, packagePath, type AppManifest, type Localized, type ManifestOutput } from "./manifest.ts";

/**
 * Reading what a contributed app returned: `result.json` in its work dir, written by untrusted code, so it is
 * opened without following links, size-capped before parsing, and every declared output is checked against
 * its kind before the platform stores or draws it. Keys the manifest does not declare are ignored.
 */

export const MAX_RESULT_BYTES = 5 * 1024 * 1024;
export const MAX_SERIES_POINTS = 100_000;
export const MAX_TABLE_ROWS = 10_000;
export const MAX_TABLE_COLUMNS = 100;
const MAX_CELL_CHARS = 1000;

export type AppOutputValue =
  | { kind: "scalar"; value: number }
  | { kind: "series"; x: number[]; y: number[] }
  | { kind: "table"; columns: string[]; rows: Array<Array<string | number>> }
  | { kind: "file"; path: string; bytes: number }
  | { kind: "image"; path: string; bytes: number; format: "png" | "svg" };

export type AppOutput = AppOutputValue & { name: string; label: Localized; unit?: string };

type Params = Record<string, string | number>;
const MESSAGES: Record<string, (p: Params, l: Lang) => string> = {
  "result-missing": (_, l) => pick(l, "应用没有写出结果文件 result.json", "The app wrote no result.json", "La aplicación no escribió result.json", "アプリが result.json を書き出しませんでした"),
  "result-not-file": (_, l) => pick(l, "result.json 必须是普通文件（不能是链接或目录）", "result.json must be a regular file (not a link or a folder)", "result.json debe ser un archivo normal (no un enlace ni una carpeta)", "result.json は通常のファイル（リンクやフォルダ不可）でなければなりません"),
  "result-too-large": (p, l) => pick(l, `result.json 不能超过 ${p.limit}`, `result.json cannot be larger than ${p.limit}`, `result.json no puede superar ${p.limit}`, `result.json は ${p.limit} 以下にしてください`),
  "result-syntax": (p, l) => pick(l, `result.json 不是有效的 JSON：${p.detail}`, `result.json is not valid JSON: ${p.detail}`, `result.json no es un JSON válido: ${p.detail}`, `result.json が正しい JSON ではありません：${p.detail}`),
  "result-not-object": (_, l) => pick(l, "result.json 必须是一个对象，键为输出名称", "result.json must be an object keyed by output name", "result.json debe ser un objeto con los nombres de salida como claves", "result.json は出力名をキーとするオブジェクトでなければなりません"),
  "output-missing": (p, l) => pick(l, `结果中缺少输出“${p.label}”（${p.name}）`, `The result lacks the output "${p.label}" (${p.name})`, `Falta la salida "${p.label}" (${p.name}) en el resultado`, `結果に出力「${p.label}」（${p.name}）がありません`),
  "output-not-scalar": (p, l) => pick(l, `输出“${p.label}”必须是一个有限的数字`, `The output "${p.label}" must be a finite number`, `La salida "${p.label}" debe ser un número finito`, `出力「${p.label}」は有限の数値でなければなりません`),
  "output-not-series": (p, l) => pick(l, `输出“${p.label}”必须是 {x: 数字数组, y: 数字数组}，两者长度相同且不超过 ${p.max} 个点`, `The output "${p.label}" must be {x: numbers, y: numbers} of equal length, at most ${p.max} points`, `La salida "${p.label}" debe ser {x: números, y: números} de igual longitud, como máximo ${p.max} puntos`, `出力「${p.label}」は同じ長さ（最大 ${p.max} 点）の {x: 数値配列, y: 数値配列} でなければなりません`),
  "output-not-table": (p, l) => pick(l, `输出“${p.label}”必须是 {columns: 文本数组, rows: 行数组}，每行与列数相同，最多 ${p.max} 行`, `The output "${p.label}" must be {columns: strings, rows: arrays} with one cell per column, at most ${p.max} rows`, `La salida "${p.label}" debe ser {columns: textos, rows: filas} con una celda por columna, como máximo ${p.max} filas`, `出力「${p.label}」は列数と同じセル数の行からなる {columns: 文字列配列, rows: 行配列}（最大 ${p.max} 行）でなければなりません`),
  "output-bad-path": (p, l) => pick(l, `输出“${p.label}”必须是工作目录内的相对路径`, `The output "${p.label}" must be a relative path inside the work folder`, `La salida "${p.label}" debe ser una ruta relativa dentro de la carpeta de trabajo`, `出力「${p.label}」は作業フォルダ内の相対パスでなければなりません`),
  "output-file-missing": (p, l) => pick(l, `输出“${p.label}”指向的文件 ${p.path} 不存在`, `The file ${p.path} of the output "${p.label}" does not exist`, `El archivo ${p.path} de la salida "${p.label}" no existe`, `出力「${p.label}」のファイル ${p.path} がありません`),
  "output-file-link": (p, l) => pick(l, `输出“${p.label}”的路径 ${p.path} 含有符号链接或不是普通文件`, `The path ${p.path} of the output "${p.label}" goes through a link or is not a regular file`, `La ruta ${p.path} de la salida "${p.label}" pasa por un enlace o no es un archivo normal`, `出力「${p.label}」のパス ${p.path} はリンクを含むか、通常のファイルではありません`),
  "output-not-image": (p, l) => pick(l, `输出“${p.label}”必须是 PNG 或 SVG 图片（${p.path} 不是）`, `The output "${p.label}" must be a PNG or SVG picture (${p.path} is not)`, `La salida "${p.label}" debe ser una imagen PNG o SVG (${p.path} no lo es)`, `出力「${p.label}」は PNG か SVG の画像でなければなりません（${p.path} は違います）`),
};

function pick(lang: Lang, zh: string, en: string, es: string, ja: string): string {
  return { zh, en, es, ja }[lang];
}

function resultError(path: string, code: string, params: Params = {}, output?: ManifestOutput): AppStoreError {
  const fn = MESSAGES[code];
  const text = (l: Lang) => fn({ ...params, ...(output ? { name: output.name, label: labelIn(output.label, l) } : {}) }, l);
  return appError(path, code, { zh: text("zh"), en: text("en"), es: text("es"), ja: text("ja") });
}

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG by its 8-byte signature; SVG by an `<svg` root in the first KiB (after an XML prolog or comments). */
function imageFormat(head: Buffer): "png" | "svg" | null {
  if (head.subarray(0, 8).equals(PNG)) return "png";
  const text = head.toString("utf8").replace(/^\uFEFF/, "");
  const stripped = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?/i, "");
  return /^<svg[\s>]/i.test(stripped) ? "svg" : null;
}

/**
 * A file the result names: relative, inside the work dir, reached without any symbolic link on the way
 * (each segment is lstat'ed, so `plots -> /etc` cannot lead out), and a regular file at the end.
 */
async function checkFile(workDir: string, output: ManifestOutput, value: unknown): Promise<AppOutputValue | AppStoreError> {
  const rel = typeof value === "string" ? packagePath(value) : null;
  if (!rel) return resultError(output.name, "output-bad-path", {}, output);
  const segs = rel.split("/");
  let at = workDir;
  for (let i = 0; i < segs.length; i++) {
    at = join(at, segs[i]);
    const st = await lstat(at).catch(() => null);
    if (!st) return resultError(output.name, "output-file-missing", { path: rel }, output);
    const last = i === segs.length - 1;
    if (st.isSymbolicLink() || (last ? !st.isFile() : !st.isDirectory())) return resultError(output.name, "output-file-link", { path: rel }, output);
  }
  // Opened without following a link, in case the last segment was swapped since the lstat.
  const fh = await open(at, fsc.O_RDONLY | fsc.O_NOFOLLOW | fsc.O_NONBLOCK).catch(() => null);
  if (!fh) return resultError(output.name, "output-file-link", { path: rel }, output);
  try {
    const st = await fh.stat();
    if (!st.isFile()) return resultError(output.name, "output-file-link", { path: rel }, output);
    if (output.kind === "file") return { kind: "file", path: rel, bytes: st.size };
    const head = Buffer.alloc(1024);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    const format = imageFormat(head.subarray(0, bytesRead));
    if (!format) return resultError(output.name, "output-not-image", { path: rel }, output);
    return { kind: "image", path: rel, bytes: st.size, format };
  } finally {
    await fh.close();
  }
}

function checkValue(output: ManifestOutput, v: unknown): AppOutputValue | AppStoreError {
  const o = v as Record<string, unknown> | null;
  switch (output.kind) {
    case "scalar":
      return finite(v) ? { kind: "scalar", value: v } : resultError(output.name, "output-not-scalar", {}, output);
    case "series": {
      const bad = () => resultError(output.name, "output-not-series", { max: MAX_SERIES_POINTS }, output);
      if (!o || typeof o !== "object" || !Array.isArray(o.x) || !Array.isArray(o.y)) return bad();
      const { x, y } = o as { x: unknown[]; y: unknown[] };
      if (x.length !== y.length || x.length > MAX_SERIES_POINTS || !x.every(finite) || !y.every(finite)) return bad();
      return { kind: "series", x: x as number[], y: y as number[] };
    }
    case "table": {
      const bad = () => resultError(output.name, "output-not-table", { max: MAX_TABLE_ROWS }, output);
      if (!o || typeof o !== "object" || !Array.isArray(o.columns) || !Array.isArray(o.rows)) return bad();
      const { columns, rows } = o as { columns: unknown[]; rows: unknown[] };
      if (columns.length === 0 || columns.length > MAX_TABLE_COLUMNS || !columns.every((c) => typeof c === "string" && c.length <= MAX_CELL_CHARS)) return bad();
      if (rows.length > MAX_TABLE_ROWS) return bad();
      const cell = (c: unknown) => finite(c) || (typeof c === "string" && c.length <= MAX_CELL_CHARS);
      if (!rows.every((r) => Array.isArray(r) && r.length === columns.length && r.every(cell))) return bad();
      return { kind: "table", columns: columns as string[], rows: rows as Array<Array<string | number>> };
    }
    default:
      throw new Error(`checkValue: ${output.kind} is a file kind`);
  }
}

/** Reads and checks `result.json` of a finished run against the manifest's outputs. */
export async function readAppResult(workDir: string, manifest: Pick<AppManifest, "outputs">): Promise<Checked<{ outputs: AppOutput[] }>> {
  // O_NONBLOCK: the app may have left a FIFO named result.json, which would block a plain open forever.
  const fh = await open(join(workDir, "result.json"), fsc.O_RDONLY | fsc.O_NOFOLLOW | fsc.O_NONBLOCK).catch((e: NodeJS.ErrnoException) => e);
  if (!("fd" in fh)) {
    const code = fh.code === "ENOENT" ? "result-missing" : "result-not-file";
    return { ok: false, errors: [resultError("result.json", code)] };
  }
  let raw: unknown;
  try {
    const st = await fh.stat();
    if (!st.isFile()) return { ok: false, errors: [resultError("result.json", "result-not-file")] };
    if (st.size > MAX_RESULT_BYTES) return { ok: false, errors: [resultError("result.json", "result-too-large", { limit: "5 MiB" })] };
    // Read at most the cap, whatever the size said a moment ago (the file could still be growing).
    const buf = Buffer.alloc(Math.min(st.size, MAX_RESULT_BYTES) + 1);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    if (bytesRead > MAX_RESULT_BYTES) return { ok: false, errors: [resultError("result.json", "result-too-large", { limit: "5 MiB" })] };
    try {
      raw = JSON.parse(buf.subarray(0, bytesRead).toString("utf8").replace(/^\uFEFF/, ""));
    } catch (e) {
      return { ok: false, errors: [resultError("result.json", "result-syntax", { detail: String((e as Error).message).slice(0, 200) })] };
    }
  } finally {
    await fh.close();
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return { ok: false, errors: [resultError("result.json", "result-not-object")] };
  const values = raw as Record<string, unknown>;
  const errors: AppStoreError[] = [];
  const outputs: AppOutput[] = [];
  for (const output of manifest.outputs) {
    if (!Object.hasOwn(values, output.name)) {
      errors.push(resultError(output.name, "output-missing", {}, output));
      continue;
    }
    const checked = output.kind === "file" || output.kind === "image" ? await checkFile(workDir, output, values[output.name]) : checkValue(output, values[output.name]);
    if ("code" in checked) errors.push(checked);
    else outputs.push({ ...checked, name: output.name, label: output.label, ...(output.unit ? { unit: output.unit } : {}) });
  }
  return errors.length ? { ok: false, errors } : { ok: true, outputs };
}

/** A manifest text in all four languages, zh standing in for the ones the author did not write. */
export const fullTexts = (l: Localized): Texts => ({ zh: l.zh, en: l.en ?? l.zh, es: l.es ?? l.zh, ja: l.ja ?? l.zh });

/**
 * The checked outputs as the platform's task result (api/compute/apps/types.ts), so a contributed app's run
 * shows on the task page like a built-in app's: scalars, plots (x and y unlabelled but for the output's own
 * label and unit), tables, downloadable files and pictures.
 */
export function toTaskResult(outputs: AppOutput[]): TaskResult {
  const result: TaskResult = { scalars: [], series: [], tables: [], files: [], images: [] };
  for (const o of outputs) {
    const label = fullTexts(o.label);
    const unit = o.unit ?? "";
    if (o.kind === "scalar") result.scalars.push({ key: o.name, label, value: o.value, unit });
    else if (o.kind === "series") result.series.push({ key: o.name, label, x: { label: { zh: "x", en: "x", es: "x", ja: "x" }, unit: "", values: o.x }, y: { label, unit, values: o.y } });
    else if (o.kind === "table") result.tables.push({ key: o.name, label, columns: o.columns.map((c) => ({ label: { zh: c, en: c, es: c, ja: c }, unit: "" })), rows: o.rows });
    else if (o.kind === "file") result.files.push({ path: o.path, bytes: o.bytes });
    else result.images!.push({ key: o.name, label, path: o.path });
  }
  return result;
}

