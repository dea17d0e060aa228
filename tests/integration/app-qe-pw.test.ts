import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls } from "./task-helpers.ts";

/** QE's PW/example01 silicon input as shipped, with its paths made the platform's (installed pseudo_dir, ./tmp/). */
const EXAMPLE01 = fs.readFileSync(new URL("../../api/compute/apps/qe-pw/fixtures/si-example01.in", import.meta.url), "utf8");
/** The reference total energy of example01 (its reference/si.scf.david.out), Ry. */
const SI_REFERENCE_RY = -15.84452726;
/** Example01's celldm(1) = 10.20 bohr, in Å. */
const SI_EXAMPLE = { lattice: "diamond", latticeConstantA: 5.3976075, element: "Si", pseudopotential: "Si.pz-vbc.UPF", ecutwfc: 18, kpoints: 4, kShifted: "yes", convThr: 1e-8 };

describeEachBackend("app qe-pw through the API", (t) => {
  const { submit, run, scalar } = taskCalls(t);

  it("graphical: example01 silicon gives the reference total energy, with forces, stress, SCF curve and picture", async () => {
    const s = await sessionFor(t(), "outside");
    const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
    const fp = cats.returnData.data.find((c: { category: string }) => c.category === "FirstPrinciples");
    expect(fp.apps).toContainEqual(expect.objectContaining({ id: "qe-pw", available: true, modes: ["graphical", "instruction"], mainInput: "pw.in" }));

    const task = await run(s.token, { appId: "qe-pw", mode: "graphical", params: SI_EXAMPLE, resources: { cores: 1, walltimeMin: 5 } });
    expect(task.appVersion).toMatch(/^6\.7/);
    expect(Math.abs(scalar(task, "totalEnergyRy")! - SI_REFERENCE_RY)).toBeLessThanOrEqual(1e-6);
    expect(scalar(task, "scfIterations")).toBeGreaterThan(3);
    expect(scalar(task, "pressureKbar")).toBeCloseTo(-10.25, 1);
    expect(scalar(task, "totalForceRyBohr")).toBe(0);
    expect(task.result.tables.map((x: { key: string }) => x.key)).toEqual(["forces", "stress"]);
    const scf = task.result.series.find((x: { key: string }) => x.key === "scfAccuracy");
    expect(scf.x.values.length).toBe(scalar(task, "scfIterations"));
    expect(task.result.files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(["pw.in", "pw.out", "scf.svg"]));
    const svg = fs.readFileSync(path.join(t().dataDir, "tasks", task.id, "scf.svg"), "utf8");
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500"')).toBe(true);
  });

  it("instruction: QE's own example01 input (explicit k-point list) gives the same energy", async () => {
    const s = await sessionFor(t(), "outside");
    const task = await run(s.token, { appId: "qe-pw", mode: "instruction", deck: { "pw.in": EXAMPLE01 }, resources: { cores: 1, walltimeMin: 5 } });
    expect(task.params).toMatchObject({ source: "deck", calculation: "scf", ibrav: 2, nat: 2, ecutwfc: 18, pseudopotentials: ["Si.pz-vbc.UPF"] });
    expect(Math.abs(scalar(task, "totalEnergyRy")! - SI_REFERENCE_RY)).toBeLessThanOrEqual(1e-6);
  });

  it("EOS: five lattice constants of Si ±3 % in one task, Birch–Murnaghan a0 ≈ 5.40 Å and B0 in 80–100 GPa", async () => {
    const s = await sessionFor(t(), "outside");
    const task = await run(s.token, { appId: "qe-pw", mode: "graphical", params: { ...SI_EXAMPLE, latticeConstantA: 5.4, eosPoints: 5, eosSpreadPercent: 3 }, resources: { cores: 1, walltimeMin: 5 } });
    expect(Math.abs(scalar(task, "eosLatticeConstantA")! - 5.4)).toBeLessThan(0.03);
    expect(scalar(task, "bulkModulusGPa")).toBeGreaterThan(80);
    expect(scalar(task, "bulkModulusGPa")).toBeLessThan(100);
    expect(task.result.series.find((x: { key: string }) => x.key === "eosPoints").y.values).toHaveLength(5);
    expect(task.result.series.find((x: { key: string }) => x.key === "eosFit").x.values.length).toBeGreaterThan(5);
    expect(task.result.images[0]).toMatchObject({ key: "eos", path: "eos.svg" });
    expect(task.result.files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(["eos/p01.out", "eos/p05.out", "eos.svg"]));
  });

  it("refuses a pseudopotential of another element, and a deck writing outside the work dir, naming the line", async () => {
    const s = await sessionFor(t(), "outside");
    const r = await submit(s.token, { appId: "qe-pw", mode: "graphical", params: { ...SI_EXAMPLE, element: "Fe", smearing: "mv" } }, "en");
    expect(r.status).toBe(400);
    expect(r.returnData.fields).toEqual([{ field: "params.pseudopotential", message: "the pseudopotential Si.pz-vbc.UPF is for Si, not for the chosen element Fe" }]);

    const deck = EXAMPLE01.replace("outdir='./tmp/'", "outdir='/tmp/qe'");
    const line = deck.split("\n").findIndex((l) => l.includes("outdir")) + 1;
    const bad = await submit(s.token, { appId: "qe-pw", mode: "instruction", deck: { "pw.in": deck } }, "zh-CN");
    expect(bad.status).toBe(400);
    expect(bad.returnData.fields).toEqual([{ field: "deck.pw.in", message: `pw.in:${line} outdir = '/tmp/qe' 指向工作目录之外：只允许相对路径且不含 ..` }]);
  });
});
