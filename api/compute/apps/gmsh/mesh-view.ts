/**
 * Pictures of a mesh the platform draws itself (no plotting dependency): the boundary faces of a volume mesh (or
 * the cells of a surface mesh) projected orthographically, filled with a light shade or a colour map of a nodal
 * value, as a standalone SVG. Shared by the gmsh preview and the CalculiX contour.
 */

export type Vec3 = [number, number, number];
export type CellKind = "tri" | "quad" | "tet" | "hex" | "prism" | "pyramid";
/** A cell by its corner nodes only (midside nodes of quadratic elements are left out: the faces are drawn flat). */
export interface Cell {
  kind: CellKind;
  corners: number[];
}

/** Faces of each volume kind as local corner indices (gmsh and Abaqus/CalculiX number corners alike). */
const FACES: Record<"tet" | "hex" | "prism" | "pyramid", number[][]> = {
  tet: [[0, 1, 2], [0, 1, 3], [1, 2, 3], [0, 2, 3]],
  hex: [[0, 1, 2, 3], [4, 5, 6, 7], [0, 1, 5, 4], [1, 2, 6, 5], [2, 3, 7, 6], [3, 0, 4, 7]],
  prism: [[0, 1, 2], [3, 4, 5], [0, 1, 4, 3], [1, 2, 5, 4], [2, 0, 3, 5]],
  pyramid: [[0, 1, 2, 3], [0, 1, 4], [1, 2, 4], [2, 3, 4], [3, 0, 4]],
};
const CORNERS: Record<CellKind, number> = { tri: 3, quad: 4, tet: 4, hex: 8, prism: 6, pyramid: 5 };
export const cornerCount = (kind: CellKind) => CORNERS[kind];

/**
 * What is seen of a mesh from outside: the faces of volume cells that belong to one cell only; a mesh without
 * volume cells shows its surface cells.
 */
export function boundaryFaces(cells: Cell[]): number[][] {
  const volumes = cells.filter((c) => c.kind !== "tri" && c.kind !== "quad");
  if (!volumes.length) return cells.map((c) => c.corners);
  const seen = new Map<string, { face: number[]; n: number }>();
  for (const c of volumes) {
    for (const local of FACES[c.kind as keyof typeof FACES]) {
      const face = local.map((k) => c.corners[k]);
      const key = [...face].sort((a, b) => a - b).join(",");
      const s = seen.get(key);
      if (s) s.n++;
      else seen.set(key, { face, n: 1 });
    }
  }
  return [...seen.values()].filter((s) => s.n === 1).map((s) => s.face);
}

export interface MeshPicture {
  nodes: Map<number, Vec3>;
  faces: number[][];
  /** A value per node: faces are coloured by the mean of their corners and a colour bar is drawn. */
  values?: Map<number, number>;
  /** Unit under the colour bar. */
  unit?: string;
  /** One short line at the top left (e.g. the deformation scale); numbers and symbols only, it is not translated. */
  note?: string;
}

const W = 800;
const H = 500;
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: Vec3): Vec3 => {
  const l = Math.hypot(...a) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

/** A rainbow from blue (low) to red (high), as FE post-processors colour contours. */
export function rainbow(t: number): string {
  const s = Math.min(1, Math.max(0, t));
  const stops: Vec3[] = [[48, 18, 200], [30, 140, 230], [40, 200, 120], [240, 220, 40], [220, 40, 30]];
  const x = s * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  const c = stops[i].map((v, k) => Math.round(v + (stops[i + 1][k] - v) * f));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

/** Numbers for the colour bar: 4 significant digits, exponent form when very large or small. */
export function formatTick(v: number): string {
  if (v === 0) return "0";
  const a = Math.abs(v);
  return a >= 1e5 || a < 1e-3 ? v.toExponential(3) : Number(v.toPrecision(4)).toString();
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The SVG text of a mesh picture. A flat mesh (no extent in z) is drawn in plan view, x right and y up; any
 * other from above, front and right so that three sides of a box show. Faces are painted far to near.
 */
export function meshSvg(p: MeshPicture): string {
  const pts = [...p.nodes.values()];
  const ext = [0, 1, 2].map((k) => {
    let lo = Infinity;
    let hi = -Infinity;
    for (const q of pts) {
      lo = Math.min(lo, q[k]);
      hi = Math.max(hi, q[k]);
    }
    return hi - lo;
  });
  const size = Math.max(...ext, 1e-30);
  const flat = ext[2] <= 1e-9 * size;
  // eye: direction from the model towards the viewer; right and up span the picture plane.
  const eye: Vec3 = flat ? [0, 0, 1] : unit([0.55, -1, 0.75]);
  const right: Vec3 = flat ? [1, 0, 0] : unit(cross([0, 0, 1], eye));
  const up: Vec3 = flat ? [0, 1, 0] : cross(eye, right);
  const proj = new Map<number, [number, number]>();
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [id, q] of p.nodes) {
    const u = dot(q, right);
    const v = dot(q, up);
    proj.set(id, [u, v]);
    [x0, x1, y0, y1] = [Math.min(x0, u), Math.max(x1, u), Math.min(y0, v), Math.max(y1, v)];
  }
  const hasBar = !!p.values && p.values.size > 0;
  const box = { left: 30, top: 40, width: hasBar ? 600 : 740, height: 420 };
  const scale = Math.min(box.width / Math.max(x1 - x0, 1e-30), box.height / Math.max(y1 - y0, 1e-30));
  const ox = box.left + (box.width - (x1 - x0) * scale) / 2;
  const oy = box.top + (box.height + (y1 - y0) * scale) / 2;
  const sx = (u: number) => (ox + (u - x0) * scale).toFixed(1);
  const sy = (v: number) => (oy - (v - y0) * scale).toFixed(1);

  let vmin = Infinity;
  let vmax = -Infinity;
  if (hasBar) for (const v of p.values!.values()) [vmin, vmax] = [Math.min(vmin, v), Math.max(vmax, v)];
  const span = vmax - vmin || 1;
  const light = unit([0.3, -0.5, 1]);
  const drawn = p.faces
    .filter((f) => f.every((id) => p.nodes.has(id)))
    .map((f) => {
      const q = f.map((id) => p.nodes.get(id)!);
      const n = unit(cross(sub(q[1], q[0]), sub(q[q.length - 1], q[0])));
      const depth = q.reduce((s, c) => s + dot(c, eye), 0) / q.length;
      const shade = 0.55 + 0.45 * Math.abs(dot(n, flat ? eye : light));
      let fill: string;
      if (hasBar) {
        const vs = f.map((id) => p.values!.get(id)).filter((v): v is number => v !== undefined);
        fill = vs.length ? rainbow((vs.reduce((a, b) => a + b, 0) / vs.length - vmin) / span) : "#ccc";
      } else {
        const g = Math.round(120 + 110 * shade);
        fill = `rgb(${g},${Math.round(g * 0.97)},${Math.min(255, g + 20)})`;
      }
      return { f, depth, fill };
    })
    .sort((a, b) => a.depth - b.depth);
  // Edges of small meshes are drawn; on dense ones they would hide the colours.
  const stroke = drawn.length <= 6000 ? `stroke="#333" stroke-width="${drawn.length > 2000 ? 0.25 : 0.5}"` : `stroke="none"`;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<g ${stroke} stroke-linejoin="round">`,
  ];
  for (const d of drawn) {
    const pts2 = d.f.map((id) => `${sx(proj.get(id)![0])},${sy(proj.get(id)![1])}`).join(" ");
    out.push(`<polygon points="${pts2}" fill="${d.fill}"/>`);
  }
  out.push("</g>");
  if (p.note) out.push(`<text x="12" y="22" font-size="13">${esc(p.note)}</text>`);
  // Axis triad: which way x, y and z point in the picture.
  const tx = 60;
  const ty = H - 50;
  out.push(`<g stroke-width="2" font-size="12">`);
  for (const [name, axis, colour] of [["x", [1, 0, 0], "#c0392b"], ["y", [0, 1, 0], "#27ae60"], ["z", [0, 0, 1], "#2e6bd3"]] as Array<[string, Vec3, string]>) {
    const u = dot(axis, right);
    const v = dot(axis, up);
    if (Math.hypot(u, v) < 1e-6) continue;
    const ex = tx + 30 * u;
    const ey = ty - 30 * v;
    out.push(`<line x1="${tx}" y1="${ty}" x2="${ex.toFixed(1)}" y2="${ey.toFixed(1)}" stroke="${colour}"/>`);
    out.push(`<text x="${(tx + 40 * u - 4).toFixed(1)}" y="${(ty - 40 * v + 4).toFixed(1)}" fill="${colour}" stroke="none">${name}</text>`);
  }
  out.push("</g>");
  if (hasBar) {
    const bx = 680;
    const by = 60;
    const bh = 380;
    const steps = 40;
    for (let k = 0; k < steps; k++) {
      out.push(`<rect x="${bx}" y="${(by + (bh * k) / steps).toFixed(1)}" width="22" height="${(bh / steps + 0.6).toFixed(1)}" fill="${rainbow(1 - (k + 0.5) / steps)}"/>`);
    }
    out.push(`<rect x="${bx}" y="${by}" width="22" height="${bh}" fill="none" stroke="#333"/>`);
    for (let k = 0; k <= 5; k++) {
      const y = by + bh - (bh * k) / 5;
      out.push(`<line x1="${bx + 22}" y1="${y}" x2="${bx + 27}" y2="${y}" stroke="#333"/>`);
      out.push(`<text x="${bx + 30}" y="${y + 4}">${formatTick(vmin + ((vmax - vmin) * k) / 5)}</text>`);
    }
    if (p.unit) out.push(`<text x="${bx}" y="${by - 14}">${esc(p.unit)}</text>`);
  }
  out.push("</svg>");
  return out.join("\n") + "\n";
}
