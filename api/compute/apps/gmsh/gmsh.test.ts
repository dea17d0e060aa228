import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { AppInputError } from "../types.ts";
import { GEO_FORBIDDEN_GREP, geoIssues } from "./geo-check.ts";
import { boundaryFaces, meshSvg } from "./mesh-view.ts";
import { countByType, parseMsh2 } from "./msh.ts";
import { gmshQuality, mshCells, readGmshProgress, readGmshResult } from "./output.ts";
import { parseGeoDeck, renderGeo, validateGmshParams } from "./params.ts";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
const read = (p: string) => fs.readFileSync(path.join(FIXTURES, p), "utf8");
const tmpDirs: string[] = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "gmsh-unit-"));
  tmpDirs.push(d);
  return d;
};
afterAll(() => tmpDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("parseMsh2 (gmsh 4.8 output)", () => {
  it("reads a 3D plate with a hole: nodes and elements of every dimension", () => {
    const mesh = parseMsh2(read("plate-hole-3d.msh"));
    expect(mesh.nodes.size).toBe(185);
    expect(countByType(mesh)).toEqual([
      { type: "line2", dim: 1, count: expect.any(Number) },
      { type: "triangle3", dim: 2, count: expect.any(Number) },
      { type: "tetra4", dim: 3, count: 445 },
      { type: "point", dim: 0, count: expect.any(Number) },
    ]);
    expect(mesh.elements.every((e) => e.nodes.every((n) => mesh.nodes.has(n)))).toBe(true);
  });

  it("reads a 2D quadratic disc", () => {
    const mesh = parseMsh2(read("disc-2d-order2.msh"));
    const types = countByType(mesh).map((c) => c.type);
    expect(types).toContain("triangle6");
    expect(types).not.toContain("tetra10");
    expect([...mesh.nodes.values()].every((p) => p[2] === 0)).toBe(true);
  });

  it("refuses a file cut short or another format", () => {
    const text = read("plate-hole-3d.msh");
    expect(() => parseMsh2(text.slice(0, text.length / 2))).toThrow(/ends early|not closed|bad/);
    expect(() => parseMsh2("$MeshFormat\n4.1 0 8\n$EndMeshFormat\n")).toThrow(/not an ASCII MSH 2 file/);
  });
});

describe("mesh pictures", () => {
  it("keeps the outside faces of volume cells: two bricks side by side show 10 faces", () => {
    const faces = boundaryFaces([
      { kind: "hex", corners: [1, 2, 3, 4, 5, 6, 7, 8] },
      { kind: "hex", corners: [2, 9, 10, 3, 6, 11, 12, 7] },
    ]);
    expect(faces).toHaveLength(10);
    expect(faces.some((f) => [...f].sort().join() === "2,3,6,7")).toBe(false);
  });

  it("draws a standalone SVG with a colour bar when values are given", () => {
    const nodes = new Map<number, [number, number, number]>([[1, [0, 0, 0]], [2, [1, 0, 0]], [3, [1, 1, 0]], [4, [0, 1, 0]]]);
    const svg = meshSvg({ nodes, faces: [[1, 2, 3, 4]], values: new Map([[1, 0], [2, 1], [3, 2], [4, 3]]), unit: "°C" });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 800 500"/);
    expect(svg).toContain(">°C</text>");
    expect(svg).toContain(">3</text>");
    expect(svg).not.toMatch(/<script|href=/);
  });
});

describe("readGmshResult", () => {
  it("counts the mesh, reads gmsh's quality, offers the files and draws the preview", async () => {
    const dir = tmpDir();
    fs.copyFileSync(path.join(FIXTURES, "plate-hole-3d.msh"), path.join(dir, "mesh.msh"));
    fs.copyFileSync(path.join(FIXTURES, "plate-hole-3d.log"), path.join(dir, "stdout.log"));
    fs.copyFileSync(path.join(FIXTURES, "plate-hole-3d.geo"), path.join(dir, "model.geo"));
    const r = await readGmshResult(dir);
    const v = (k: string) => r.scalars.find((s) => s.key === k)?.value;
    expect([v("nodes"), v("cells"), v("dimension")]).toEqual([185, 445, 3]);
    expect([v("worstQuality"), v("averageQuality")]).toEqual([0.576469, 0.749279]);
    expect(r.tables[0].rows).toContainEqual(["tetra4", 3, 445]);
    expect(r.files.map((f) => f.path)).toEqual(["mesh.msh", "model.geo", "preview.svg", "stdout.log"]);
    const svg = fs.readFileSync(path.join(dir, "preview.svg"), "utf8");
    expect(svg.match(/<polygon/g)!.length).toBe(boundaryFaces(mshCells(parseMsh2(read("plate-hole-3d.msh")))).length);
  });

  it("reads progress from a partial log and never throws on an empty dir", async () => {
    const dir = tmpDir();
    expect(await readGmshProgress(dir)).toEqual({ series: [], scalars: [] });
    const log = read("plate-hole-3d.log");
    fs.writeFileSync(path.join(dir, "stdout.log"), log.slice(0, log.indexOf("Done meshing 2D") + 20));
    const p = await readGmshProgress(dir);
    expect(p.scalars).toEqual([expect.objectContaining({ key: "dimensionMeshed", value: 2 })]);
    expect(gmshQuality("nothing here")).toBeNull();
  });
});

describe("the .geo deck", () => {
  it("renders each shape in 2D and 3D", () => {
    const geo = (o: object) => renderGeo(validateGmshParams(o));
    expect(geo({ shape: "box" })).toMatch(/^Box\(1\) = \{0, 0, 0, 100, 40, 10\};$/m);
    expect(geo({ shape: "box", dimension: 2 })).toMatch(/^Rectangle\(1\)/m);
    expect(geo({ shape: "cylinder", dimension: 2 })).toMatch(/^Disk\(1\) = \{0, 0, 0, 10, 10\};$/m);
    expect(geo({ shape: "plateWithHole" })).toMatch(/^BooleanDifference\(3\) = \{ Volume\{1\}; Delete; \}\{ Volume\{2\}; Delete; \};$/m);
    expect(geo({ elementOrder: 2, meshSizeMm: 3 })).toMatch(/^Mesh\.MeshSizeMax = 3;\nMesh\.MeshSizeMin = 0\.3;\nMesh\.ElementOrder = 2;$/m);
  });

  it("refuses a hole wider than the plate and a mesh far too fine", () => {
    expect(() => validateGmshParams({ shape: "plateWithHole", widthMm: 20, radiusMm: 10 })).toThrow(/radiusMm: the hole's diameter/);
    expect(() => validateGmshParams({ meshSizeMm: 0.1 })).toThrow(/meshSizeMm: mesh size too small/);
  });

  it("reads the settings a user's script states and round-trips the rendered deck", () => {
    expect(parseGeoDeck(read("plate-hole-3d.geo"))).toMatchObject({ dimension: 3, meshSizeMm: 8, elementOrder: 1 });
    expect(parseGeoDeck('Point(1) = {0,0,0};\nMesh.CharacteristicLengthMax = 2.5; // old name\nMesh.ElementOrder = 2;')).toMatchObject({ dimension: 2, meshSizeMm: 2.5, elementOrder: 2 });
    expect(parseGeoDeck("Point(1) = {0,0,0};\nMesh.MeshSizeMax = 1e9;\nMesh.ElementOrder = 3;")).toMatchObject({ meshSizeMm: 5, elementOrder: 1 });
  });

  it("refuses programs and paths outside the work dir, naming lines, and ignores them in comments", () => {
    const text = ['Merge "part.step";', 'Include "/etc/hosts";', "// System \"ls\";", "/* Shell", 'Exec "x" */ Point(1) = {0,0,0};', 'SystemCall "ls";', 'Merge StrCat("..", "/x.step");', 'Save "sub/../../out.msh";'].join("\n");
    expect(geoIssues(text).map((i) => [i.line, i.text.en.split(" ").slice(0, 3).join(" ")])).toEqual([
      [2, 'the path "/etc/hosts"'],
      [6, "the SystemCall command"],
      [7, 'the path ".."'],
      // Strict on purpose: a StrCat piece starting with "/" is refused even after a relative one.
      [7, 'the path "/x.step"'],
      [8, 'the path "sub/../../out.msh"'],
    ]);
    expect(() => parseGeoDeck("Mesh.ElementOrder = 2;")).toThrow(AppInputError);
  });

  it("the job script's grep refuses what geoIssues refuses", () => {
    const refused = (line: string) => {
      try {
        execFileSync("grep", ["-Eq", GEO_FORBIDDEN_GREP], { input: line });
        return true;
      } catch {
        return false;
      }
    };
    for (const bad of ['System "ls";', 'Include "/etc/x";', 'Merge "../a.step";', 'Merge "a/../../b";', 'Include "~/x";']) expect(refused(bad), bad).toBe(true);
    for (const ok of ['Merge "part.step";', "Box(1) = {0, 0, 0, 1, 1, 1};", 'Include "sub/a.geo";', "x = 1..2;"]) expect(refused(ok), ok).toBe(false);
  });
});
