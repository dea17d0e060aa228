/** What the phase-field inputs may be, told to the user in each language the platform speaks. */
export interface Texts {
  zh: string;
  en: string;
  es: string;
  ja: string;
}

/** One message per field, stating the rule, so any check on that field explains itself the same way. */
export const fieldTexts = {
  model: {
    zh: "模型须为 allen-cahn（晶粒长大）或 cahn-hilliard（调幅分解）",
    en: "Model must be allen-cahn (grain growth) or cahn-hilliard (spinodal decomposition)",
    es: "El modelo debe ser allen-cahn (crecimiento de grano) o cahn-hilliard (descomposición espinodal)",
    ja: "モデルは allen-cahn（粒成長）か cahn-hilliard（スピノーダル分解）にしてください",
  },
  n: {
    zh: "网格尺寸 N 须为 64、128、256 或 512",
    en: "Grid size N must be 64, 128, 256 or 512",
    es: "El tamaño de malla N debe ser 64, 128, 256 o 512",
    ja: "格子サイズ N は 64、128、256、512 のいずれかにしてください",
  },
  dx: {
    zh: "网格间距须在 1e-12 到 1e-2 m 之间",
    en: "Grid spacing must be between 1e-12 and 1e-2 m",
    es: "El espaciado de malla debe estar entre 1e-12 y 1e-2 m",
    ja: "格子間隔は 1e-12〜1e-2 m の範囲にしてください",
  },
  dt: {
    zh: "时间步长须大于 0 且不超过 1e9 s",
    en: "Time step must be above 0 and at most 1e9 s",
    es: "El paso de tiempo debe ser mayor que 0 y como máximo 1e9 s",
    ja: "時間刻みは 0 より大きく 1e9 s 以下にしてください",
  },
  steps: {
    zh: "时间步数须为 1 到 200000 之间的整数",
    en: "Steps must be a whole number from 1 to 200000",
    es: "Los pasos deben ser un número entero entre 1 y 200000",
    ja: "ステップ数は 1〜200000 の整数にしてください",
  },
  mobility: {
    zh: "迁移率须大于 0",
    en: "Mobility must be above 0",
    es: "La movilidad debe ser mayor que 0",
    ja: "易動度は 0 より大きくしてください",
  },
  kappa: {
    zh: "梯度能系数 κ 须大于 0",
    en: "Gradient coefficient κ must be above 0",
    es: "El coeficiente de gradiente κ debe ser mayor que 0",
    ja: "勾配エネルギー係数 κ は 0 より大きくしてください",
  },
  barrier: {
    zh: "能垒 W 须大于 0",
    en: "Barrier height W must be above 0",
    es: "La altura de barrera W debe ser mayor que 0",
    ja: "エネルギー障壁 W は 0 より大きくしてください",
  },
  stabilization: {
    zh: "稳定化系数 S/W 须在 0 到 10 之间",
    en: "Stabilization S/W must be between 0 and 10",
    es: "La estabilización S/W debe estar entre 0 y 10",
    ja: "安定化係数 S/W は 0〜10 の範囲にしてください",
  },
  orderParameters: {
    zh: "序参量个数须为 1 到 36 之间的整数",
    en: "Order parameters must be a whole number from 1 to 36",
    es: "Los parámetros de orden deben ser un número entero entre 1 y 36",
    ja: "秩序変数の数は 1〜36 の整数にしてください",
  },
  gamma: {
    zh: "交叉项系数 γ 须在 0.6 到 5 之间",
    en: "Cross-term coefficient γ must be between 0.6 and 5",
    es: "El coeficiente cruzado γ debe estar entre 0,6 y 5",
    ja: "交差項係数 γ は 0.6〜5 の範囲にしてください",
  },
  initial: {
    zh: "初始状态：allen-cahn 为 nuclei 或 circle，cahn-hilliard 为 noise 或 circle",
    en: "Initial state: nuclei or circle for allen-cahn, noise or circle for cahn-hilliard",
    es: "Estado inicial: nuclei o circle para allen-cahn, noise o circle para cahn-hilliard",
    ja: "初期状態は allen-cahn では nuclei か circle、cahn-hilliard では noise か circle にしてください",
  },
  nuclei: {
    zh: "晶核数须为 1 到 1000 之间的整数",
    en: "Nuclei must be a whole number from 1 to 1000",
    es: "Los núcleos deben ser un número entero entre 1 y 1000",
    ja: "核の数は 1〜1000 の整数にしてください",
  },
  radius: {
    zh: "圆的半径须大于 0 且小于计算区域边长的一半",
    en: "Circle radius must be above 0 and below half the box size",
    es: "El radio del círculo debe ser mayor que 0 y menor que la mitad del dominio",
    ja: "円の半径は 0 より大きく、計算領域の一辺の半分より小さくしてください",
  },
  c0: {
    zh: "平均浓度 c0 须在 0.01 到 0.99 之间",
    en: "Mean concentration c0 must be between 0.01 and 0.99",
    es: "La concentración media c0 debe estar entre 0,01 y 0,99",
    ja: "平均濃度 c0 は 0.01〜0.99 の範囲にしてください",
  },
  noise: {
    zh: "噪声幅度须在 0 到 0.5 之间",
    en: "Noise amplitude must be between 0 and 0.5",
    es: "La amplitud del ruido debe estar entre 0 y 0,5",
    ja: "ノイズ振幅は 0〜0.5 の範囲にしてください",
  },
  seed: {
    zh: "随机种子须为 0 到 2147483647 之间的整数",
    en: "Seed must be a whole number from 0 to 2147483647",
    es: "La semilla debe ser un número entero entre 0 y 2147483647",
    ja: "乱数シードは 0〜2147483647 の整数にしてください",
  },
  snapshots: {
    zh: "快照数须为 2 到 60 之间的整数",
    en: "Snapshots must be a whole number from 2 to 60",
    es: "Las instantáneas deben ser un número entero entre 2 y 60",
    ja: "スナップショット数は 2〜60 の整数にしてください",
  },
} satisfies Record<string, Texts>;

/** Failures of the deck's form rather than of one value's range. */
export const deckTexts = {
  syntax: {
    zh: "无法识别的行，应为“键 = 值”",
    en: "Unreadable line, expected key = value",
    es: "Línea ilegible, se esperaba clave = valor",
    ja: "読み取れない行です。「キー = 値」の形式にしてください",
  },
  unknownKey: { zh: "未知的参数名", en: "Unknown parameter", es: "Parámetro desconocido", ja: "不明なパラメータです" },
  duplicateKey: { zh: "参数重复出现", en: "Parameter given more than once", es: "Parámetro repetido", ja: "パラメータが重複しています" },
  notNumber: { zh: "此值须为数字", en: "This value must be a number", es: "Este valor debe ser un número", ja: "この値は数値にしてください" },
  missing: { zh: "缺少必填参数", en: "Required parameter missing", es: "Falta un parámetro obligatorio", ja: "必須パラメータがありません" },
} satisfies Record<string, Texts>;
