/** What the carburizing inputs may be, told to the user in each language the platform speaks. */
export interface Texts {
  zh: string;
  en: string;
  es: string;
  ja: string;
}

/** One message per field, stating the rule, so any check on that field explains itself the same way. */
export const fieldTexts = {
  c0: {
    zh: "初始碳含量须在 0 到 2 wt% 之间",
    en: "Initial carbon must be between 0 and 2 wt%",
    es: "El carbono inicial debe estar entre 0 y 2 % en peso",
    ja: "初期炭素量は 0〜2 wt% の範囲で指定してください",
  },
  cs: {
    zh: "表面碳势须在 0 到 2 wt% 之间，且高于初始碳含量",
    en: "Surface carbon potential must be between 0 and 2 wt% and above the initial carbon",
    es: "El potencial de carbono superficial debe estar entre 0 y 2 % en peso y superar el carbono inicial",
    ja: "表面カーボンポテンシャルは 0〜2 wt% で、初期炭素量より高くしてください",
  },
  temperatureC: {
    zh: "温度须在 700 到 1200 °C 之间",
    en: "Temperature must be between 700 and 1200 °C",
    es: "La temperatura debe estar entre 700 y 1200 °C",
    ja: "温度は 700〜1200 °C の範囲で指定してください",
  },
  timeH: {
    zh: "时间须大于 0 且不超过 1000 小时",
    en: "Time must be above 0 and at most 1000 hours",
    es: "El tiempo debe ser mayor que 0 y como máximo 1000 horas",
    ja: "時間は 0 より大きく 1000 時間以下にしてください",
  },
  depthMm: {
    zh: "计算深度须大于 0 且不超过 100 mm",
    en: "Depth must be above 0 and at most 100 mm",
    es: "La profundidad debe ser mayor que 0 y como máximo 100 mm",
    ja: "計算深さは 0 より大きく 100 mm 以下にしてください",
  },
  nodes: {
    zh: "网格点数须为 11 到 20001 之间的整数",
    en: "Nodes must be a whole number from 11 to 20001",
    es: "Los nodos deben ser un número entero entre 11 y 20001",
    ja: "節点数は 11〜20001 の整数にしてください",
  },
  diffusivity: {
    zh: "扩散系数模型须为 constant 或 tibbetts",
    en: "Diffusivity must be constant or tibbetts",
    es: "La difusividad debe ser constant o tibbetts",
    ja: "拡散係数モデルは constant か tibbetts にしてください",
  },
  d0: {
    zh: "D0 须大于 0 且不超过 1 m²/s",
    en: "D0 must be above 0 and at most 1 m²/s",
    es: "D0 debe ser mayor que 0 y como máximo 1 m²/s",
    ja: "D0 は 0 より大きく 1 m²/s 以下にしてください",
  },
  qJPerMol: {
    zh: "激活能须在 0 到 1000000 J/mol 之间",
    en: "Activation energy must be between 0 and 1000000 J/mol",
    es: "La energía de activación debe estar entre 0 y 1000000 J/mol",
    ja: "活性化エネルギーは 0〜1000000 J/mol の範囲で指定してください",
  },
  caseCarbonWt: {
    zh: "有效硬化层碳含量须高于初始碳含量且低于表面碳势",
    en: "Case carbon must lie above the initial carbon and below the surface carbon potential",
    es: "El carbono de capa debe ser mayor que el carbono inicial y menor que el potencial superficial",
    ja: "有効硬化層の炭素量は初期炭素量より高く、表面カーボンポテンシャルより低くしてください",
  },
  steps: {
    zh: "时间步数须为 1 到 1000000 之间的整数",
    en: "Steps must be a whole number from 1 to 1000000",
    es: "Los pasos deben ser un número entero entre 1 y 1000000",
    ja: "時間ステップ数は 1〜1000000 の整数にしてください",
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
  unknownKey: {
    zh: "未知的参数名",
    en: "Unknown parameter",
    es: "Parámetro desconocido",
    ja: "不明なパラメータです",
  },
  duplicateKey: {
    zh: "参数重复出现",
    en: "Parameter given more than once",
    es: "Parámetro repetido",
    ja: "パラメータが重複しています",
  },
  notNumber: {
    zh: "此值须为数字",
    en: "This value must be a number",
    es: "Este valor debe ser un número",
    ja: "この値は数値にしてください",
  },
  missing: {
    zh: "缺少必填参数",
    en: "Required parameter missing",
    es: "Falta un parámetro obligatorio",
    ja: "必須パラメータがありません",
  },
} satisfies Record<string, Texts>;
