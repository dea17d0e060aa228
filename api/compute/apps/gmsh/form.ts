import type { FieldLabel } from "../types.ts";

/** The gmsh params as the graphical form names them. */
export const gmshFieldLabels: Record<string, FieldLabel> = {
  shape: {
    label: { zh: "形状", en: "Shape", es: "Forma", ja: "形状" },
    options: {
      box: { zh: "长方体", en: "Block", es: "Bloque", ja: "直方体" },
      cylinder: { zh: "圆柱", en: "Cylinder", es: "Cilindro", ja: "円柱" },
      plateWithHole: { zh: "带孔板", en: "Plate with a hole", es: "Placa con agujero", ja: "穴あき板" },
    },
    help: {
      zh: "box：长方体（二维为矩形）；cylinder：圆柱（二维为圆盘）；plateWithHole：中心带圆孔的板",
      en: "box: a block (a rectangle in 2D); cylinder: a cylinder (a disc in 2D); plateWithHole: a plate with a central round hole",
      es: "box: un bloque (un rectángulo en 2D); cylinder: un cilindro (un disco en 2D); plateWithHole: una placa con un agujero redondo central",
      ja: "box：直方体（2次元では長方形）、cylinder：円柱（2次元では円板）、plateWithHole：中央に円孔のある板",
    },
  },
  dimension: {
    label: { zh: "维数", en: "Dimension", es: "Dimensión", ja: "次元" },
    help: { zh: "3：实体四面体网格；2：平面三角形网格", en: "3: a solid meshed with tetrahedra; 2: its plan meshed with triangles", es: "3: un sólido mallado con tetraedros; 2: su planta mallada con triángulos", ja: "3：四面体による立体メッシュ、2：三角形による平面メッシュ" },
  },
  lengthMm: { label: { zh: "长度（x）", en: "Length (x)", es: "Longitud (x)", ja: "長さ（x）" }, unit: "mm" },
  widthMm: { label: { zh: "宽度（y）", en: "Width (y)", es: "Anchura (y)", ja: "幅（y）" }, unit: "mm" },
  heightMm: { label: { zh: "高度/厚度（z）", en: "Height or thickness (z)", es: "Altura o espesor (z)", ja: "高さ・厚さ（z）" }, unit: "mm" },
  radiusMm: { label: { zh: "半径（圆柱、孔）", en: "Radius (cylinder, hole)", es: "Radio (cilindro, agujero)", ja: "半径（円柱・穴）" }, unit: "mm" },
  meshSizeMm: { label: { zh: "网格尺寸", en: "Mesh size", es: "Tamaño de malla", ja: "メッシュサイズ" }, unit: "mm", help: { zh: "单元边长的上限", en: "The largest element edge", es: "La arista de elemento más larga", ja: "要素の辺の長さの上限" } },
  elementOrder: { label: { zh: "单元阶次", en: "Element order", es: "Orden de los elementos", ja: "要素次数" }, help: { zh: "1：线性单元；2：二次单元（带中间节点）", en: "1: linear; 2: quadratic (midside nodes)", es: "1: lineales; 2: cuadráticos (nodos intermedios)", ja: "1：一次要素、2：二次要素（中間節点あり）" } },
};
