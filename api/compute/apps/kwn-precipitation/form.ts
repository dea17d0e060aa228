import { texts as t } from "../../../http/messages.ts";
import type { FieldLabel } from "../types.ts";

/** The KWN params as the graphical form names them; the keys are the workflow's param names. */
export const kwnFieldLabels: Record<string, FieldLabel> = {
  thermo: {
    label: t("热力学来源", "Thermodynamics", "Termodinámica", "熱力学データ"),
    options: {
      database: t("CALPHAD 数据库", "CALPHAD database", "Base de datos CALPHAD", "CALPHAD データベース"),
      simple: t("简单模型（溶解度 + 稀溶液）", "Simple (solubility + dilute solution)", "Simple (solubilidad + solución diluida)", "簡易モデル（溶解度＋希薄溶液）"),
    },
    help: t(
      "数据库：驱动力和界面成分由 CALPHAD 计算；简单模型：x_eq = A·exp(−Q/RT) 与稀溶液近似",
      "Database: driving force and interface compositions from CALPHAD; simple: x_eq = A·exp(−Q/RT) and the dilute-solution approximation",
      "Base de datos: fuerza motriz y composiciones de intercara por CALPHAD; simple: x_eq = A·exp(−Q/RT) y solución diluida",
      "データベース：駆動力と界面組成を CALPHAD で計算、簡易：x_eq = A·exp(−Q/RT) と希薄溶液近似",
    ),
  },
  database: { label: t("热力学数据库", "Database", "Base de datos", "熱力学データベース"), help: t("平台自带数据库的名称，例如 AlScZr", "A shipped database id, e.g. AlScZr", "Id de una base incluida, p. ej. AlScZr", "同梱データベースの名前（例：AlScZr）") },
  solvent: { label: t("基体元素", "Solvent element", "Elemento disolvente", "母相元素") },
  solute: { label: t("溶质元素", "Solute element", "Elemento soluto", "溶質元素") },
  matrixPhase: { label: t("基体相", "Matrix phase", "Fase matriz", "母相") },
  precipitatePhase: { label: t("析出相", "Precipitate phase", "Fase precipitada", "析出相") },
  x0: {
    label: t("初始溶质含量（摩尔分数）", "Initial solute (mole fraction)", "Soluto inicial (fracción molar)", "初期溶質量（モル分率）"),
    help: t("例如 0.004 即 0.4 at%", "e.g. 0.004 for 0.4 at%", "p. ej. 0,004 para 0,4 % at.", "例：0.004 は 0.4 at%"),
  },
  temperatureK: { label: t("时效温度", "Temperature", "Temperatura", "時効温度"), unit: "K" },
  timeH: { label: t("时效时间", "Time", "Tiempo", "時効時間"), unit: "h" },
  schedule: {
    label: t("温度–时间程序（可选）", "Temperature–time schedule (optional)", "Programa temperatura–tiempo (opcional)", "温度–時間スケジュール（任意）"),
    help: t(
      "每行“时间_h 温度_K”，从 0 h 开始，分段线性；给出时替代上面的温度和时间",
      "Lines \"time_h temperature_K\" from 0 h, piecewise linear; replaces the temperature and time above",
      "Líneas \"tiempo_h temperatura_K\" desde 0 h, lineal a tramos; sustituye la temperatura y el tiempo de arriba",
      "「時間_h 温度_K」の行を 0 h から、区分線形。指定すると上の温度と時間の代わりに使います",
    ),
    multiline: { maxBytes: 20000, accept: ".txt,.csv" },
  },
  solubilityA: {
    label: t("溶解度前因子 A", "Solubility prefactor A", "Prefactor de solubilidad A", "溶解度の前因子 A"),
    help: t("简单模型：x_eq(T) = A·exp(−Q/RT)（摩尔分数）", "Simple mode: x_eq(T) = A·exp(−Q/RT) (mole fraction)", "Modo simple: x_eq(T) = A·exp(−Q/RT) (fracción molar)", "簡易モデル：x_eq(T) = A·exp(−Q/RT)（モル分率）"),
  },
  solubilityQ: { label: t("溶解焓 Q", "Solubility enthalpy Q", "Entalpía de solubilidad Q", "溶解エンタルピー Q"), unit: "J/mol" },
  precipitateX: {
    label: t("析出相溶质摩尔分数", "Precipitate solute fraction", "Fracción de soluto del precipitado", "析出相の溶質モル分率"),
    help: t("简单模型：化学计量析出相，例如 Fe₃C 为 0.25", "Simple mode: a line compound, e.g. 0.25 for Fe₃C", "Modo simple: compuesto estequiométrico, p. ej. 0,25 para Fe₃C", "簡易モデル：化学量論化合物（例：Fe₃C は 0.25）"),
  },
  D0: { label: t("扩散前因子 D0", "Diffusion prefactor D0", "Prefactor de difusión D0", "拡散の頻度因子 D0"), unit: "m²/s" },
  Qd: { label: t("扩散激活能 Qd", "Diffusion activation energy Qd", "Energía de activación Qd", "拡散の活性化エネルギー Qd"), unit: "J/mol" },
  gamma: { label: t("界面能 γ", "Interfacial energy γ", "Energía interfacial γ", "界面エネルギー γ"), unit: "J/m²" },
  latticeParameterNm: {
    label: t("晶格常数", "Lattice parameter", "Parámetro de red", "格子定数"),
    unit: "nm",
    help: t("基体与析出相取同一原子体积 a³/n", "Matrix and precipitate take the same volume per atom a³/n", "Matriz y precipitado con el mismo volumen por átomo a³/n", "母相と析出相に同じ原子体積 a³/n を用います"),
  },
  atomsPerCell: { label: t("晶胞原子数", "Atoms per unit cell", "Átomos por celda", "単位胞あたりの原子数") },
  nucleationSite: {
    label: t("形核位置", "Nucleation sites", "Sitios de nucleación", "核生成サイト"),
    options: {
      bulk: t("均匀形核（基体）", "Bulk (homogeneous)", "Volumen (homogénea)", "均一核生成（母相内）"),
      dislocations: t("位错", "Dislocations", "Dislocaciones", "転位"),
      grainBoundaries: t("晶界", "Grain boundaries", "Bordes de grano", "結晶粒界"),
    },
  },
  dislocationDensity: { label: t("位错密度", "Dislocation density", "Densidad de dislocaciones", "転位密度"), unit: "m⁻²" },
  grainSizeUm: { label: t("晶粒尺寸", "Grain size", "Tamaño de grano", "結晶粒径"), unit: "µm" },
  bins: {
    label: t("尺寸分组数（最多）", "Size classes (at most)", "Clases de tamaño (máximo)", "サイズクラス数（最大）"),
    help: t("起始为其 3/4，超过时合并为 1/2", "Starts with ¾ of them, re-bins to ½ when exceeded", "Empieza con ¾, se reagrupa a ½ al superarlo", "最初は 3/4、超えると 1/2 にまとめ直します"),
  },
  psdTimesH: {
    label: t("输出尺寸分布的时刻", "Size distribution at times", "Distribución de tamaños en los tiempos", "粒径分布を出力する時刻"),
    unit: "h",
    help: t("以空格分隔，例如 1 10 100 500；留空则取结束时间的 1/1000、1/100、1/10 和结束时", "Separated by spaces, e.g. 1 10 100 500; empty: 1/1000, 1/100, 1/10 of the end and the end", "Separados por espacios, p. ej. 1 10 100 500; vacío: 1/1000, 1/100, 1/10 del final y el final", "空白区切り（例：1 10 100 500）。空欄なら終了時刻の 1/1000、1/100、1/10 と終了時"),
  },
};
