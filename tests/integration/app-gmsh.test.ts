import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls } from "./task-helpers.ts";

const PLATE = { shape: "plateWithHole", dimension: 3, lengthMm: 60, widthMm: 30, heightMm: 8, radiusMm: 8, meshSizeMm: 6, elementOrder: 1 };

/** A user's own script: a quarter ring in 2D with quadratic triangles. */
const USER_GEO = `// quarter ring
SetFactory("OpenCASCADE");
Disk(1) = {0, 0, 0, 20, 20};
Disk(2) = {0, 0, 0, 10, 10};
Rectangle(3) = {0, 0, 0, 30, 30};
BooleanIntersection(4) = { Surface{1}; Delete; }{ Surface{3}; Delete; };
BooleanDifference(5) = { Surface{4}; Delete; }{ Surface{2}; Delete; };
Mesh.MeshSizeMax = 2;
Mesh.ElementOrder = 2;
`;

describeEachBackend("app gmsh through the API", (t) => {
  const { submit, run, scalar } = taskCalls(t);

  it("graphical: a plate with a hole meshed with tetrahedra, counted by type, with quality and a preview", async () => {
    const s = await sessionFor(t(), "outside");
    const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
    const cad = cats.returnData.data.find((c: { category: string }) => c.category === "CAD");
    expect(cad.apps).toContainEqual(expect.objectContaining({ id: "gmsh", available: true, modes: ["graphical", "instruction"], mainInput: "model.geo" }));

    const task = await run(s.token, { appId: "gmsh", mode: "graphical", params: PLATE, resources: { cores: 1, walltimeMin: 5 } });
    expect(scalar(task, "nodes")).toBeGreaterThan(0);
    expect(scalar(task, "cells")).toBeGreaterThan(0);
    expect(scalar(task, "dimension")).toBe(3);
    expect(scalar(task, "worstQuality")).toBeGreaterThan(0);
    const byType = task.result.tables.find((x: { key: string }) => x.key === "elementsByType");
    expect(byType.rows.map((r: unknown[]) => r[0])).toContain("tetra4");
    expect(task.result.images).toEqual([expect.objectContaining({ key: "preview", path: "preview.svg" })]);
    expect(task.result.files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(["mesh.msh", "mesh.inp", "model.geo", "preview.svg"]));
    const svg = await t().call("CalculateTask/GetTaskFile", { token: s.token, query: { id: task.id, path: "preview.svg" } });
    expect(String(svg.returnData ?? svg.msg)).toContain("<polygon");
    expect(task.appVersion).toMatch(/^4\./);
  });

  it("instruction: the user's 2D script gives quadratic triangles and the settings it states", async () => {
    const s = await sessionFor(t(), "outside");
    const task = await run(s.token, { appId: "gmsh", mode: "instruction", deck: { "model.geo": USER_GEO }, resources: { cores: 1, walltimeMin: 5 } });
    expect(scalar(task, "dimension")).toBe(2);
    expect(scalar(task, "cells")).toBeGreaterThan(20);
    const byType = task.result.tables.find((x: { key: string }) => x.key === "elementsByType");
    expect(byType.rows.map((r: unknown[]) => r[0])).toContain("triangle6");
    expect(task.params).toMatchObject({ dimension: 2, meshSizeMm: 2, elementOrder: 2 });
  });

  it("refuses System calls and includes outside the work dir, naming the lines", async () => {
    const s = await sessionFor(t(), "outside");
    const bad = USER_GEO.replace("// quarter ring", 'Include "/etc/hosts";').replace("Mesh.ElementOrder = 2;", 'System "rm -rf ~";\nMerge "../other/part.step";');
    const r = await submit(s.token, { appId: "gmsh", mode: "instruction", deck: { "model.geo": bad } }, "en");
    expect(r.status).toBe(400);
    expect(r.returnData.fields.map((f: { message: string }) => f.message)).toEqual([
      'model.geo:1 the path "/etc/hosts" leaves the task\'s directory: only relative paths inside it are allowed (no absolute paths, no ..)',
      "model.geo:9 the System command is not allowed (it runs programs on the server)",
      'model.geo:10 the path "../other/part.step" leaves the task\'s directory: only relative paths inside it are allowed (no absolute paths, no ..)',
    ]);
  });
});
