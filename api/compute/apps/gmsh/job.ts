import { shellQuote } from "../../job-shell.ts";

/** gmsh's thread count option: one per core the task was given. */
export const gmshThreads = (cores: number) => `-nt ${Math.max(1, Math.floor(cores))}`;

/**
 * The bash lines that mesh a .geo with gmsh into MSH 2.2. `-3` meshes up to the highest dimension the script
 * defines, so a 2D geometry gives its surface mesh and a solid its volume mesh.
 */
export const gmshMeshCommand = (geo: string, out: string, cores: number, format = "msh2") =>
  `gmsh -3 ${gmshThreads(cores)} ${shellQuote(geo)} -o ${shellQuote(out)} -format ${format}`;
