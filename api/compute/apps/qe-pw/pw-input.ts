import { texts as L, type Texts } from "../../../http/messages.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { fillTexts, type QeDeckSummary } from "./params.ts";
import { MAIN_INPUT } from "./deck.ts";
import { INSTALLED_PSEUDO_DIR } from "./pseudos.ts";

/** Reading the user's own pw.x input (instruction mode): its namelists and cards, each value with its line. */
export interface NamelistValue {
  value: string | number | boolean;
  line: number;
}
export interface PwInput {
  namelists: Map<string, { line: number; values: Map<string, NamelistValue> }>;
  cards: Map<string, { line: number; option: string; lines: Array<{ line: number; fields: string[] }> }>;
}

const NAMELISTS = new Set(["CONTROL", "SYSTEM", "ELECTRONS", "IONS", "CELL", "FCP", "RISM"]);
const CARDS = new Set([
  "ATOMIC_SPECIES", "ATOMIC_POSITIONS", "K_POINTS", "CELL_PARAMETERS", "OCCUPATIONS", "CONSTRAINTS", "ATOMIC_FORCES",
  "ATOMIC_VELOCITIES", "ADDITIONAL_K_POINTS", "SOLVENTS", "HUBBARD",
]);
/** Runs this app can take from scratch; nscf/bands need an earlier scf's outdir, which a new work dir never has. */
const CALCULATIONS = new Set(["scf", "relax", "vc-relax", "md", "vc-md"]);

export const deckTexts = {
  namelistMissing: L("缺少 &{n} 名称列表", "the namelist &{n} is missing", "falta la lista de nombres &{n}", "ネームリスト &{n} がありません"),
  namelistUnknown: L("未知的名称列表 &{n}", "unknown namelist &{n}", "lista de nombres desconocida &{n}", "不明なネームリスト &{n}"),
  namelistOpen: L("&{n} 没有以 / 结束", "&{n} is not closed by a line with /", "&{n} no se cierra con una línea con /", "&{n} が / の行で閉じられていません"),
  assignment: L("无法读取：应为 名称 = 值", "cannot read this: expected name = value", "no se puede leer: se esperaba nombre = valor", "読めません：名前 = 値 の形にしてください"),
  cardMissing: L("缺少 {n} 卡片", "the card {n} is missing", "falta la tarjeta {n}", "カード {n} がありません"),
  outsideLine: L("名称列表和卡片之外的内容：{t}", "text outside any namelist or card: {t}", "texto fuera de toda lista de nombres o tarjeta: {t}", "ネームリストとカードの外にある内容：{t}"),
  required: L("&{n} 中缺少 {k}", "{k} is missing in &{n}", "falta {k} en &{n}", "&{n} に {k} がありません"),
  calculation: L(
    "calculation = '{v}' 不受支持（可用：scf、relax、vc-relax、md、vc-md；nscf/bands 需要先前 scf 的输出目录）",
    "calculation = '{v}' is not supported (scf, relax, vc-relax, md, vc-md; nscf/bands need an earlier scf's outdir)",
    "calculation = '{v}' no está admitido (scf, relax, vc-relax, md, vc-md; nscf/bands necesitan el outdir de un scf anterior)",
    "calculation = '{v}' には対応していません（scf、relax、vc-relax、md、vc-md。nscf/bands には以前の scf の outdir が必要です）",
  ),
  pathOutside: L(
    "{k} = '{v}' 指向工作目录之外：只允许相对路径且不含 ..",
    "{k} = '{v}' points outside the work dir: only relative paths without .. are allowed",
    "{k} = '{v}' apunta fuera del directorio de trabajo: solo se admiten rutas relativas sin ..",
    "{k} = '{v}' は作業ディレクトリの外を指しています：.. を含まない相対パスのみ使えます",
  ),
  pseudoDir: L(
    "pseudo_dir = '{v}' 不允许：请省略、写 './'（赝势放在 pw.in 旁），或使用已安装目录 {d}",
    "pseudo_dir = '{v}' is not allowed: leave it out, write './' (pseudopotentials next to pw.in) or use the installed directory {d}",
    "pseudo_dir = '{v}' no está permitido: omítalo, escriba './' (pseudopotenciales junto a pw.in) o use el directorio instalado {d}",
    "pseudo_dir = '{v}' は使えません：省略するか './'（擬ポテンシャルを pw.in と同じ場所に置く）、またはインストール済みのディレクトリ {d} にしてください",
  ),
  number: L("{k} 必须是数字", "{k} must be a number", "{k} debe ser un número", "{k} は数値にしてください"),
  speciesLine: L("应为：元素标签 质量 赝势文件", "expected: label mass pseudopotential-file", "se esperaba: etiqueta masa archivo-de-pseudopotencial", "次の形にしてください：ラベル 質量 擬ポテンシャルファイル"),
  pseudoName: L(
    "赝势文件名 {v} 必须是不含路径的文件名",
    "the pseudopotential file {v} must be a plain file name, without a path",
    "el archivo de pseudopotencial {v} debe ser un nombre simple, sin ruta",
    "擬ポテンシャルファイル {v} はパスを含まないファイル名にしてください",
  ),
  countMismatch: L("{c} 有 {got} 行，但 {k} = {want}", "{c} has {got} lines but {k} = {want}", "{c} tiene {got} líneas pero {k} = {want}", "{c} は {got} 行ですが {k} = {want} です"),
  positionLine: L("应为：元素标签 x y z", "expected: label x y z", "se esperaba: etiqueta x y z", "次の形にしてください：ラベル x y z"),
  unknownLabel: L("原子标签 {v} 不在 ATOMIC_SPECIES 中", "the label {v} is not in ATOMIC_SPECIES", "la etiqueta {v} no está en ATOMIC_SPECIES", "ラベル {v} は ATOMIC_SPECIES にありません"),
  kAutomatic: L("K_POINTS automatic 之后应为 6 个整数：n1 n2 n3 s1 s2 s3", "K_POINTS automatic needs 6 integers on the next line: n1 n2 n3 s1 s2 s3", "K_POINTS automatic necesita 6 enteros en la línea siguiente: n1 n2 n3 s1 s2 s3", "K_POINTS automatic の次の行には整数 6 個（n1 n2 n3 s1 s2 s3）が必要です"),
  kList: L("K 点列表应为：点数，然后每行 kx ky kz 权重", "a k-point list needs the count, then kx ky kz weight per line", "una lista de puntos k necesita el número y luego kx ky kz peso por línea", "k 点リストには点数と、各行に kx ky kz 重み が必要です"),
  cellMissing: L("ibrav = 0 需要 CELL_PARAMETERS 卡片", "ibrav = 0 needs a CELL_PARAMETERS card", "ibrav = 0 necesita una tarjeta CELL_PARAMETERS", "ibrav = 0 には CELL_PARAMETERS カードが必要です"),
  alatMissing: L("ibrav ≠ 0 需要 celldm(1) 或 A", "ibrav ≠ 0 needs celldm(1) or A", "ibrav ≠ 0 necesita celldm(1) o A", "ibrav ≠ 0 には celldm(1) または A が必要です"),
} satisfies Record<string, Texts>;

/** Fortran-style values: 'text' or "text", .true./.false., numbers with d or e exponents. */
function parseValue(raw: string): string | number | boolean | null {
  const s = raw.trim();
  const q = /^'([^']*)'$|^"([^"]*)"$/.exec(s);
  if (q) return q[1] ?? q[2];
  if (/^\.?(true|t)\.?$/i.test(s)) return true;
  if (/^\.?(false|f)\.?$/i.test(s)) return false;
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eEdD][-+]?\d+)?$/.test(s)) return Number(s.replace(/[dD]/, "e"));
  return null;
}

/** A line without its `!` comment (a `!` inside quotes is text). */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "!" || c === "#") return line.slice(0, i);
  }
  return line;
}

/** Splits "a = 1, b = 'x, y'" at commas outside quotes. */
function splitAssignments(text: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let cur = "";
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ",") {
      parts.push(cur);
      cur = "";
      continue;
    }
    cur += c;
  }
  parts.push(cur);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** Namelists and cards of a pw.x input; syntax errors are collected in `issues` with their lines. */
export function readPwInput(text: string, issues: InputIssue[]): PwInput {
  const input: PwInput = { namelists: new Map(), cards: new Map() };
  const lines = text.split(/\r?\n/);
  let namelist: { name: string; line: number; values: Map<string, NamelistValue> } | null = null;
  let card: ReturnType<PwInput["cards"]["get"]> | null = null;
  lines.forEach((rawLine, i) => {
    const n = i + 1;
    const line = stripComment(rawLine).trim();
    if (!line) return;
    // A card header has no "=": `occupations = 'smearing'` is a variable even though OCCUPATIONS is also a card.
    const startsBlock = line.startsWith("&") || (!line.includes("=") && CARDS.has(line.split(/\s+/)[0].toUpperCase()));
    if (namelist && startsBlock) {
      // A card or namelist where "/" was due: report the unclosed one and read on, so later lines keep their own errors.
      issues.push({ field: "", line: namelist.line, text: fillTexts(deckTexts.namelistOpen, { n: namelist.name }) });
      namelist = null;
    }
    if (namelist) {
      // "/" closes the namelist, also after the last assignment on the same line.
      const closes = /\/\s*$/.test(line) && !/=\s*['"][^'"]*\/\s*$/.test(line);
      const body = closes ? line.replace(/\/\s*$/, "") : line;
      for (const part of splitAssignments(body)) {
        const m = /^([A-Za-z_][A-Za-z0-9_]*(?:\(\s*\d+(?:\s*,\s*\d+)*\s*\))?)\s*=\s*(.+)$/.exec(part);
        const value = m ? parseValue(m[2]) : null;
        if (!m || value === null) issues.push({ field: "", line: n, text: deckTexts.assignment });
        else namelist.values.set(m[1].replace(/\s+/g, "").toLowerCase(), { value, line: n });
      }
      if (closes) namelist = null;
      return;
    }
    const nl = /^&(\w+)\s*(.*)$/.exec(line);
    if (nl) {
      const name = nl[1].toUpperCase();
      if (!NAMELISTS.has(name)) issues.push({ field: "", line: n, text: fillTexts(deckTexts.namelistUnknown, { n: name }) });
      namelist = { name, line: n, values: new Map() };
      input.namelists.set(name, namelist);
      card = null;
      if (nl[2].trim() === "/") namelist = null;
      return;
    }
    const first = line.split(/\s+/)[0].toUpperCase();
    if (CARDS.has(first)) {
      const option = (/^\S+\s*[{(]?\s*([A-Za-z_]+)?/.exec(line)?.[1] ?? "").toLowerCase();
      card = { line: n, option, lines: [] };
      input.cards.set(first, card);
      return;
    }
    if (card) card.lines.push({ line: n, fields: line.split(/\s+/) });
    else issues.push({ field: "", line: n, text: fillTexts(deckTexts.outsideLine, { t: line.slice(0, 40) }) });
  });
  if (namelist) issues.push({ field: "", line: (namelist as { line: number }).line, text: fillTexts(deckTexts.namelistOpen, { n: (namelist as { name: string }).name }) });
  return input;
}

const isNum = (s: string | undefined) => s !== undefined && /^[-+]?(\d+\.?\d*|\.\d+)([eEdD][-+]?\d+)?$/.test(s);
const normDir = (s: string) => s.replace(/\/+$/, "");

/** Whether a path stays inside the work dir: relative, no `..` segment, no `~` or `$` expansion. */
const insideWorkDir = (p: string) => !p.startsWith("/") && !p.startsWith("~") && !p.includes("$") && !p.split("/").includes("..");

/**
 * Instruction mode: the user's pw.x input → what the task records of it. Refuses, naming lines, what would
 * obviously fail or reach outside the work dir. Uploaded pseudopotentials are other deck files, which this
 * does not see: the job script checks each named file is uploaded or installed before pw.x starts.
 */
export function parseQeDeck(text: string): QeDeckSummary {
  const issues: InputIssue[] = [];
  const input = readPwInput(text, issues);
  const nls = input.namelists;
  for (const n of ["CONTROL", "SYSTEM", "ELECTRONS"]) if (!nls.has(n)) issues.push({ field: "", text: fillTexts(deckTexts.namelistMissing, { n }) });
  for (const c of ["ATOMIC_SPECIES", "ATOMIC_POSITIONS", "K_POINTS"]) if (!input.cards.has(c)) issues.push({ field: "", text: fillTexts(deckTexts.cardMissing, { n: c }) });

  // Every string value that looks like a path must stay in the work dir; pseudo_dir may also be the installed one.
  for (const [, nl] of nls) {
    for (const [key, v] of nl.values) {
      if (typeof v.value !== "string") continue;
      if (key === "pseudo_dir") {
        const d = normDir(v.value);
        if (d !== "" && d !== "." && d !== normDir(INSTALLED_PSEUDO_DIR))
          issues.push({ field: "", line: v.line, text: fillTexts(deckTexts.pseudoDir, { v: v.value, d: INSTALLED_PSEUDO_DIR }) });
      } else if (!insideWorkDir(v.value)) issues.push({ field: "", line: v.line, text: fillTexts(deckTexts.pathOutside, { k: key, v: v.value }) });
    }
  }

  const control = nls.get("CONTROL")?.values;
  const system = nls.get("SYSTEM")?.values;
  const calc = control?.get("calculation");
  const calculation = typeof calc?.value === "string" ? calc.value.toLowerCase() : "scf";
  if (calc && !CALCULATIONS.has(calculation)) issues.push({ field: "", line: calc.line, text: fillTexts(deckTexts.calculation, { v: String(calc.value) }) });

  const numberOf = (key: string, required: boolean): number | undefined => {
    const v = system?.get(key);
    if (!v) {
      if (required && system) issues.push({ field: "", line: nls.get("SYSTEM")!.line, text: fillTexts(deckTexts.required, { n: "SYSTEM", k: key }) });
      return undefined;
    }
    if (typeof v.value !== "number") {
      issues.push({ field: "", line: v.line, text: fillTexts(deckTexts.number, { k: key }) });
      return undefined;
    }
    return v.value;
  };
  const ibrav = numberOf("ibrav", true);
  const nat = numberOf("nat", true);
  const ntyp = numberOf("ntyp", true);
  const ecutwfc = numberOf("ecutwfc", true);
  const ecutrho = numberOf("ecutrho", false);
  const nspin = numberOf("nspin", false) ?? 1;
  if (system && ibrav !== undefined) {
    if (ibrav === 0 && !input.cards.has("CELL_PARAMETERS")) issues.push({ field: "", line: system.get("ibrav")!.line, text: deckTexts.cellMissing });
    if (ibrav !== 0 && !system.has("celldm(1)") && !system.has("a")) issues.push({ field: "", line: system.get("ibrav")!.line, text: deckTexts.alatMissing });
  }

  const species: string[] = [];
  const pseudopotentials: string[] = [];
  const sp = input.cards.get("ATOMIC_SPECIES");
  if (sp) {
    for (const l of sp.lines) {
      const [label, mass, file] = l.fields;
      if (l.fields.length < 3 || !isNum(mass)) {
        issues.push({ field: "", line: l.line, text: deckTexts.speciesLine });
        continue;
      }
      if (file.includes("/") || file.includes("\\") || file.startsWith(".")) issues.push({ field: "", line: l.line, text: fillTexts(deckTexts.pseudoName, { v: file }) });
      species.push(label);
      pseudopotentials.push(file);
    }
    if (ntyp !== undefined && sp.lines.length !== ntyp)
      issues.push({ field: "", line: sp.line, text: fillTexts(deckTexts.countMismatch, { c: "ATOMIC_SPECIES", got: sp.lines.length, k: "ntyp", want: ntyp }) });
  }
  const pos = input.cards.get("ATOMIC_POSITIONS");
  if (pos) {
    for (const l of pos.lines) {
      const [label, ...xyz] = l.fields;
      if (xyz.length < 3 || !xyz.slice(0, 3).every(isNum)) issues.push({ field: "", line: l.line, text: deckTexts.positionLine });
      else if (species.length && !species.includes(label)) issues.push({ field: "", line: l.line, text: fillTexts(deckTexts.unknownLabel, { v: label }) });
    }
    if (nat !== undefined && pos.lines.length !== nat)
      issues.push({ field: "", line: pos.line, text: fillTexts(deckTexts.countMismatch, { c: "ATOMIC_POSITIONS", got: pos.lines.length, k: "nat", want: nat }) });
  }
  let kpoints = "";
  const k = input.cards.get("K_POINTS");
  if (k) {
    if (k.option === "gamma") kpoints = "gamma";
    else if (k.option === "automatic") {
      const f = k.lines[0]?.fields ?? [];
      if (k.lines.length !== 1 || f.length !== 6 || !f.every((x) => /^\d+$/.test(x))) issues.push({ field: "", line: k.lines[0]?.line ?? k.line, text: deckTexts.kAutomatic });
      else kpoints = f.join(" ");
    } else {
      const count = Number(k.lines[0]?.fields[0]);
      const list = k.lines.slice(1);
      if (!Number.isInteger(count) || count < 1 || list.length !== count || list.some((l) => l.fields.length < 4 || !l.fields.slice(0, 4).every(isNum)))
        issues.push({ field: "", line: k.lines[0]?.line ?? k.line, text: deckTexts.kList });
      else kpoints = `${count} points (${k.option || "tpiba"})`;
    }
  }
  if (issues.length) throw new AppInputError(issues);
  const occ = system?.get("occupations")?.value;
  return {
    source: "deck",
    calculation,
    ibrav: ibrav!,
    nat: nat!,
    ntyp: ntyp!,
    ecutwfc: ecutwfc!,
    ...(ecutrho !== undefined ? { ecutrho } : {}),
    nspin,
    occupations: typeof occ === "string" ? occ : "fixed",
    kpoints,
    species,
    pseudopotentials,
  };
}

const pseudoMissing = {
  zh: "赝势 {v} 既没有随输入上传，也不在已安装的赝势中（{d}）",
  en: "the pseudopotential {v} was neither uploaded with the input nor is it installed ({d})",
  es: "el pseudopotencial {v} no se subió con la entrada ni está instalado ({d})",
  ja: "擬ポテンシャル {v} は入力と一緒にアップロードされておらず、インストール済みのものにもありません（{d}）",
};

/**
 * At submission: every pseudopotential ATOMIC_SPECIES names is uploaded beside pw.in or installed, so a
 * missing one is refused with its line instead of failing the job (whose script links installed ones in).
 */
export function checkQeDeckFiles(files: Readonly<Record<string, string>>, pseudopotentials: readonly string[], installed: ReadonlySet<string>): void {
  const main = files[MAIN_INPUT] ?? "";
  const lines = main.split(/\r?\n/);
  const issues = pseudopotentials
    .filter((p) => files[p] === undefined && !installed.has(p))
    .map((p) => {
      const at = lines.findIndex((l) => l.split(/\s+/).includes(p));
      return { field: MAIN_INPUT, line: at >= 0 ? at + 1 : undefined, text: fillTexts(pseudoMissing, { v: p, d: INSTALLED_PSEUDO_DIR }) };
    });
  if (issues.length) throw new AppInputError(issues);
}
