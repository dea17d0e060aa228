import { boxMesh } from "./box-mesh.ts";
import { meshDivisions, type CalculixParams } from "./params.ts";

/** ccx reads free-format numbers; 10 significant digits keep the mesh exact enough and the deck short. */
const num = (v: number) => (Number.isInteger(v) ? `${v}.` : Number(v.toPrecision(10)).toString());

/** Ids 16 to a line, as ccx's *NSET data lines may hold them. */
const idLines = (ids: number[]) => {
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += 16) out.push(ids.slice(i, i + 16).join(", ") + ",");
  return out;
};

/** The CalculiX input deck of a graphical task: mesh, material, ends, load, and what ccx prints and stores. */
export function renderInp(p: CalculixParams): string {
  const [nx, ny, nz] = meshDivisions(p);
  const m = boxMesh(p.lengthMm, p.widthMm, p.heightMm, nx, ny, nz);
  const out: string[] = [
    "*HEADING",
    `Ferrum calculix: ${p.shape} ${p.lengthMm} x ${p.widthMm} x ${p.heightMm} mm, ${p.analysis}, ${nx}x${ny}x${nz} C3D20R (units mm, N, MPa, s)`,
    "*NODE, NSET=NALL",
  ];
  for (const [id, [x, y, z]] of m.nodes) out.push(`${id}, ${num(x)}, ${num(y)}, ${num(z)}`);
  out.push("*ELEMENT, TYPE=C3D20R, ELSET=EALL");
  m.elements.forEach((e, k) => {
    // ccx allows 16 entries per line: the element id and 15 nodes, the other 5 on a continuation line.
    out.push(`${k + 1}, ${e.slice(0, 15).join(", ")},`, e.slice(15).join(", "));
  });
  out.push("*NSET, NSET=NFIX", ...idLines(m.fixedEnd), "*NSET, NSET=NTIP", ...idLines(m.freeEnd), "*NSET, NSET=NAXIS", ...idLines(m.axis));
  out.push("*MATERIAL, NAME=MAT", "*ELASTIC", `${num(p.youngsModulusGpa * 1000)}, ${num(p.poissonRatio)}`);
  // W/(m·K) = N/(s·K) whether lengths are in m or mm: the number stays; W/m³ = 1e-6 N·mm/(s·mm³).
  out.push("*CONDUCTIVITY", num(p.conductivityWmK), "*SOLID SECTION, ELSET=EALL, MATERIAL=MAT", "*STEP");
  if (p.analysis === "static") {
    out.push("*STATIC", "*BOUNDARY", "NFIX, 1, 3", "*CLOAD");
    for (const [id, w] of m.freeEndWeights) out.push(`${id}, 3, ${num(-p.tipForceN * w)}`);
    out.push("*NODE PRINT, NSET=NAXIS", "U", "*NODE FILE", "U", "*EL FILE", "S");
  } else {
    out.push("*HEAT TRANSFER, STEADY STATE", "1., 1.", "*BOUNDARY", `NFIX, 11, 11, ${num(p.endTemperatureC)}`, `NTIP, 11, 11, ${num(p.endTemperatureC)}`);
    out.push("*DFLUX", `EALL, BF, ${num(p.heatSourceWm3 * 1e-6)}`, "*NODE PRINT, NSET=NAXIS", "NT", "*NODE FILE", "NT", "*EL FILE", "HFL");
  }
  out.push("*END STEP", "");
  return out.join("\n");
}
