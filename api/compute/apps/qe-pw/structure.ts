import { texts as L, type Texts } from "../../../http/messages.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { elementSymbol } from "./pseudos.ts";

/**
 * An uploaded crystal cell (graphical mode, lattice = cell): VASP 5 POSCAR or extended XYZ, read here so a
 * wrong file is refused at submission with its line, never handed to pw.x.
 */
export type Vec3 = [number, number, number];
export interface CellStructure {
  format: "poscar" | "xyz";
  /** The three cell vectors in Å, one per row. */
  cellA: [Vec3, Vec3, Vec3];
  /** Species in order of first appearance: ATOMIC_SPECIES follows it. */
  species: string[];
  /** Every atom in crystal (fractional) coordinates of cellA. */
  atoms: Array<{ element: string; crystal: Vec3 }>;
}

/** Bounds that keep a graphical task a small pw.x run on a shared machine. */
export const MAX_ATOMS = 64;
export const MAX_SPECIES = 6;

export const structureTexts = {
  empty: L("结构文件为空：晶格选 cell 时需要上传 POSCAR 或扩展 XYZ 文件", "the structure is empty: lattice = cell needs a POSCAR or extended XYZ file", "la estructura está vacía: la red cell necesita un archivo POSCAR o XYZ extendido", "構造が空です：格子 cell には POSCAR または拡張 XYZ ファイルが必要です"),
  tooFewLines: L("第 {l} 行：文件在此处结束，还缺少{what}", "line {l}: the file ends here; still missing: {what}", "línea {l}: el archivo termina aquí; aún falta: {what}", "{l} 行目：ファイルがここで終わっています。まだ足りないもの：{what}"),
  numbers: L("第 {l} 行：应为 {n} 个数字", "line {l}: expected {n} numbers", "línea {l}: se esperaban {n} números", "{l} 行目：数値が {n} 個必要です"),
  scale: L("第 {l} 行：缩放因子应为一个非零数字", "line {l}: the scale factor must be one non-zero number", "línea {l}: el factor de escala debe ser un número distinto de cero", "{l} 行目：スケール因子は 0 以外の数値 1 個にしてください"),
  vasp4: L(
    "第 {l} 行：缺少元素符号行（VASP 5 格式在原子数前写元素，如 \"Fe Al\"）",
    "line {l}: the element line is missing (VASP 5 writes the symbols, e.g. \"Fe Al\", before the counts)",
    "línea {l}: falta la línea de elementos (VASP 5 escribe los símbolos, p. ej. \"Fe Al\", antes de los números de átomos)",
    "{l} 行目：元素記号の行がありません（VASP 5 形式では原子数の前に \"Fe Al\" のように元素を書きます）",
  ),
  unknownElement: L("第 {l} 行：{v} 不是元素符号", "line {l}: {v} is not an element symbol", "línea {l}: {v} no es un símbolo de elemento", "{l} 行目：{v} は元素記号ではありません"),
  counts: L(
    "第 {l} 行：每种元素一个正整数原子数（共 {n} 个）",
    "line {l}: expected one positive whole atom count per element ({n} in all)",
    "línea {l}: se esperaba un número entero positivo de átomos por elemento ({n} en total)",
    "{l} 行目：元素ごとに正の整数の原子数を 1 つずつ（計 {n} 個）書いてください",
  ),
  coordMode: L("第 {l} 行：应为 Direct 或 Cartesian", "line {l}: expected Direct or Cartesian", "línea {l}: se esperaba Direct o Cartesian", "{l} 行目：Direct または Cartesian にしてください"),
  xyzCount: L("第 {l} 行：应为原子数（正整数）", "line {l}: expected the number of atoms (a positive whole number)", "línea {l}: se esperaba el número de átomos (un entero positivo)", "{l} 行目：原子数（正の整数）にしてください"),
  xyzLattice: L(
    "第 {l} 行：扩展 XYZ 的注释行需要 Lattice=\"ax ay az bx by bz cx cy cz\"（9 个数字）",
    "line {l}: the extended XYZ comment line needs Lattice=\"ax ay az bx by bz cx cy cz\" (9 numbers)",
    "línea {l}: la línea de comentario del XYZ extendido necesita Lattice=\"ax ay az bx by bz cx cy cz\" (9 números)",
    "{l} 行目：拡張 XYZ のコメント行には Lattice=\"ax ay az bx by bz cx cy cz\"（数値 9 個）が必要です",
  ),
  xyzProperties: L(
    "第 {l} 行：只支持 Properties=species:S:1:pos:R:3（元素 x y z）",
    "line {l}: only Properties=species:S:1:pos:R:3 (symbol x y z) is supported",
    "línea {l}: solo se admite Properties=species:S:1:pos:R:3 (símbolo x y z)",
    "{l} 行目：Properties=species:S:1:pos:R:3（元素 x y z）のみ対応しています",
  ),
  xyzAtom: L("第 {l} 行：应为 元素 x y z（Å）", "line {l}: expected symbol x y z (Å)", "línea {l}: se esperaba símbolo x y z (Å)", "{l} 行目：元素 x y z（Å）の形にしてください"),
  extraLines: L("第 {l} 行：原子之后还有多余内容（原子数与坐标行数不符）", "line {l}: more text after the atoms (the atom count does not match the coordinate lines)", "línea {l}: hay más texto tras los átomos (el número de átomos no coincide con las líneas de coordenadas)", "{l} 行目：原子の後に余分な行があります（原子数と座標の行数が一致しません）"),
  singular: L(
    "第 {l} 行：晶胞向量共面或为零（体积 {v} Å³），不是三维晶胞",
    "line {l}: the cell vectors are zero or coplanar (volume {v} Å³), not a 3D cell",
    "línea {l}: los vectores de la celda son nulos o coplanares (volumen {v} Å³), no es una celda 3D",
    "{l} 行目：格子ベクトルがゼロまたは同一平面上にあります（体積 {v} Å³）。3 次元の胞ではありません",
  ),
  tooManyAtoms: L("第 {l} 行：{n} 个原子，最多 {max} 个", "line {l}: {n} atoms, at most {max} are allowed", "línea {l}: {n} átomos, se admiten como máximo {max}", "{l} 行目：原子が {n} 個あります。最大 {max} 個です"),
  tooManySpecies: L("第 {l} 行：{n} 种元素，最多 {max} 种", "line {l}: {n} elements, at most {max} are allowed", "línea {l}: {n} elementos, se admiten como máximo {max}", "{l} 行目：元素が {n} 種類あります。最大 {max} 種類です"),
} satisfies Record<string, Texts>;

const WHAT = {
  cell: L("晶胞向量", "the cell vectors", "los vectores de la celda", "格子ベクトル"),
  elements: L("元素和原子数", "the elements and counts", "los elementos y números de átomos", "元素と原子数"),
  coordMode: L("Direct/Cartesian 行", "the Direct/Cartesian line", "la línea Direct/Cartesian", "Direct/Cartesian の行"),
  atoms: L("原子坐标", "the atom coordinates", "las coordenadas de los átomos", "原子座標"),
  comment: L("含 Lattice= 的注释行", "the comment line with Lattice=", "la línea de comentario con Lattice=", "Lattice= を含むコメント行"),
};

const NUM = /^[-+]?(\d+\.?\d*|\.\d+)([eEdD][-+]?\d+)?$/;
const isNum = (s: string | undefined): boolean => s !== undefined && NUM.test(s);
const toNum = (s: string) => Number(s.replace(/[dD]/, "e"));

const LANGS = ["zh", "en", "es", "ja"] as const;

/** A text with {name} filled per language: a value may itself be Texts (then each language takes its own). */
function fill(t: Texts, vars: Record<string, string | number | Texts>): Texts {
  const out = { ...t };
  for (const lang of LANGS)
    out[lang] = t[lang].replace(/\{(\w+)\}/g, (m, k: string) => {
      const v = vars[k];
      return v === undefined ? m : typeof v === "object" ? v[lang] : String(v);
    });
  return out;
}

/**
 * A refusal naming its line inside the text: a param's issue has no file name, so the platform's "file:line"
 * prefix would read ":3"; the structure is the `structure` param's text.
 */
function refuse(t: Texts, vars: Record<string, string | number | Texts>): never {
  throw new AppInputError([{ field: "structure", text: fill(t, vars) } satisfies InputIssue]);
}
/** "the file ends here, X is missing": `l` is the line after the last one read. */
const endsEarly = (l: number, what: Texts): never => refuse(structureTexts.tooFewLines, { l, what });

const det = (m: Vec3[]) =>
  m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);

/** Cartesian r (Å) → fractional f with r = f·M, M's rows the cell vectors (Cramer's rule; M is never singular here). */
function toCrystal(r: Vec3, m: Vec3[]): Vec3 {
  const d = det(m);
  // r = Mᵀ f: Cramer replaces column i of Mᵀ, i.e. row i of M, by r.
  return [0, 1, 2].map((i) => det(m.map((row, k) => (k === i ? r : row))) / d) as Vec3;
}

/** A zero or coplanar cell: its volume is tiny against the product of its vector lengths. */
function checkCell(cell: Vec3[], line: number): void {
  const v = det(cell);
  const lengths = cell.map((c) => Math.hypot(...c));
  if (!(Math.abs(v) > 1e-6 * lengths.reduce((a, b) => a * b, 1)) || Math.abs(v) < 1e-6) refuse(structureTexts.singular, { l: line, v: Number(v.toFixed(6)) });
}

function checkSize(atoms: number, species: number, line: number): void {
  if (atoms > MAX_ATOMS) refuse(structureTexts.tooManyAtoms, { l: line, n: atoms, max: MAX_ATOMS });
  if (species > MAX_SPECIES) refuse(structureTexts.tooManySpecies, { l: line, n: species, max: MAX_SPECIES });
}

/** POSCAR symbols may carry a POTCAR suffix ("Fe_pv", "Fe/abc"): the element is what comes before it. */
const symbolOf = (raw: string) => elementSymbol(raw.split(/[_/]/)[0]);

interface Line {
  n: number;
  fields: string[];
}

function parsePoscar(lines: Line[], lastLine: number): CellStructure {
  let i = 1; // line 0 is the comment
  const next = (what: Texts): Line => lines[i++] ?? endsEarly(lastLine + 1, what);
  const scaleLine = next(WHAT.cell);
  const scaleField = scaleLine.fields[0];
  if (scaleLine.fields.length < 1 || !isNum(scaleField) || toNum(scaleField) === 0) refuse(structureTexts.scale, { l: scaleLine.n });
  const rawCell: Vec3[] = [];
  for (let k = 0; k < 3; k++) {
    const l = next(WHAT.cell);
    if (l.fields.length < 3 || !l.fields.slice(0, 3).every(isNum)) refuse(structureTexts.numbers, { l: l.n, n: 3 });
    rawCell.push(l.fields.slice(0, 3).map(toNum) as Vec3);
  }
  checkCell(rawCell, scaleLine.n + 1);
  // A negative scale is the cell volume in Å³ (VASP's convention).
  const s = toNum(scaleField);
  const scale = s > 0 ? s : Math.cbrt(-s / Math.abs(det(rawCell)));
  const cellA = rawCell.map((v) => v.map((x) => x * scale)) as [Vec3, Vec3, Vec3];

  const symLine = next(WHAT.elements);
  if (symLine.fields.every(isNum)) refuse(structureTexts.vasp4, { l: symLine.n });
  const symbols = symLine.fields.map((f) => symbolOf(f) ?? refuse(structureTexts.unknownElement, { l: symLine.n, v: f }));
  const countLine = next(WHAT.elements);
  if (countLine.fields.length !== symbols.length || !countLine.fields.every((f) => /^\d+$/.test(f) && Number(f) > 0))
    refuse(structureTexts.counts, { l: countLine.n, n: symbols.length });
  const counts = countLine.fields.map(Number);
  const total = counts.reduce((a, b) => a + b, 0);
  checkSize(total, new Set(symbols).size, countLine.n);

  let modeLine = next(WHAT.coordMode);
  if (/^s/i.test(modeLine.fields[0])) modeLine = next(WHAT.coordMode); // Selective dynamics: the flags are not used by an scf
  const mode = modeLine.fields[0].charAt(0).toLowerCase();
  if (!"dck".includes(mode)) refuse(structureTexts.coordMode, { l: modeLine.n });
  const cartesian = mode === "c" || mode === "k";

  const atoms: CellStructure["atoms"] = [];
  symbols.forEach((element, si) => {
    for (let k = 0; k < counts[si]; k++) {
      const l = next(WHAT.atoms);
      if (l.fields.length < 3 || !l.fields.slice(0, 3).every(isNum)) refuse(structureTexts.numbers, { l: l.n, n: 3 });
      const xyz = l.fields.slice(0, 3).map(toNum) as Vec3;
      atoms.push({ element, crystal: cartesian ? toCrystal(xyz.map((x) => x * scale) as Vec3, cellA) : xyz });
    }
  });
  // What may follow the positions: a blank line and velocities or predictor data, which an scf does not use.
  return { format: "poscar", cellA, species: [...new Set(symbols)], atoms };
}

function parseXyz(lines: Line[], lastLine: number): CellStructure {
  const countLine = lines[0];
  const n = Number(countLine.fields[0]);
  if (countLine.fields.length !== 1 || !/^\d+$/.test(countLine.fields[0]) || n < 1) refuse(structureTexts.xyzCount, { l: countLine.n });
  const comment = lines[1] ?? endsEarly(lastLine + 1, WHAT.comment);
  const text = comment.fields.join(" ");
  const lat = /Lattice\s*=\s*"([^"]*)"/i.exec(text);
  const latFields = lat ? lat[1].trim().split(/\s+/) : [];
  if (latFields.length !== 9 || !latFields.every(isNum)) refuse(structureTexts.xyzLattice, { l: comment.n });
  const v = latFields.map(toNum);
  const cellA: [Vec3, Vec3, Vec3] = [[v[0], v[1], v[2]], [v[3], v[4], v[5]], [v[6], v[7], v[8]]];
  checkCell(cellA, comment.n);
  const props = /Properties\s*=\s*(\S+)/i.exec(text);
  if (props && !/^species:S:1:pos:R:3(:|$)/i.test(props[1])) refuse(structureTexts.xyzProperties, { l: comment.n });
  checkSize(n, 1, countLine.n);
  const atomLines = lines.slice(2);
  const atoms: CellStructure["atoms"] = [];
  for (let k = 0; k < n; k++) {
    const l = atomLines[k] ?? endsEarly(lastLine + 1, WHAT.atoms);
    if (l.fields.length < 4 || !l.fields.slice(1, 4).every(isNum)) refuse(structureTexts.xyzAtom, { l: l.n });
    const element = elementSymbol(l.fields[0]) ?? refuse(structureTexts.unknownElement, { l: l.n, v: l.fields[0] });
    atoms.push({ element, crystal: toCrystal(l.fields.slice(1, 4).map(toNum) as Vec3, cellA) });
  }
  if (atomLines.length > n) refuse(structureTexts.extraLines, { l: atomLines[n].n });
  const species = [...new Set(atoms.map((a) => a.element))];
  checkSize(n, species.length, countLine.n);
  return { format: "xyz", cellA, species, atoms };
}

/**
 * The uploaded text → a cell with its atoms. Extended XYZ when the first line is a whole number (the atom
 * count), else a VASP 5 POSCAR. Refuses, naming the line, anything pw.x would not get a sensible cell from.
 */
export function parseStructure(text: string): CellStructure {
  const all = text.split(/\r?\n/).map((raw, i) => ({ n: i + 1, fields: raw.trim().split(/\s+/).filter(Boolean) }));
  const filled = all.filter((l) => l.fields.length > 0);
  if (!filled.length) refuse(structureTexts.empty, {});
  const lastLine = filled.at(-1)!.n;
  // Blank lines carry no data (the line numbers stay the file's), except a POSCAR's first line: its comment, even empty.
  if (/^\d+$/.test(all[0].fields[0] ?? "") && all[0].fields.length === 1) return parseXyz(filled, lastLine);
  return parsePoscar([all[0], ...all.slice(1).filter((l) => l.fields.length > 0)], lastLine);
}
