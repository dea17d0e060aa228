/** The CALPHAD mapping library entry: binary T–x phase diagrams with their invariant reactions. */
export { binaryDiagram } from "./diagram.ts";
export type { BinaryDiagram, BinaryDiagramOptions, Boundary, BoundaryPoint, Invariant, InvariantKind, RegionLabel } from "./types.ts";
