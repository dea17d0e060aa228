import type { FieldLabel } from "../types.ts";

/** The CalculiX params as the graphical form names them. */
export const calculixFieldLabels: Record<string, FieldLabel> = {
  shape: {
    label: { zh: "构件", en: "Part", es: "Pieza", ja: "部材" },
    options: {
      beam: { zh: "梁", en: "Beam", es: "Viga", ja: "はり" },
      plate: { zh: "板", en: "Plate", es: "Placa", ja: "板" },
    },
    help: {
      zh: "beam：梁（截面至少 2×2 个单元）；plate：板（厚度方向可只有 1 个单元）",
      en: "beam: at least 2×2 elements across the section; plate: possibly 1 element through the thickness",
      es: "beam: viga, al menos 2×2 elementos en la sección; plate: placa, puede tener 1 elemento en el espesor",
      ja: "beam：はり（断面に 2×2 要素以上）、plate：板（厚さ方向は 1 要素でも可）",
    },
  },
  analysis: {
    label: { zh: "分析类型", en: "Analysis", es: "Análisis", ja: "解析の種類" },
    options: {
      static: { zh: "静力分析", en: "Static", es: "Estático", ja: "静解析" },
      heat: { zh: "稳态传热", en: "Steady heat transfer", es: "Transferencia de calor estacionaria", ja: "定常伝熱" },
    },
    help: {
      zh: "static：x = 0 端固支，x = L 端受 −z 向集中力；heat：稳态导热，均匀体热源，两端保持 T0，侧面绝热",
      en: "static: clamped at x = 0, a tip load in −z at x = L; heat: steady conduction with a uniform source, both ends held at T0, insulated sides",
      es: "static: empotrada en x = 0, carga en la punta en −z en x = L; heat: conducción estacionaria con fuente uniforme, ambos extremos a T0, caras laterales aisladas",
      ja: "static：x = 0 端を固定、x = L 端に −z 方向の先端荷重。heat：一様な発熱を伴う定常熱伝導、両端を T0 に保持、側面は断熱",
    },
  },
  lengthMm: { label: { zh: "长度 L（x）", en: "Length L (x)", es: "Longitud L (x)", ja: "長さ L（x）" }, unit: "mm" },
  widthMm: { label: { zh: "宽度（y）", en: "Width (y)", es: "Anchura (y)", ja: "幅（y）" }, unit: "mm" },
  heightMm: { label: { zh: "高度/厚度（z）", en: "Height or thickness (z)", es: "Altura o espesor (z)", ja: "高さ・厚さ（z）" }, unit: "mm" },
  youngsModulusGpa: { label: { zh: "弹性模量 E", en: "Young's modulus E", es: "Módulo de Young E", ja: "ヤング率 E" }, unit: "GPa" },
  poissonRatio: { label: { zh: "泊松比 ν", en: "Poisson's ratio ν", es: "Coeficiente de Poisson ν", ja: "ポアソン比 ν" } },
  conductivityWmK: { label: { zh: "热导率 k", en: "Thermal conductivity k", es: "Conductividad térmica k", ja: "熱伝導率 k" }, unit: "W/(m·K)" },
  tipForceN: { label: { zh: "端部载荷（−z 向）", en: "Tip load (in −z)", es: "Carga en la punta (en −z)", ja: "先端荷重（−z 方向）" }, unit: "N", help: { zh: "仅用于 static", en: "static only", es: "solo static", ja: "static のみ" } },
  heatSourceWm3: { label: { zh: "体积热源 q", en: "Volumetric heat source q", es: "Fuente de calor volumétrica q", ja: "体積発熱 q" }, unit: "W/m³", help: { zh: "仅用于 heat", en: "heat only", es: "solo heat", ja: "heat のみ" } },
  endTemperatureC: { label: { zh: "两端温度 T0", en: "End temperature T0", es: "Temperatura de los extremos T0", ja: "両端の温度 T0" }, unit: "°C", help: { zh: "仅用于 heat", en: "heat only", es: "solo heat", ja: "heat のみ" } },
  meshSizeMm: {
    label: { zh: "网格尺寸", en: "Mesh size", es: "Tamaño de malla", ja: "メッシュサイズ" },
    unit: "mm",
    help: { zh: "二次六面体单元（C3D20R）的边长上限；单元总数不超过 6000", en: "The largest edge of the quadratic bricks (C3D20R); at most 6000 elements", es: "La arista máxima de los hexaedros cuadráticos (C3D20R); como máximo 6000 elementos", ja: "二次六面体要素（C3D20R）の辺の長さの上限。要素数は 6000 以下" },
  },
};
