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
const fixture = (name: string) => fs.readFileSync(new URL(`../../api/compute/apps/qe-pw/fixtures/${name}`, import.meta.url), "utf8");
/** Example01's silicon as an uploaded cell: the fcc primitive vectors of a = 5.3976075 Å, atoms at 0 and ¼¼¼. */
const SI_POSCAR = fixture("si-primitive.poscar");
/** Zincblende AlAs (a = 5.66 Å), Cartesian: two elements whose LDA norm-conserving pseudopotentials are installed. */
const ALAS_POSCAR = fixture("alas-zincblende.poscar");
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

  it("cell: example01 silicon uploaded as a POSCAR primitive cell gives the same reference energy", async () => {
    const s = await sessionFor(t(), "outside");
    const task = await run(s.token, { appId: "qe-pw", mode: "graphical", params: { ...SI_EXAMPLE, lattice: "cell", structure: SI_POSCAR }, resources: { cores: 1, walltimeMin: 5 } });
    expect(Math.abs(scalar(task, "totalEnergyRy")! - SI_REFERENCE_RY)).toBeLessThanOrEqual(1e-6);
    const deck = fs.readFileSync(path.join(t().dataDir, "tasks", task.id, "pw.in"), "utf8");
    expect(deck).toContain("ibrav = 0");
    expect(deck).toContain("CELL_PARAMETERS angstrom\n  0 2.69880375 2.69880375\n");
  });

  it("cell: two-element AlAs runs with a pseudopotential chosen for each species, both in the output", async () => {
    const s = await sessionFor(t(), "outside");
    const params = { ...SI_EXAMPLE, lattice: "cell", structure: ALAS_POSCAR, ecutwfc: 16, kpoints: 2, convThr: 1e-6 };
    const task = await run(s.token, { appId: "qe-pw", mode: "graphical", params, resources: { cores: 1, walltimeMin: 5 } });
    const dir = path.join(t().dataDir, "tasks", task.id);
    // The family of the chosen Si.pz-vbc.UPF: LDA (pz) for both, vbc where installed (Al), else the first LDA one (As).
    expect(fs.readFileSync(path.join(dir, "pw.in"), "utf8")).toContain("ATOMIC_SPECIES\n  Al 26.982 Al.pz-vbc.UPF\n  As 74.922 As.pz-bhs.UPF\n");
    const out = fs.readFileSync(path.join(dir, "pw.out"), "utf8");
    expect(out).toMatch(/^\s+Al\s+3\.00\s+26\.98200/m);
    expect(out).toMatch(/^\s+As\s+5\.00\s+74\.92200/m);
    expect(scalar(task, "totalEnergyRy")).toBeLessThan(-16);
    expect(scalar(task, "cellVolumeA3")).toBeCloseTo(2 * 2.83 ** 3, 3);
    expect(task.result.tables.find((x: { key: string }) => x.key === "forces").rows.map((r: unknown[]) => r[1])).toEqual([1, 2]);
  });

  it("refuses a pseudopotential of another element, and a deck writing outside the work dir, naming the line", async () => {
    const s = await sessionFor(t(), "outside");
    const r = await submit(s.token, { appId: "qe-pw", mode: "graphical", params: { ...SI_EXAMPLE, element: "Fe", smearing: "mv" } }, "en");
    expect(r.status).toBe(400);
    expect(r.returnData.fields).toEqual([{ field: "params.pseudopotential", message: "the pseudopotential Si.pz-vbc.UPF is for Si, not for the chosen element Fe" }]);

    const cell = await submit(s.token, { appId: "qe-pw", mode: "graphical", params: { ...SI_EXAMPLE, lattice: "cell", structure: SI_POSCAR.replace("Si\n2\n", "Si\n2 1\n") } }, "en");
    expect(cell.status).toBe(400);
    expect(cell.returnData.fields).toEqual([{ field: "params.structure", message: "line 7: expected one positive whole atom count per element (1 in all)" }]);

    const deck = EXAMPLE01.replace("outdir='./tmp/'", "outdir='/tmp/qe'");
    const line = deck.split("\n").findIndex((l) => l.includes("outdir")) + 1;
    const bad = await submit(s.token, { appId: "qe-pw", mode: "instruction", deck: { "pw.in": deck } }, "zh-CN");
    expect(bad.status).toBe(400);
    expect(bad.returnData.fields).toEqual([{ field: "deck.pw.in", message: `pw.in:${line} outdir = '/tmp/qe' 指向工作目录之外：只允许相对路径且不含 ..` }]);
  });
});
