import type { Texts } from "../../http/messages.ts";
import { texts } from "../../http/messages.ts";

/**
 * The laboratory's catalogue of test methods for steel (TrialDetection/GetMethods): what an order may ask for,
 * the standard it follows, the quantities it measures with their units, and the kind of equipment that does it.
 * Codes are stable: orders keep them.
 */
export interface Quantity {
  key: string;
  name: Texts;
  unit: string;
  /** A described quantity (a microstructure in words); the others are numbers. */
  text?: boolean;
  /** What a measured value can physically be: a value outside is a typing or instrument error, refused. */
  range?: [number, number];
}
export interface Method {
  code: string;
  /** chemical, mechanical, hardness, impact, metallography */
  group: "chemical" | "tensile" | "hardness" | "impact" | "metallography";
  name: Texts;
  standards: string[];
  quantities: Quantity[];
  equipment: Texts;
  /**
   * The instrument's time one sample takes by this method, typically (preparation excluded): the equipment
   * statistics' hours are tests × this, as results record no durations.
   */
  minutes: number;
}

/** Physical ranges by unit: per cent of mass or of length, stresses, hardness scales, energies, temperatures. */
const RANGE_BY_UNIT: Record<string, [number, number]> = { "%": [0, 100], MPa: [0, 5000], HBW: [0, 700], HRC: [0, 80], HV: [0, 3000], J: [0, 1000], "°C": [-273, 1600] };
const q = (key: string, unit: string, zh: string, en: string, es: string, ja: string, range = RANGE_BY_UNIT[unit]): Quantity => ({ key, unit, name: texts(zh, en, es, ja), range });
const ELEMENTS = ["C", "Si", "Mn", "P", "S", "Cr", "Ni", "Mo", "V", "Cu", "Al", "Ti", "Nb", "B", "N"];

export const METHODS: readonly Method[] = [
  {
    code: "CHEM-OES",
    minutes: 10,
    group: "chemical",
    name: texts("化学成分（火花源原子发射光谱）", "Chemical composition (spark OES)", "Composición química (OES por chispa)", "化学成分（スパーク発光分光分析）"),
    standards: ["GB/T 4336", "ASTM E415"],
    quantities: ELEMENTS.map((e) => q(e, "%", e, e, e, e)),
    equipment: texts("火花直读光谱仪", "Spark optical emission spectrometer", "Espectrómetro de emisión óptica por chispa", "スパーク発光分光分析装置"),
  },
  {
    code: "CHEM-WET",
    minutes: 120,
    group: "chemical",
    name: texts("化学成分（化学分析法）", "Chemical composition (wet chemistry)", "Composición química (vía húmeda)", "化学成分（化学分析法）"),
    standards: ["GB/T 223"],
    quantities: ELEMENTS.slice(0, 10).map((e) => q(e, "%", e, e, e, e)),
    equipment: texts("化学分析实验室", "Wet chemistry laboratory", "Laboratorio de química húmeda", "化学分析室"),
  },
  {
    code: "CHEM-CS",
    minutes: 5,
    group: "chemical",
    name: texts("碳硫含量（高频燃烧红外吸收法）", "Carbon and sulfur (combustion infrared)", "Carbono y azufre (combustión e infrarrojo)", "炭素・硫黄（燃焼赤外線吸収法）"),
    standards: ["GB/T 20123"],
    quantities: [q("C", "%", "C", "C", "C", "C"), q("S", "%", "S", "S", "S", "S")],
    equipment: texts("碳硫分析仪", "Carbon-sulfur analyser", "Analizador de carbono y azufre", "炭素硫黄分析装置"),
  },
  {
    code: "TENSILE-RT",
    minutes: 30,
    group: "tensile",
    name: texts("室温拉伸试验", "Tensile test at room temperature", "Ensayo de tracción a temperatura ambiente", "常温引張試験"),
    standards: ["GB/T 228.1", "ASTM E8/E8M", "ISO 6892-1"],
    quantities: [
      q("Rm", "MPa", "抗拉强度 Rm", "Tensile strength Rm", "Resistencia a la tracción Rm", "引張強さ Rm"),
      q("Rp0.2", "MPa", "规定塑性延伸强度 Rp0.2", "Proof strength Rp0.2", "Límite elástico convencional Rp0.2", "0.2%耐力 Rp0.2"),
      q("ReH", "MPa", "上屈服强度 ReH", "Upper yield strength ReH", "Límite superior de fluencia ReH", "上降伏点 ReH"),
      q("A", "%", "断后伸长率 A", "Elongation after fracture A", "Alargamiento de rotura A", "破断伸び A"),
      q("Z", "%", "断面收缩率 Z", "Reduction of area Z", "Estricción Z", "絞り Z"),
    ],
    equipment: texts("电子万能试验机", "Universal testing machine", "Máquina universal de ensayos", "万能試験機"),
  },
  {
    code: "HARD-HBW",
    minutes: 10,
    group: "hardness",
    name: texts("布氏硬度", "Brinell hardness", "Dureza Brinell", "ブリネル硬さ"),
    standards: ["GB/T 231.1", "ISO 6506-1"],
    quantities: [q("HBW", "HBW", "布氏硬度", "Brinell hardness", "Dureza Brinell", "ブリネル硬さ")],
    equipment: texts("布氏硬度计", "Brinell hardness tester", "Durómetro Brinell", "ブリネル硬さ試験機"),
  },
  {
    code: "HARD-HRC",
    minutes: 5,
    group: "hardness",
    name: texts("洛氏硬度（C 标尺）", "Rockwell hardness (C scale)", "Dureza Rockwell (escala C)", "ロックウェル硬さ（Cスケール）"),
    standards: ["GB/T 230.1", "ISO 6508-1", "ASTM E18"],
    quantities: [q("HRC", "HRC", "洛氏硬度", "Rockwell hardness", "Dureza Rockwell", "ロックウェル硬さ")],
    equipment: texts("洛氏硬度计", "Rockwell hardness tester", "Durómetro Rockwell", "ロックウェル硬さ試験機"),
  },
  {
    code: "HARD-HV",
    minutes: 15,
    group: "hardness",
    name: texts("维氏硬度", "Vickers hardness", "Dureza Vickers", "ビッカース硬さ"),
    standards: ["GB/T 4340.1", "ISO 6507-1"],
    quantities: [q("HV", "HV", "维氏硬度", "Vickers hardness", "Dureza Vickers", "ビッカース硬さ")],
    equipment: texts("维氏硬度计", "Vickers hardness tester", "Durómetro Vickers", "ビッカース硬さ試験機"),
  },
  {
    code: "IMPACT-KV2",
    minutes: 10,
    group: "impact",
    name: texts("夏比 V 型缺口冲击试验", "Charpy V-notch impact test", "Ensayo de impacto Charpy con entalla en V", "シャルピーVノッチ衝撃試験"),
    standards: ["GB/T 229", "ISO 148-1", "ASTM E23"],
    quantities: [
      q("KV2", "J", "冲击吸收能量 KV2", "Absorbed energy KV2", "Energía absorbida KV2", "吸収エネルギー KV2"),
      q("T", "°C", "试验温度", "Test temperature", "Temperatura de ensayo", "試験温度"),
    ],
    equipment: texts("摆锤冲击试验机", "Pendulum impact tester", "Péndulo de impacto", "振り子式衝撃試験機"),
  },
  {
    code: "METALLO-MICRO",
    minutes: 60,
    group: "metallography",
    name: texts("显微组织检验", "Microstructure examination", "Examen de la microestructura", "ミクロ組織検査"),
    standards: ["GB/T 13298"],
    quantities: [{ ...q("structure", "", "组织描述", "Structure", "Estructura", "組織"), text: true }],
    equipment: texts("金相显微镜", "Metallographic microscope", "Microscopio metalográfico", "金属顕微鏡"),
  },
  {
    code: "METALLO-GRAIN",
    minutes: 60,
    group: "metallography",
    name: texts("晶粒度测定", "Grain size", "Tamaño de grano", "結晶粒度"),
    standards: ["GB/T 6394", "ASTM E112"],
    quantities: [q("G", "", "晶粒度级别 G", "Grain size number G", "Número de tamaño de grano G", "粒度番号 G", [-3, 15])],
    equipment: texts("金相显微镜", "Metallographic microscope", "Microscopio metalográfico", "金属顕微鏡"),
  },
  {
    code: "METALLO-INCL",
    minutes: 90,
    group: "metallography",
    name: texts("非金属夹杂物评级", "Non-metallic inclusions", "Inclusiones no metálicas", "非金属介在物"),
    standards: ["GB/T 10561", "ASTM E45"],
    // Ratings of GB/T 10561 / ASTM E45 charts, 0 to 5 in half steps.
    quantities: ["A", "B", "C", "D", "DS"].map((k) => q(k, "", `${k} 类`, `Type ${k}`, `Tipo ${k}`, `${k} 系`, [0, 5])),
    equipment: texts("金相显微镜", "Metallographic microscope", "Microscopio metalográfico", "金属顕微鏡"),
  },
];

const BY_CODE = new Map(METHODS.map((m) => [m.code, m]));
export const methodOf = (code: string): Method | undefined => BY_CODE.get(code);

/** A quantity of a method, or undefined. */
export const quantityOf = (method: string, key: string): Quantity | undefined => methodOf(method)?.quantities.find((q) => q.key === key);

/**
 * The steel-grade database's property (common/steel-grades.ts) that limits a measured quantity, when it can:
 * tensile figures and hardness. Impact energy is not mapped: the grade tables give KU2 or KV2 at a temperature
 * that must match the test, which the order states better (its limits).
 */
export const GRADE_PROPERTY_OF: Readonly<Record<string, string>> = {
  "TENSILE-RT/Rm": "tensileStrength",
  "TENSILE-RT/Rp0.2": "yieldStrength",
  "TENSILE-RT/ReH": "yieldStrength",
  "TENSILE-RT/A": "elongation",
  "TENSILE-RT/Z": "reductionOfArea",
  "HARD-HBW/HBW": "hardnessHBW",
  "HARD-HRC/HRC": "hardnessHRC",
};
