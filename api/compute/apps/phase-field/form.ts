import type { FieldLabel } from "../types.ts";

const byModel = {
  zh: "留空则按模型取默认值（见文档）",
  en: "Empty: the model's default (see the documentation)",
  es: "Vacío: el valor por defecto del modelo (ver la documentación)",
  ja: "空欄ならモデルの既定値（文書を参照）",
};

/** The phase-field params as the graphical form names them (SI units, as the deck takes them). */
export const phaseFieldFieldLabels: Record<string, FieldLabel> = {
  model: {
    label: { zh: "模型", en: "Model", es: "Modelo", ja: "モデル" },
    options: {
      "allen-cahn": { zh: "Allen–Cahn 晶粒长大（多序参量）", en: "Allen–Cahn grain growth (several order parameters)", es: "Allen–Cahn crecimiento de grano (varios parámetros de orden)", ja: "Allen–Cahn 粒成長（多秩序変数）" },
      "cahn-hilliard": { zh: "Cahn–Hilliard 调幅分解", en: "Cahn–Hilliard spinodal decomposition", es: "Cahn–Hilliard descomposición espinodal", ja: "Cahn–Hilliard スピノーダル分解" },
    },
  },
  n: {
    label: { zh: "网格尺寸 N（N×N）", en: "Grid size N (N×N)", es: "Tamaño de malla N (N×N)", ja: "格子サイズ N（N×N）" },
    help: { zh: "64、128、256 或 512", en: "64, 128, 256 or 512", es: "64, 128, 256 o 512", ja: "64、128、256、512 のいずれか" },
  },
  dx: { label: { zh: "网格间距", en: "Grid spacing", es: "Espaciado de malla", ja: "格子間隔" }, unit: "m", help: byModel },
  dt: { label: { zh: "时间步长", en: "Time step", es: "Paso de tiempo", ja: "時間刻み" }, unit: "s", help: byModel },
  steps: { label: { zh: "时间步数", en: "Time steps", es: "Pasos de tiempo", ja: "時間ステップ数" }, help: byModel },
  mobility: {
    label: { zh: "迁移率 L 或 M", en: "Mobility L or M", es: "Movilidad L o M", ja: "易動度 L または M" },
    unit: "m³/(J·s) | m⁵/(J·s)",
    help: {
      zh: "Allen–Cahn 为 L（m³/(J·s)），Cahn–Hilliard 为 M（m⁵/(J·s)）；留空取默认值",
      en: "L in m³/(J·s) for Allen–Cahn, M in m⁵/(J·s) for Cahn–Hilliard; empty for the default",
      es: "L en m³/(J·s) para Allen–Cahn, M en m⁵/(J·s) para Cahn–Hilliard; vacío para el valor por defecto",
      ja: "Allen–Cahn では L（m³/(J·s)）、Cahn–Hilliard では M（m⁵/(J·s)）。空欄で既定値",
    },
  },
  kappa: { label: { zh: "梯度能系数 κ", en: "Gradient coefficient κ", es: "Coeficiente de gradiente κ", ja: "勾配エネルギー係数 κ" }, unit: "J/m", help: byModel },
  barrier: { label: { zh: "双阱能垒 W", en: "Double-well barrier W", es: "Barrera del doble pozo W", ja: "二重井戸の障壁 W" }, unit: "J/m³", help: byModel },
  stabilization: {
    label: { zh: "稳定化系数 S/W", en: "Stabilization S/W", es: "Estabilización S/W", ja: "安定化係数 S/W" },
    help: {
      zh: "大时间步下保持能量单调下降，但会减慢动力学；Allen–Cahn 默认 0，Cahn–Hilliard 默认 2",
      en: "Keeps the energy falling at large time steps but slows the kinetics; default 0 for Allen–Cahn, 2 for Cahn–Hilliard",
      es: "Mantiene la energía decreciente con pasos grandes pero frena la cinética; por defecto 0 en Allen–Cahn, 2 en Cahn–Hilliard",
      ja: "大きな時間刻みでもエネルギーを単調減少させますが、速度論を遅くします。既定は Allen–Cahn で 0、Cahn–Hilliard で 2",
    },
  },
  orderParameters: { label: { zh: "序参量个数（Allen–Cahn）", en: "Order parameters (Allen–Cahn)", es: "Parámetros de orden (Allen–Cahn)", ja: "秩序変数の数（Allen–Cahn）" } },
  gamma: { label: { zh: "交叉项系数 γ（Allen–Cahn）", en: "Cross-term coefficient γ (Allen–Cahn)", es: "Coeficiente cruzado γ (Allen–Cahn)", ja: "交差項係数 γ（Allen–Cahn）" } },
  initial: {
    label: { zh: "初始状态", en: "Initial state", es: "Estado inicial", ja: "初期状態" },
    options: {
      nuclei: { zh: "随机晶核（Allen–Cahn）", en: "Random nuclei (Allen–Cahn)", es: "Núcleos aleatorios (Allen–Cahn)", ja: "ランダムな核（Allen–Cahn）" },
      noise: { zh: "c0 附近的随机扰动（Cahn–Hilliard）", en: "Random noise around c0 (Cahn–Hilliard)", es: "Ruido aleatorio alrededor de c0 (Cahn–Hilliard)", ja: "c0 まわりのランダムな揺らぎ（Cahn–Hilliard）" },
      circle: { zh: "圆形晶粒或液滴（验证用）", en: "A circular grain or droplet (for checking)", es: "Un grano o gota circular (para verificar)", ja: "円形の粒または液滴（検証用）" },
    },
    help: byModel,
  },
  nuclei: { label: { zh: "晶核数", en: "Nuclei", es: "Núcleos", ja: "核の数" } },
  radius: { label: { zh: "圆半径", en: "Circle radius", es: "Radio del círculo", ja: "円の半径" }, unit: "m", help: { zh: "留空为区域边长的 1/4", en: "Empty: a quarter of the box", es: "Vacío: un cuarto del dominio", ja: "空欄なら領域の一辺の 1/4" } },
  c0: { label: { zh: "平均浓度 c0（Cahn–Hilliard）", en: "Mean concentration c0 (Cahn–Hilliard)", es: "Concentración media c0 (Cahn–Hilliard)", ja: "平均濃度 c0（Cahn–Hilliard）" }, help: { zh: "摩尔分数；调幅区间为 0.211–0.789", en: "Mole fraction; the spinodal is 0.211–0.789", es: "Fracción molar; la espinodal es 0,211–0,789", ja: "モル分率。スピノーダル領域は 0.211–0.789" } },
  noise: { label: { zh: "噪声幅度", en: "Noise amplitude", es: "Amplitud del ruido", ja: "ノイズ振幅" } },
  seed: { label: { zh: "随机种子", en: "Random seed", es: "Semilla aleatoria", ja: "乱数シード" } },
  snapshots: { label: { zh: "快照数", en: "Snapshots", es: "Instantáneas", ja: "スナップショット数" }, help: { zh: "2 到 60 帧，均匀分布在整个过程中", en: "2 to 60 frames, spread evenly over the run", es: "De 2 a 60 fotogramas, repartidos por toda la simulación", ja: "2〜60 枚、計算全体に均等に配置" } },
};
