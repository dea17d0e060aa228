import { z } from "zod";
import { texts as t } from "../../../http/messages.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { zodInputIssues } from "../gmsh/zod-issues.ts";
import { divisionsFor } from "./box-mesh.ts";

/**
 * A bar meshed with quadratic bricks, clamped or held at T0 at its ends. Units are consistent for CalculiX:
 * mm, N, MPa (N/mm²), s, and W/(m·K) for conductivity, W/m³ for the heat source (converted when rendered).
 */
export const calculixParamsSchema = z.object({
  shape: z.enum(["beam", "plate"]).default("beam"),
  analysis: z.enum(["static", "heat"]).default("static"),
  lengthMm: z.number().positive().max(100_000).default(100),
  widthMm: z.number().positive().max(100_000).default(10),
  heightMm: z.number().positive().max(100_000).default(10),
  youngsModulusGpa: z.number().positive().max(2000).default(210),
  poissonRatio: z.number().min(0).lt(0.5).default(0.3),
  conductivityWmK: z.number().positive().max(10_000).default(50),
  /** Static: the tip load on the free end (x = L), pointing −z. */
  tipForceN: z.number().min(-1e9).max(1e9).default(100),
  /** Heat: the uniform volumetric source. */
  heatSourceWm3: z.number().min(-1e12).max(1e12).default(1e6),
  /** Heat: the temperature both ends are held at (°C). */
  endTemperatureC: z.number().min(-273.15).max(5000).default(20),
  meshSizeMm: z.number().positive().max(100_000).default(2.5),
});
export type CalculixParams = z.infer<typeof calculixParamsSchema>;

/** The form's example: the default cantilever with 5 mm bricks, so the instruction mode's example deck stays ~20 KB. */
export const calculixExample: CalculixParams = calculixParamsSchema.parse({ meshSizeMm: 5 });

/** More bricks than this give a deck of several MB and minutes of solving on a shared node. */
export const MAX_ELEMENTS = 6000;


/** Elements along x, y and z: a beam keeps 2 across each side, a plate 1 through its thickness. */
export function meshDivisions(p: CalculixParams): [number, number, number] {
  const across = p.shape === "beam" ? 2 : 1;
  return [divisionsFor(p.lengthMm, p.meshSizeMm, 2), divisionsFor(p.widthMm, p.meshSizeMm, 2), divisionsFor(p.heightMm, p.meshSizeMm, across)];
}

export function validateCalculixParams(raw: unknown): CalculixParams {
  const r = calculixParamsSchema.safeParse(raw);
  if (!r.success) {
    throw new AppInputError(zodInputIssues(r.error));
  }
  const p = r.data;
  const issues: InputIssue[] = [];
  const [nx, ny, nz] = meshDivisions(p);
  const n = nx * ny * nz;
  if (n > MAX_ELEMENTS) {
    issues.push({
      field: "meshSizeMm",
      text: t(
        `网格尺寸过小：${nx}×${ny}×${nz} = ${n} 个单元，上限 ${MAX_ELEMENTS}`,
        `mesh size too small: ${nx}×${ny}×${nz} = ${n} elements, at most ${MAX_ELEMENTS}`,
        `tamaño de malla demasiado pequeño: ${nx}×${ny}×${nz} = ${n} elementos, como máximo ${MAX_ELEMENTS}`,
        `メッシュサイズが小さすぎます：${nx}×${ny}×${nz} = ${n} 要素、上限 ${MAX_ELEMENTS}`,
      ),
    });
  }
  if (issues.length) throw new AppInputError(issues);
  return p;
}
