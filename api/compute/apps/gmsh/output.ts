import fs from "node:fs/promises";
import path from "node:path";
import { texts as t } from "../../../http/messages.ts";
import type { ResultFile, ResultScalar, TaskProgress, TaskResult } from "../types.ts";
import { boundaryFaces, meshSvg, type Cell, type CellKind } from "./mesh-view.ts";
import { countByType, parseMsh2, type MshMesh } from "./msh.ts";

/** Gmsh type numbers of each drawable kind (orders 1 and 2); points and lines are not drawn. */
const KIND_OF_TYPE: Record<number, CellKind> = { 2: "tri", 9: "tri", 3: "quad", 10: "quad", 16: "quad", 4: "tet", 11: "tet", 5: "hex", 12: "hex", 17: "hex", 6: "prism", 13: "prism", 18: "prism", 7: "pyramid", 14: "pyramid", 19: "pyramid" };
const CORNERS: Record<CellKind, number> = { tri: 3, quad: 4, tet: 4, hex: 8, prism: 6, pyramid: 5 };

/** The mesh's cells by their corners, for pictures. */
export function mshCells(mesh: MshMesh): Cell[] {
  const cells: Cell[] = [];
  for (const e of mesh.elements) {
    const kind = KIND_OF_TYPE[e.type];
    if (kind) cells.push({ kind, corners: e.nodes.slice(0, CORNERS[kind]) });
  }
  return cells;
}

/** The quality gmsh reports after optimising a tetrahedral mesh (its last "worst = … / average = …" line). */
export function gmshQuality(log: string): { worst: number; average: number } | null {
  const all = [...log.matchAll(/worst = ([0-9.eE+-]+) \/ average = ([0-9.eE+-]+)/g)];
  if (!all.length) return null;
  const last = all[all.length - 1];
  const worst = Number(last[1]);
  const average = Number(last[2]);
  return Number.isFinite(worst) && Number.isFinite(average) ? { worst, average } : null;
}

const L = {
  nodes: t("节点数", "Nodes", "Nodos", "節点数"),
  elements: t("单元总数（含点、线、面）", "Elements (points, lines and faces included)", "Elementos (puntos, líneas y caras incluidos)", "要素数（点・線・面を含む）"),
  cells: t("最高维单元数", "Cells of the highest dimension", "Celdas de la dimensión más alta", "最高次元の要素数"),
  dimension: t("网格维数", "Mesh dimension", "Dimensión de la malla", "メッシュの次元"),
  worst: t("最差单元质量", "Worst element quality", "Peor calidad de elemento", "最悪の要素品質"),
  average: t("平均单元质量", "Average element quality", "Calidad media de elemento", "平均要素品質"),
  table: t("各类型单元数", "Elements by type", "Elementos por tipo", "要素タイプ別の数"),
  type: t("单元类型", "Element type", "Tipo de elemento", "要素タイプ"),
  dim: t("维数", "Dimension", "Dimensión", "次元"),
  count: t("数量", "Count", "Cantidad", "数"),
  preview: t("网格预览", "Mesh preview", "Vista previa de la malla", "メッシュのプレビュー"),
};

/** Files offered for download when the run wrote them. */
const OFFERED = ["mesh.msh", "mesh.inp", "model.geo", "preview.svg", "stdout.log", "stderr.log"];

export async function offeredFiles(workDir: string, names: string[]): Promise<ResultFile[]> {
  const files: ResultFile[] = [];
  for (const p of names) {
    try {
      files.push({ path: p, bytes: (await fs.stat(path.join(workDir, p))).size });
    } catch {
      // not written by this run (an empty stderr may be absent)
    }
  }
  return files;
}

const readOr = (p: string) => fs.readFile(p, "utf8").catch(() => "");

/** Reads a finished gmsh run: mesh statistics from mesh.msh, quality from the log, and the preview it draws. */
export async function readGmshResult(workDir: string): Promise<TaskResult> {
  let text: string;
  try {
    text = await fs.readFile(path.join(workDir, "mesh.msh"), "utf8");
  } catch (e) {
    throw new Error(`mesh.msh unreadable: ${(e as Error).message}`);
  }
  const mesh = parseMsh2(text);
  if (!mesh.nodes.size) throw new Error("gmsh wrote an empty mesh (no nodes): does the script define any geometry?");
  const byType = countByType(mesh);
  const dimension = Math.max(...byType.map((b) => b.dim));
  const scalars: ResultScalar[] = [
    { key: "nodes", label: L.nodes, value: mesh.nodes.size, unit: "" },
    { key: "elements", label: L.elements, value: mesh.elements.length, unit: "" },
    { key: "cells", label: L.cells, value: byType.filter((b) => b.dim === dimension).reduce((s, b) => s + b.count, 0), unit: "" },
    { key: "dimension", label: L.dimension, value: dimension, unit: "" },
  ];
  const quality = gmshQuality(await readOr(path.join(workDir, "stdout.log")));
  if (quality) scalars.push({ key: "worstQuality", label: L.worst, value: quality.worst, unit: "" }, { key: "averageQuality", label: L.average, value: quality.average, unit: "" });

  await fs.writeFile(path.join(workDir, "preview.svg"), meshSvg({ nodes: mesh.nodes, faces: boundaryFaces(mshCells(mesh)) }));
  return {
    scalars,
    series: [],
    tables: [{ key: "elementsByType", label: L.table, columns: [{ label: L.type, unit: "" }, { label: L.dim, unit: "" }, { label: L.count, unit: "" }], rows: byType.map((b) => [b.type, b.dim, b.count]) }],
    files: await offeredFiles(workDir, OFFERED),
    images: [{ key: "preview", label: L.preview, path: "preview.svg" }],
  };
}

/** While gmsh runs: the highest dimension it has finished meshing, from its log (never throws). */
export async function readGmshProgress(workDir: string): Promise<TaskProgress> {
  const log = await readOr(path.join(workDir, "stdout.log"));
  const done = [...log.matchAll(/Done meshing (\d)D/g)].map((m) => Number(m[1]));
  const scalars: ResultScalar[] = done.length ? [{ key: "dimensionMeshed", label: t("已完成的网格维数", "Dimension meshed so far", "Dimensión mallada hasta ahora", "メッシュ生成済みの次元"), value: Math.max(...done), unit: "" }] : [];
  const counts = /Info\s*:\s*(\d+) nodes (\d+) elements/.exec(log);
  if (counts) scalars.push({ key: "nodes", label: L.nodes, value: Number(counts[1]), unit: "" }, { key: "elements", label: L.elements, value: Number(counts[2]), unit: "" });
  return { series: [], scalars };
}
