import { z } from "zod";
import { texts as t } from "../../../http/messages.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { geoCodeLines, geoIssues } from "./geo-check.ts";
import { zodInputIssues } from "./zod-issues.ts";

/** A parametric part for gmsh: flat scalars so the graphical form can show them (api/modules/tasks/form.ts). */
export const gmshParamsSchema = z.object({
  shape: z.enum(["box", "cylinder", "plateWithHole"]).default("box"),
  /** 3: a solid meshed with tetrahedra; 2: its plan (rectangle, disc, plate with hole) meshed with triangles. */
  dimension: z.number().int().min(2).max(3).default(3),
  lengthMm: z.number().positive().max(10_000).default(100),
  widthMm: z.number().positive().max(10_000).default(40),
  heightMm: z.number().positive().max(10_000).default(10),
  radiusMm: z.number().positive().max(10_000).default(10),
  meshSizeMm: z.number().positive().max(10_000).default(5),
  elementOrder: z.number().int().min(1).max(2).default(1),
});
export type GmshParams = z.infer<typeof gmshParamsSchema>;

export const gmshExample: GmshParams = gmshParamsSchema.parse({ shape: "plateWithHole", dimension: 3, lengthMm: 100, widthMm: 40, heightMm: 10, radiusMm: 10, meshSizeMm: 5, elementOrder: 1 });

/** More cells than this would take minutes and a file too big to preview; the form says so instead. */
const MAX_ESTIMATED_CELLS = 300_000;


/** Rough cell count: volume (or area) over a cell's; tetrahedra are about a sixth of h³. */
export function estimatedCells(p: GmshParams): number {
  const h = p.meshSizeMm;
  const area = p.shape === "cylinder" ? Math.PI * p.radiusMm ** 2 : p.lengthMm * p.widthMm;
  return p.dimension === 3 ? (6 * area * p.heightMm) / h ** 3 : (2 * area) / h ** 2;
}

/** Checks what zod cannot: the hole fits in the plate, the mesh is not absurdly fine. */
export function validateGmshParams(raw: unknown): GmshParams {
  const r = gmshParamsSchema.safeParse(raw);
  if (!r.success) {
    throw new AppInputError(zodInputIssues(r.error));
  }
  const p = r.data;
  const issues: InputIssue[] = [];
  if (p.shape === "plateWithHole" && 2 * p.radiusMm >= Math.min(p.lengthMm, p.widthMm)) {
    issues.push({
      field: "radiusMm",
      text: t("孔径必须小于板的长度和宽度", "the hole's diameter must be smaller than the plate's length and width", "el diámetro del agujero debe ser menor que el largo y el ancho de la placa", "穴の直径は板の長さと幅より小さくしてください"),
    });
  }
  if (estimatedCells(p) > MAX_ESTIMATED_CELLS) {
    issues.push({
      field: "meshSizeMm",
      text: t(
        `网格尺寸过小：约 ${Math.round(estimatedCells(p))} 个单元，上限 ${MAX_ESTIMATED_CELLS}`,
        `mesh size too small: about ${Math.round(estimatedCells(p))} cells, at most ${MAX_ESTIMATED_CELLS}`,
        `tamaño de malla demasiado pequeño: unas ${Math.round(estimatedCells(p))} celdas, como máximo ${MAX_ESTIMATED_CELLS}`,
        `メッシュサイズが小さすぎます：約 ${Math.round(estimatedCells(p))} 要素、上限 ${MAX_ESTIMATED_CELLS}`,
      ),
    });
  }
  if (issues.length) throw new AppInputError(issues);
  return p;
}

/** The shape's OpenCASCADE commands; 2D shapes lie in the z = 0 plane. */
function shapeCommands(p: GmshParams): string[] {
  const { lengthMm: L, widthMm: W, heightMm: H, radiusMm: R } = p;
  const solid = p.dimension === 3;
  switch (p.shape) {
    case "box":
      return [solid ? `Box(1) = {0, 0, 0, ${L}, ${W}, ${H}};` : `Rectangle(1) = {0, 0, 0, ${L}, ${W}};`];
    case "cylinder":
      return [solid ? `Cylinder(1) = {0, 0, 0, 0, 0, ${H}, ${R}};` : `Disk(1) = {0, 0, 0, ${R}, ${R}};`];
    case "plateWithHole": {
      const kind = solid ? "Volume" : "Surface";
      return solid
        ? [`Box(1) = {0, 0, 0, ${L}, ${W}, ${H}};`, `Cylinder(2) = {${L / 2}, ${W / 2}, 0, 0, 0, ${H}, ${R}};`, `BooleanDifference(3) = { ${kind}{1}; Delete; }{ ${kind}{2}; Delete; };`]
        : [`Rectangle(1) = {0, 0, 0, ${L}, ${W}};`, `Disk(2) = {${L / 2}, ${W / 2}, 0, ${R}, ${R}};`, `BooleanDifference(3) = { ${kind}{1}; Delete; }{ ${kind}{2}; Delete; };`];
    }
  }
}

/** The .geo script gmsh meshes (the job always runs `gmsh -3`, which stops at the highest dimension present). */
export function renderGeo(p: GmshParams): string {
  return [
    `// Ferrum gmsh: ${p.shape}, ${p.dimension}D, mesh size ${p.meshSizeMm} mm, order ${p.elementOrder}`,
    `SetFactory("OpenCASCADE");`,
    ...shapeCommands(p),
    `Mesh.MeshSizeMax = ${p.meshSizeMm};`,
    `Mesh.MeshSizeMin = ${p.meshSizeMm / 10};`,
    `Mesh.ElementOrder = ${p.elementOrder};`,
    "",
  ].join("\n");
}

const noGeometryText = t(
  "脚本中没有几何体（Point、Line、Rectangle、Box、Cylinder 等）或 Include/Merge",
  "the script defines no geometry (Point, Line, Rectangle, Box, Cylinder…) and includes or merges none",
  "el script no define geometría (Point, Line, Rectangle, Box, Cylinder…) ni incluye o fusiona ninguna",
  "スクリプトに形状（Point、Line、Rectangle、Box、Cylinder など）も Include/Merge もありません",
);

/** A user's .geo: refused when unsafe or empty, else the settings it states (order, mesh size, dimension) over the defaults. */
export function parseGeoDeck(text: string): GmshParams {
  const issues = geoIssues(text, "model.geo");
  const code = geoCodeLines(text).join("\n");
  if (!/\b(Point|Line|Circle|Spline|BSpline|Rectangle|Disk|Box|Cylinder|Sphere|Cone|Torus|Wedge|Include|Merge|ShapeFromFile|Extrude)\b/.test(code)) {
    issues.push({ field: "model.geo", text: noGeometryText });
  }
  if (issues.length) throw new AppInputError(issues);
  const num = (re: RegExp) => {
    const m = re.exec(code);
    return m ? Number(m[1]) : undefined;
  };
  const order = num(/Mesh\.ElementOrder\s*=\s*([0-9]+)/);
  const size = num(/Mesh\.(?:MeshSizeMax|CharacteristicLengthMax)\s*=\s*([0-9.eE+-]+)/);
  const solid = /\b(Box|Cylinder|Sphere|Cone|Torus|Wedge|Volume)\b/.test(code);
  // A setting outside the form's range (order 3, a huge size) is the script's own business: the default stays.
  const shape = gmshParamsSchema.shape;
  const found = { dimension: solid ? 3 : 2, elementOrder: order, meshSizeMm: size };
  return gmshParamsSchema.parse(Object.fromEntries(Object.entries(found).filter(([k, v]) => v !== undefined && shape[k as keyof typeof shape].safeParse(v).success)));
}
