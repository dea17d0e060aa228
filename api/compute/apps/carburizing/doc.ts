import type { AppDoc } from "../types.ts";

/** What the carburizing app computes, how, and where it holds: the text of its documentation page. */
export const carburizingDoc: AppDoc = {
  summary: {
    zh: "计算钢件表面渗碳时碳在深度方向上的一维扩散：给定初始碳含量、表面碳势、温度和时间，得到碳浓度分布曲线和有效渗碳层深度。",
    en: "Computes the one-dimensional diffusion of carbon into a steel surface during gas carburizing: from the initial carbon, the surface carbon potential, the temperature and the time, it gives the carbon profile below the surface and the case depth.",
    es: "Calcula la difusión unidimensional del carbono hacia el interior de una superficie de acero durante la cementación: a partir del carbono inicial, el potencial de carbono superficial, la temperatura y el tiempo, da el perfil de carbono bajo la superficie y la profundidad de capa.",
    ja: "鋼の浸炭における表面から深さ方向への炭素の一次元拡散を計算します。初期炭素量、表面カーボンポテンシャル、温度、時間から、表面下の炭素濃度分布と有効浸炭深さを求めます。",
  },
  model: [
    {
      zh: "求解 Fick 第二定律 ∂c/∂t = ∂/∂x (D ∂c/∂x)。空间上采用均匀网格的守恒有限差分（界面扩散系数取相邻两节点的平均值），时间上采用隐式 Crank–Nicolson 格式，起步时以两个向后欧拉半步（Rannacher）抑制表面浓度突变引起的振荡。",
      en: "Solves Fick's second law ∂c/∂t = ∂/∂x (D ∂c/∂x) with conservative finite differences on a uniform grid (D at each face is the mean of its two nodes) and the implicit Crank–Nicolson scheme in time, started with backward-Euler half steps (Rannacher) so the jump at the surface does not make the solution oscillate.",
      es: "Resuelve la segunda ley de Fick ∂c/∂t = ∂/∂x (D ∂c/∂x) con diferencias finitas conservativas en una malla uniforme (D en cada cara es la media de sus dos nodos) y el esquema implícito de Crank–Nicolson en el tiempo, iniciado con medios pasos de Euler implícito (Rannacher) para que el salto en la superficie no haga oscilar la solución.",
      ja: "フィックの第二法則 ∂c/∂t = ∂/∂x (D ∂c/∂x) を、等間隔格子上の保存型有限差分（界面の拡散係数は隣接2節点の平均）と時間方向の陰的 Crank–Nicolson 法で解きます。表面での濃度の跳びによる振動を抑えるため、最初は後退オイラーの半ステップ（Rannacher）で始めます。",
    },
    {
      zh: "扩散系数有两种模型：constant 为与碳含量无关的 D = D0·exp(−Q/RT)（默认 D0 = 2.3×10⁻⁵ m²/s，Q = 148000 J/mol）；tibbetts 为 Tibbetts 给出的奥氏体中随碳含量变化的扩散系数 D = 4.7×10⁻⁵·exp(−1.6·C − (37000 − 6600·C)/(RT)) m²/s（C 为 wt%，R = 1.987 cal/(mol·K)），每个时间步内以 Picard 迭代求解非线性。",
      en: "Two diffusivity models: constant, D = D0·exp(−Q/RT) at every carbon content (defaults D0 = 2.3×10⁻⁵ m²/s, Q = 148000 J/mol); tibbetts, Tibbetts' carbon-dependent diffusivity in austenite, D = 4.7×10⁻⁵·exp(−1.6·C − (37000 − 6600·C)/(RT)) m²/s (C in wt%, R = 1.987 cal/(mol·K)), with Picard iteration inside each time step.",
      es: "Dos modelos de difusividad: constant, D = D0·exp(−Q/RT) igual para todo contenido de carbono (por defecto D0 = 2,3×10⁻⁵ m²/s, Q = 148000 J/mol); tibbetts, la difusividad de Tibbetts en la austenita, dependiente del carbono, D = 4,7×10⁻⁵·exp(−1,6·C − (37000 − 6600·C)/(RT)) m²/s (C en % en peso, R = 1,987 cal/(mol·K)), con iteración de Picard en cada paso de tiempo.",
      ja: "拡散係数のモデルは2つです。constant は炭素量によらない D = D0·exp(−Q/RT)（既定値 D0 = 2.3×10⁻⁵ m²/s、Q = 148000 J/mol）。tibbetts は Tibbetts によるオーステナイト中の炭素量依存の拡散係数 D = 4.7×10⁻⁵·exp(−1.6·C − (37000 − 6600·C)/(RT)) m²/s（C は wt%、R = 1.987 cal/(mol·K)）で、各時間ステップ内で Picard 反復により非線形性を解きます。",
    },
    {
      zh: "有效渗碳层深度定义为碳含量从表面向内首次降到“有效硬化层碳含量”（默认 0.4 wt%）的深度，在相邻节点间线性插值；若整个计算深度内都高于该值则不给出。",
      en: "The case depth is the first depth from the surface where the carbon falls to the case carbon level (default 0.4 wt%), interpolated linearly between nodes; when the whole computed depth stays above that level there is none.",
      es: "La profundidad de capa es la primera profundidad desde la superficie donde el carbono baja al nivel de carbono de la capa (0,4 % en peso por defecto), interpolada linealmente entre nodos; si toda la profundidad calculada queda por encima de ese nivel, no hay.",
      ja: "有効浸炭深さは、表面から内部に向かって炭素量が初めて「有効硬化層の炭素量」（既定 0.4 wt%）まで下がる深さで、節点間は線形補間します。計算深さ全体でその値を上回る場合は求まりません。",
    },
  ],
  assumptions: [
    {
      zh: "表面碳浓度在整个过程中固定为表面碳势（不考虑表面传递系数）。",
      en: "The surface carbon is held at the carbon potential for the whole time (no surface transfer coefficient).",
      es: "El carbono de la superficie se mantiene igual al potencial de carbono todo el tiempo (sin coeficiente de transferencia superficial).",
      ja: "表面の炭素濃度は全時間にわたりカーボンポテンシャルに固定します（表面での物質移動係数は考えません）。",
    },
    {
      zh: "初始时整个工件碳含量均匀为 c0；计算深度处为零通量边界；温度恒定，组织始终为奥氏体。",
      en: "The part starts at c0 everywhere; the far end of the computed depth has zero flux; the temperature is constant and the steel stays austenitic.",
      es: "La pieza parte de c0 en todo punto; el extremo de la profundidad calculada no tiene flujo; la temperatura es constante y el acero sigue siendo austenítico.",
      ja: "初期の炭素量は全体で c0 一様、計算深さの端はゼロ流束、温度は一定で組織は常にオーステナイトとします。",
    },
  ],
  validity: [
    {
      zh: "仅适用于奥氏体区的渗碳；tibbetts 模型在约 850–1100 °C、碳含量约 1.5 wt% 以下拟合，超出此温度范围为外推（求解器会在日志中提示）。",
      en: "Carburizing in austenite only; Tibbetts' model was fitted at about 850–1100 °C and up to about 1.5 wt% C, outside that range it is an extrapolation (the solver notes it in the log).",
      es: "Solo cementación en austenita; el modelo de Tibbetts se ajustó entre unos 850 y 1100 °C y hasta un 1,5 % en peso de C aproximadamente; fuera de ese rango es una extrapolación (el solver lo indica en el registro).",
      ja: "オーステナイト域の浸炭のみに適用できます。tibbetts モデルは約 850–1100 °C、炭素量約 1.5 wt% 以下で当てはめられており、その温度範囲外は外挿です（ソルバーがログに注記します）。",
    },
    {
      zh: "输入范围：温度 700–1200 °C，时间不超过 1000 h，计算深度不超过 100 mm，网格点数 11–20001；计算深度应远大于扩散长度 2√(Dt)，否则远端边界会影响结果。",
      en: "Input ranges: 700–1200 °C, up to 1000 h, a depth up to 100 mm, 11–20001 nodes; the depth computed should be well beyond the diffusion length 2√(Dt), or the far boundary affects the result.",
      es: "Rangos: 700–1200 °C, hasta 1000 h, profundidad hasta 100 mm, 11–20001 nodos; la profundidad calculada debe superar con holgura la longitud de difusión 2√(Dt), o el extremo influye en el resultado.",
      ja: "入力範囲：700–1200 °C、1000 h 以下、計算深さ 100 mm 以下、節点数 11–20001。計算深さは拡散長 2√(Dt) より十分大きくしてください。そうでないと端の境界が結果に影響します。",
    },
  ],
  outputs: [
    {
      zh: "碳浓度分布（深度 mm、碳含量 wt%）的曲线和 CSV 数据",
      en: "The carbon profile (depth in mm, carbon in wt%) as a plot and as CSV",
      es: "El perfil de carbono (profundidad en mm, carbono en % en peso) como gráfico y como CSV",
      ja: "炭素濃度分布（深さ mm、炭素量 wt%）のグラフと CSV",
    },
    {
      zh: "有效渗碳层深度、扩散长度 2√(Dt)、单位面积渗碳量、结束时的表面碳通量、表面与心部的扩散系数、时间步数与步长",
      en: "Case depth, diffusion length 2√(Dt), carbon uptake per area, surface flux at the end, D at the surface and in the core, time steps and step size",
      es: "Profundidad de capa, longitud de difusión 2√(Dt), carbono absorbido por área, flujo superficial al final, D en la superficie y en el núcleo, pasos de tiempo y su tamaño",
      ja: "有効浸炭深さ、拡散長 2√(Dt)、単位面積あたりの浸炭量、終了時の表面炭素流束、表面と心部の拡散係数、時間ステップ数と幅",
    },
    {
      zh: "文件：result.json、输入文件 carburize.in 和运行日志",
      en: "Files: result.json, the input file carburize.in and the run's logs",
      es: "Archivos: result.json, el archivo de entrada carburize.in y los registros de la ejecución",
      ja: "ファイル：result.json、入力ファイル carburize.in、実行ログ",
    },
  ],
  references: [
    'G. G. Tibbetts, "Diffusivity of carbon in iron and steels at high temperatures", J. Appl. Phys. 51 (1980) 4813.',
    "J. Crank, P. Nicolson, Proc. Camb. Phil. Soc. 43 (1947) 50; J. Crank, The Mathematics of Diffusion, 2nd ed., Oxford, 1975.",
    "R. Rannacher, Numer. Math. 43 (1984) 309 (backward-Euler start of Crank–Nicolson).",
  ],
};
