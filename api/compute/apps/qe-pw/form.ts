import type { FieldLabel } from "../types.ts";
import { STRUCTURE_MAX_BYTES } from "./params.ts";

/** The pw.x params as the graphical form names them; units as pw.x takes them (Ry) except the lattice constant (Å). */
export const qeFieldLabels: Record<string, FieldLabel> = {
  calculation: { label: { zh: "计算类型", en: "Calculation", es: "Cálculo", ja: "計算の種類" } },
  lattice: {
    label: { zh: "晶格", en: "Lattice", es: "Red", ja: "格子" },
    help: {
      zh: "bcc、fcc、hcp 或金刚石结构（单一元素），或 cell：上传的晶胞（可含多种元素）",
      en: "bcc, fcc, hcp or diamond (one element), or cell: the uploaded structure (several elements allowed)",
      es: "bcc, fcc, hcp o diamante (un elemento), o cell: la estructura subida (admite varios elementos)",
      ja: "bcc・fcc・hcp・ダイヤモンド構造（単一元素）、または cell：アップロードした結晶構造（複数元素可）",
    },
  },
  latticeConstantA: {
    label: { zh: "晶格常数 a", en: "Lattice constant a", es: "Constante de red a", ja: "格子定数 a" },
    unit: "Å",
    help: { zh: "立方晶格为立方晶胞边长；hcp 为基面内的 a", en: "Cubic: the edge of the cubic cell; hcp: a in the basal plane", es: "Cúbica: arista de la celda cúbica; hcp: a en el plano basal", ja: "立方晶は立方晶胞の辺長、hcp は底面内の a" },
  },
  cOverA: { label: { zh: "轴比 c/a（仅 hcp）", en: "c/a (hcp only)", es: "c/a (solo hcp)", ja: "軸比 c/a（hcp のみ）" } },
  structure: {
    label: { zh: "晶体结构（晶格为 cell 时）", en: "Structure (lattice = cell)", es: "Estructura (red cell)", ja: "結晶構造（格子 cell のとき）" },
    help: {
      zh: "VASP 5 POSCAR（含元素行；Direct 或 Cartesian；可有 Selective dynamics）或注释行带 Lattice=\"…\" 的扩展 XYZ；最多 64 个原子、6 种元素。每种元素自动选用与所选赝势同一泛函和类型的已安装赝势，写在 pw.in 的 ATOMIC_SPECIES 中。状态方程扫描时晶胞整体等比缩放，a0 为每晶胞体积的立方根",
      en: "A VASP 5 POSCAR (with the element line; Direct or Cartesian; Selective dynamics allowed) or an extended XYZ with Lattice=\"…\" on its comment line; at most 64 atoms and 6 elements. Each element gets the installed pseudopotential of the chosen one's functional and kind, written in pw.in's ATOMIC_SPECIES. An EOS scan scales the whole cell; a0 is then the cube root of the volume per cell",
      es: "Un POSCAR de VASP 5 (con la línea de elementos; Direct o Cartesian; admite Selective dynamics) o un XYZ extendido con Lattice=\"…\" en la línea de comentario; como máximo 64 átomos y 6 elementos. Cada elemento recibe el pseudopotencial instalado del mismo funcional y tipo que el elegido, escrito en ATOMIC_SPECIES de pw.in. Un barrido de la ecuación de estado escala toda la celda; a0 es entonces la raíz cúbica del volumen por celda",
      ja: "VASP 5 の POSCAR（元素行あり、Direct または Cartesian、Selective dynamics 可）、またはコメント行に Lattice=\"…\" を持つ拡張 XYZ。最大 64 原子・6 元素。各元素には選んだ擬ポテンシャルと同じ汎関数・種類のインストール済み擬ポテンシャルが自動で選ばれ、pw.in の ATOMIC_SPECIES に書かれます。状態方程式では胞全体を等方的に拡大縮小し、a0 は単位胞体積の立方根です",
    },
    multiline: { maxBytes: STRUCTURE_MAX_BYTES, accept: ".vasp,.poscar,.xyz,.txt,POSCAR" },
  },
  element: { label: { zh: "元素", en: "Element", es: "Elemento", ja: "元素" } },
  pseudopotential: {
    label: { zh: "赝势", en: "Pseudopotential", es: "Pseudopotencial", ja: "擬ポテンシャル" },
    help: {
      zh: "已安装的 UPF 文件，须与所选元素一致；晶格为 cell 时它决定各元素赝势的泛函和类型",
      en: "An installed UPF file for the chosen element; with lattice = cell it sets the functional and kind of every element's pseudopotential",
      es: "Un archivo UPF instalado del elemento elegido; con la red cell fija el funcional y el tipo del pseudopotencial de cada elemento",
      ja: "選択した元素用のインストール済み UPF ファイル。格子 cell では各元素の擬ポテンシャルの汎関数と種類を決めます",
    },
  },
  ecutwfc: { label: { zh: "波函数截断能", en: "Wavefunction cutoff", es: "Corte de las funciones de onda", ja: "波動関数のカットオフ" }, unit: "Ry" },
  ecutrho: {
    label: { zh: "电荷密度截断能", en: "Charge density cutoff", es: "Corte de la densidad de carga", ja: "電荷密度のカットオフ" },
    unit: "Ry",
    help: { zh: "留空为 4 × 波函数截断能；超软赝势和 PAW 通常取 8–12 倍", en: "Empty: 4 × the wavefunction cutoff; ultrasoft and PAW usually need 8–12 ×", es: "Vacío: 4 × el corte de las funciones de onda; ultrasuaves y PAW suelen necesitar 8–12 ×", ja: "空欄なら波動関数カットオフの 4 倍。ウルトラソフトや PAW では通常 8–12 倍" },
  },
  kpoints: { label: { zh: "k 点网格 n×n×n", en: "k-point grid n×n×n", es: "Malla de puntos k n×n×n", ja: "k 点メッシュ n×n×n" } },
  kShifted: { label: { zh: "k 点网格偏移", en: "Shifted k-point grid", es: "Malla de puntos k desplazada", ja: "k 点メッシュのシフト" } },
  smearing: {
    label: { zh: "展宽方法", en: "Smearing", es: "Ensanchamiento", ja: "スメアリング" },
    help: { zh: "金属用 mv 或 mp；绝缘体/半导体可选 none（固定占据）", en: "Metals: mv or mp; insulators can use none (fixed occupations)", es: "Metales: mv o mp; aislantes: none (ocupaciones fijas)", ja: "金属は mv か mp、絶縁体・半導体は none（固定占有）" },
  },
  degauss: { label: { zh: "展宽宽度", en: "Smearing width", es: "Anchura del ensanchamiento", ja: "スメアリング幅" }, unit: "Ry" },
  spinPolarized: { label: { zh: "自旋极化", en: "Spin polarised", es: "Espín polarizado", ja: "スピン分極" } },
  startingMagnetization: { label: { zh: "初始磁化", en: "Starting magnetisation", es: "Magnetización inicial", ja: "初期磁化" }, help: { zh: "−1 到 1", en: "−1 to 1", es: "de −1 a 1", ja: "−1 から 1" } },
  convThr: { label: { zh: "自洽收敛阈值", en: "SCF convergence threshold", es: "Umbral de convergencia SCF", ja: "SCF 収束しきい値" }, unit: "Ry" },
  mixingBeta: { label: { zh: "混合参数 β", en: "Mixing β", es: "Mezcla β", ja: "混合パラメータ β" } },
  eosPoints: {
    label: { zh: "状态方程点数", en: "EOS points", es: "Puntos de la ecuación de estado", ja: "状態方程式の点数" },
    help: { zh: "0 或 1：单点计算；5–11：在 ±展宽范围内计算多个晶格常数并拟合 Birch–Murnaghan 状态方程", en: "0 or 1: a single point; 5–11: several lattice constants within ± the spread and a Birch–Murnaghan fit", es: "0 o 1: un solo punto; 5–11: varias constantes de red dentro de ± la amplitud y un ajuste de Birch–Murnaghan", ja: "0 または 1：単点計算、5–11：± 範囲内の複数の格子定数で計算し Birch–Murnaghan 式でフィット" },
  },
  eosSpreadPercent: { label: { zh: "状态方程范围 ±", en: "EOS spread ±", es: "Amplitud de la ecuación de estado ±", ja: "状態方程式の範囲 ±" }, unit: "%" },
};
