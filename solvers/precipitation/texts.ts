/** What the KWN inputs may be, told in each language the platform speaks (zh, en, es, ja). */
export interface Texts {
  zh: string;
  en: string;
  es: string;
  ja: string;
}

const t = (zh: string, en: string, es: string, ja: string): Texts => ({ zh, en, es, ja });

/** Each field's name in the four languages; the rule texts below put it into a sentence. */
export const fieldNames = {
  thermo: t("热力学来源", "Thermodynamics", "Termodinámica", "熱力学データ"),
  database: t("热力学数据库", "Database", "Base de datos", "熱力学データベース"),
  solvent: t("基体元素", "Solvent element", "Elemento disolvente", "母相元素"),
  solute: t("溶质元素", "Solute element", "Elemento soluto", "溶質元素"),
  matrixPhase: t("基体相", "Matrix phase", "Fase matriz", "母相"),
  precipitatePhase: t("析出相", "Precipitate phase", "Fase precipitada", "析出相"),
  x0: t("初始溶质摩尔分数", "Initial solute mole fraction", "Fracción molar inicial de soluto", "初期溶質モル分率"),
  temperatureK: t("时效温度", "Temperature", "Temperatura", "時効温度"),
  timeH: t("时效时间", "Time", "Tiempo", "時効時間"),
  schedule: t("温度–时间程序", "Temperature–time schedule", "Programa temperatura–tiempo", "温度–時間スケジュール"),
  solubilityA: t("溶解度前因子 A", "Solubility prefactor A", "Prefactor de solubilidad A", "溶解度の前因子 A"),
  solubilityQ: t("溶解焓 Q", "Solubility enthalpy Q", "Entalpía de solubilidad Q", "溶解エンタルピー Q"),
  precipitateX: t("析出相溶质摩尔分数", "Solute mole fraction of the precipitate", "Fracción molar de soluto del precipitado", "析出相の溶質モル分率"),
  D0: t("扩散前因子 D0", "Diffusion prefactor D0", "Prefactor de difusión D0", "拡散の頻度因子 D0"),
  Qd: t("扩散激活能 Qd", "Diffusion activation energy Qd", "Energía de activación de difusión Qd", "拡散の活性化エネルギー Qd"),
  gamma: t("界面能 γ", "Interfacial energy γ", "Energía interfacial γ", "界面エネルギー γ"),
  latticeParameterNm: t("晶格常数", "Lattice parameter", "Parámetro de red", "格子定数"),
  atomsPerCell: t("晶胞原子数", "Atoms per unit cell", "Átomos por celda", "単位胞あたりの原子数"),
  nucleationSite: t("形核位置", "Nucleation sites", "Sitios de nucleación", "核生成サイト"),
  dislocationDensity: t("位错密度", "Dislocation density", "Densidad de dislocaciones", "転位密度"),
  grainSizeUm: t("晶粒尺寸", "Grain size", "Tamaño de grano", "結晶粒径"),
  bins: t("尺寸分组数", "Size classes", "Clases de tamaño", "サイズクラス数"),
  psdTimesH: t("输出尺寸分布的时刻", "Size distribution times", "Tiempos de la distribución de tamaños", "粒径分布を出力する時刻"),
} satisfies Record<string, Texts>;

export type Field = keyof typeof fieldNames;

/** "<field> must be between lo and hi unit" in each language. */
export function rangeText(field: Field, lo: string, hi: string, unit = ""): Texts {
  const n = fieldNames[field];
  const u = unit ? ` ${unit}` : "";
  return t(
    `${n.zh}须在 ${lo} 到 ${hi}${u} 之间`,
    `${n.en} must be between ${lo} and ${hi}${u}`,
    `${n.es} debe estar entre ${lo} y ${hi}${u}`,
    `${n.ja}は ${lo}〜${hi}${u} の範囲で指定してください`,
  );
}

/** "<field> must be one of: a, b" in each language. */
export function choiceText(field: Field, choices: string[]): Texts {
  const n = fieldNames[field];
  const c = choices.join(", ");
  return t(`${n.zh}须为以下之一：${c}`, `${n.en} must be one of: ${c}`, `${n.es} debe ser uno de: ${c}`, `${n.ja}は次のいずれかにしてください：${c}`);
}

/** "<field>: a name like …" for element and phase names. */
export function nameText(field: Field, example: string): Texts {
  const n = fieldNames[field];
  return t(`${n.zh}须为名称，例如 ${example}`, `${n.en} must be a name such as ${example}`, `${n.es} debe ser un nombre como ${example}`, `${n.ja}は ${example} のような名前にしてください`);
}

/** Rules that tie fields together or check them against the database. */
export const ruleTexts = {
  simpleNeeds: t(
    "简单热力学模式需要给出溶解度 A、Q 和析出相溶质摩尔分数",
    "Simple thermodynamics needs solubilityA, solubilityQ and precipitateX",
    "La termodinámica simple necesita solubilityA, solubilityQ y precipitateX",
    "簡易熱力学モードでは solubilityA、solubilityQ、precipitateX が必要です",
  ),
  x0BelowPrecipitate: t(
    "初始溶质摩尔分数须低于析出相的溶质摩尔分数",
    "The initial solute fraction must be below the precipitate's",
    "La fracción inicial de soluto debe ser menor que la del precipitado",
    "初期溶質モル分率は析出相の溶質モル分率より小さくしてください",
  ),
  unknownDatabase: t("没有这个数据库", "No such shipped database", "No existe esa base de datos", "そのデータベースはありません"),
  elementNotInDatabase: t("数据库中没有这个元素", "The database has no such element", "La base de datos no tiene ese elemento", "データベースにその元素がありません"),
  phaseNotInDatabase: t("数据库中没有这个相", "The database has no such phase", "La base de datos no tiene esa fase", "データベースにその相がありません"),
  sameElement: t("溶质须不同于基体元素", "The solute must differ from the solvent", "El soluto debe ser distinto del disolvente", "溶質は母相元素と異なる必要があります"),
  samePhase: t("析出相须不同于基体相", "The precipitate phase must differ from the matrix phase", "La fase precipitada debe ser distinta de la matriz", "析出相は母相と異なる必要があります"),
  scheduleSyntax: t(
    "温度程序每行应为“时间_h 温度_K”两个数字",
    "Each schedule line must be two numbers: time_h temperature_K",
    "Cada línea del programa debe ser dos números: tiempo_h temperatura_K",
    "スケジュールの各行は「時間_h 温度_K」の2つの数値にしてください",
  ),
  scheduleRange: t(
    "温度程序的时间须在 0 到 100000 h、温度在 200 到 2000 K 之间",
    "Schedule times must be 0–100000 h and temperatures 200–2000 K",
    "Los tiempos del programa deben estar entre 0 y 100000 h y las temperaturas entre 200 y 2000 K",
    "スケジュールの時間は 0〜100000 h、温度は 200〜2000 K にしてください",
  ),
  scheduleStart: t("温度程序须从 0 h 开始", "The schedule must start at 0 h", "El programa debe empezar en 0 h", "スケジュールは 0 h から始めてください"),
  scheduleOrder: t("温度程序的时间须递增", "Schedule times must increase", "Los tiempos del programa deben crecer", "スケジュールの時間は増加させてください"),
  scheduleShort: t("温度程序至少需要两行", "The schedule needs at least two lines", "El programa necesita al menos dos líneas", "スケジュールには少なくとも2行が必要です"),
  gbNeedsGamma: t(
    "晶界形核要求界面能 γ 大于晶界能的一半（0.15 J/m²，晶界能取 0.3 J/m²），否则晶界被析出相润湿、没有形核势垒",
    "Grain-boundary nucleation needs γ above half the grain-boundary energy (0.15 J/m², with 0.3 J/m² for the boundary); otherwise the precipitate wets the boundary and there is no barrier",
    "La nucleación en bordes de grano necesita γ mayor que la mitad de la energía del borde (0,15 J/m², con 0,3 J/m² para el borde); si no, el precipitado moja el borde y no hay barrera",
    "粒界核生成には γ が粒界エネルギーの半分（粒界 0.3 J/m² で 0.15 J/m²）より大きい必要があります。そうでないと析出相が粒界を濡らし、核生成障壁がありません",
  ),
  psdTimes: t(
    "尺寸分布时刻须为以空格分隔的正数（小时）",
    "Size distribution times must be positive numbers (hours) separated by spaces",
    "Los tiempos de la distribución deben ser números positivos (horas) separados por espacios",
    "粒径分布の時刻は空白区切りの正の数（時間）にしてください",
  ),
} satisfies Record<string, Texts>;

/** Failures of the deck's form rather than of one value's range. */
export const deckTexts = {
  syntax: t("无法识别的行，应为“键 = 值”", "Unreadable line, expected key = value", "Línea ilegible, se esperaba clave = valor", "読み取れない行です。「キー = 値」の形式にしてください"),
  unknownKey: t("未知的参数名", "Unknown parameter", "Parámetro desconocido", "不明なパラメータです"),
  duplicateKey: t("参数重复出现", "Parameter given more than once", "Parámetro repetido", "パラメータが重複しています"),
  notNumber: t("此值须为数字", "This value must be a number", "Este valor debe ser un número", "この値は数値にしてください"),
  notText: t("此值无效", "This value is not valid", "Este valor no es válido", "この値は無効です"),
} satisfies Record<string, Texts>;
