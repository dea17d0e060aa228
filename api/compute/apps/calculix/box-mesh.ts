/**
 * A structured mesh of a box [0,L]×[0,W]×[0,H] with 20-node quadratic hexahedra (CalculiX C3D20R), written in
 * TypeScript rather than by gmsh: gmsh's .inp export gives tetrahedra or C3D20 plus surface elements ccx must
 * not get, and regular quadratic bricks give the beam's bending within a fraction of a percent.
 */

export interface BoxMesh {
  /** Node id → coordinates (mm). */
  nodes: Map<number, [number, number, number]>;
  /** Each element's 20 node ids in CalculiX order (corners, then midsides of the bottom, top and vertical edges). */
  elements: number[][];
  divisions: [number, number, number];
  /** Node ids on the faces x = 0 and x = L, and along the axis line (y, z nearest the centre). */
  fixedEnd: number[];
  freeEnd: number[];
  axis: number[];
  /** The free end's nodes with the share of a uniform traction each carries (consistent loads; they sum to 1). */
  freeEndWeights: Map<number, number>;
}

// Corner and midside positions of a C3D20 element in the doubled index grid (2 steps per element edge).
const C3D20_OFFSETS: Array<[number, number, number]> = [
  [0, 0, 0], [2, 0, 0], [2, 2, 0], [0, 2, 0], [0, 0, 2], [2, 0, 2], [2, 2, 2], [0, 2, 2],
  [1, 0, 0], [2, 1, 0], [1, 2, 0], [0, 1, 0], [1, 0, 2], [2, 1, 2], [1, 2, 2], [0, 1, 2],
  [0, 0, 1], [2, 0, 1], [2, 2, 1], [0, 2, 1],
];

/** Elements along each side: the side over the mesh size, rounded up, at least `min` (2 across a beam bends well). */
export const divisionsFor = (side: number, size: number, min: number) => Math.max(min, Math.ceil(side / size - 1e-9));

export function boxMesh(L: number, W: number, H: number, nx: number, ny: number, nz: number): BoxMesh {
  const ids = new Map<number, number>();
  const nodes = new Map<number, [number, number, number]>();
  const [gx, gy, gz] = [2 * nx + 1, 2 * ny + 1, 2 * nz + 1];
  const key = (i: number, j: number, k: number) => (k * gy + j) * gx + i;
  // A serendipity brick has no face- or body-centre nodes: a grid point is a node when at most one index is odd.
  for (let k = 0; k < gz; k++)
    for (let j = 0; j < gy; j++)
      for (let i = 0; i < gx; i++) {
        if ((i % 2) + (j % 2) + (k % 2) > 1) continue;
        const id = nodes.size + 1;
        ids.set(key(i, j, k), id);
        nodes.set(id, [(L * i) / (2 * nx), (W * j) / (2 * ny), (H * k) / (2 * nz)]);
      }
  const elements: number[][] = [];
  for (let ez = 0; ez < nz; ez++)
    for (let ey = 0; ey < ny; ey++)
      for (let ex = 0; ex < nx; ex++) elements.push(C3D20_OFFSETS.map(([a, b, c]) => ids.get(key(2 * ex + a, 2 * ey + b, 2 * ez + c))!));

  const onPlane = (i: number) => {
    const out: number[] = [];
    for (let k = 0; k < gz; k++) for (let j = 0; j < gy; j++) if (ids.has(key(i, j, k))) out.push(ids.get(key(i, j, k))!);
    return out;
  };
  // Even indices always hold nodes along x; the centre when ny and nz are even, the nearest grid line otherwise.
  const jc = 2 * Math.round(ny / 2);
  const kc = 2 * Math.round(nz / 2);
  const axis: number[] = [];
  for (let i = 0; i < gx; i++) axis.push(ids.get(key(i, jc, kc))!);

  // Consistent loads of a uniform traction on 8-node faces: corners −1/12, midsides +1/3 of each face's share.
  const freeEndWeights = new Map<number, number>();
  const faceShare = 1 / (ny * nz);
  const add = (id: number, w: number) => freeEndWeights.set(id, (freeEndWeights.get(id) ?? 0) + w * faceShare);
  for (let fz = 0; fz < nz; fz++)
    for (let fy = 0; fy < ny; fy++) {
      const at = (b: number, c: number) => ids.get(key(gx - 1, 2 * fy + b, 2 * fz + c))!;
      for (const [b, c] of [[0, 0], [2, 0], [2, 2], [0, 2]]) add(at(b, c), -1 / 12);
      for (const [b, c] of [[1, 0], [2, 1], [1, 2], [0, 1]]) add(at(b, c), 1 / 3);
    }
  return { nodes, elements, divisions: [nx, ny, nz], fixedEnd: onPlane(0), freeEnd: onPlane(gx - 1), axis, freeEndWeights };
}
