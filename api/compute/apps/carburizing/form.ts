import type { FieldLabel } from "../types.ts";

/** The carburizing params as the graphical form names them (units in SI or as metallurgists write them). */
export const carburizingFieldLabels: Record<string, FieldLabel> = {
  c0: { label: { zh: "初始碳含量", en: "Initial carbon", es: "Carbono inicial", ja: "初期炭素量" }, unit: "wt%" },
  cs: { label: { zh: "表面碳势", en: "Surface carbon potential", es: "Potencial de carbono superficial", ja: "表面カーボンポテンシャル" }, unit: "wt%" },
  temperatureC: { label: { zh: "渗碳温度", en: "Temperature", es: "Temperatura", ja: "浸炭温度" }, unit: "°C" },
  timeH: { label: { zh: "渗碳时间", en: "Time", es: "Tiempo", ja: "浸炭時間" }, unit: "h" },
  depthMm: { label: { zh: "计算深度", en: "Depth computed", es: "Profundidad calculada", ja: "計算深さ" }, unit: "mm" },
  nodes: { label: { zh: "网格点数", en: "Grid nodes", es: "Nodos de la malla", ja: "節点数" } },
  diffusivity: {
    label: { zh: "扩散系数模型", en: "Diffusivity model", es: "Modelo de difusividad", ja: "拡散係数モデル" },
    help: {
      zh: "constant：D = D0·exp(−Q/RT)；tibbetts：奥氏体中随碳含量变化的扩散系数",
      en: "constant: D = D0·exp(−Q/RT); tibbetts: carbon-dependent D in austenite",
      es: "constant: D = D0·exp(−Q/RT); tibbetts: D dependiente del carbono en la austenita",
      ja: "constant：D = D0·exp(−Q/RT)、tibbetts：オーステナイト中の炭素量依存の拡散係数",
    },
  },
  d0: { label: { zh: "扩散常数 D0", en: "Pre-exponential D0", es: "Factor preexponencial D0", ja: "頻度因子 D0" }, unit: "m²/s" },
  qJPerMol: { label: { zh: "扩散激活能 Q", en: "Activation energy Q", es: "Energía de activación Q", ja: "活性化エネルギー Q" }, unit: "J/mol" },
  caseCarbonWt: { label: { zh: "有效硬化层碳含量", en: "Case carbon level", es: "Carbono de la capa", ja: "有効硬化層の炭素量" }, unit: "wt%" },
  steps: {
    label: { zh: "时间步数", en: "Time steps", es: "Pasos de tiempo", ja: "時間ステップ数" },
    help: { zh: "留空则自动选择", en: "Leave empty to let the solver choose", es: "Vacío: el solver elige", ja: "空欄なら自動で選びます" },
  },
};
