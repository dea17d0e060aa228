import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls } from "./task-helpers.ts";

/** bcc Fe with Mendelev's potential: relaxed with box/relax + CG, then a short NVT on a small box. */
const FE_BCC = { potential: "Fe_mm.eam.fs", element: "Fe", lattice: "bcc", latticeConstantA: 2.87, cells: 3, relax: "yes", ensemble: "nvt", temperatureK: 300, steps: 200, thermoEvery: 20, seed: 4711 };

/** The same physics written by hand as a user would: bare potential name (found in the installed directory). */
const USER_DECK = `# my own bcc Fe relaxation
units metal
atom_style atomic
lattice bcc 2.84
region box block 0 3 0 3 0 3
create_box 1 box
create_atoms 1 box
pair_style eam/fs
pair_coeff * * Fe_mm.eam.fs Fe
thermo_style custom step temp pe etotal press vol
fix r all box/relax iso 0.0
minimize 1e-12 1e-12 1000 10000
variable a equal (vol/27)^(1/3)
variable e equal pe/atoms
print "RESULT latticeConstantA = $(v_a:%.8f)"
print "RESULT cohesiveEnergyEvPerAtom = $(v_e:%.8f)"
unfix r
velocity all create 200 99 dist gaussian
fix md all nve
thermo 10
run 100
`;

describeEachBackend("app lammps through the API", (t) => {
  const { submit, run, scalar } = taskCalls(t);

  it("graphical: bcc Fe relaxes to a0 = 2.8553 Å and Ecoh = -4.1224 eV/atom, with the NVT curves and the final structure", async () => {
    const s = await sessionFor(t(), "outside");
    const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
    const other = cats.returnData.data.find((c: { category: string }) => c.category === "Other");
    expect(other.apps).toContainEqual(expect.objectContaining({ id: "lammps", available: true, modes: ["graphical", "instruction"], mainInput: "in.lammps" }));

    const task = await run(s.token, { appId: "lammps", mode: "graphical", params: FE_BCC, resources: { cores: 1, walltimeMin: 5 } });
    expect(scalar(task, "latticeConstantA")).toBeCloseTo(2.8553, 3);
    expect(Math.abs(scalar(task, "latticeConstantA")! - 2.8553)).toBeLessThan(0.001);
    expect(Math.abs(scalar(task, "cohesiveEnergyEvPerAtom")! - -4.1224)).toBeLessThan(0.001);
    expect(scalar(task, "atoms")).toBe(54);
    const temperature = task.result.series.find((x: { key: string }) => x.key === "temperature");
    expect(temperature.x.values).toEqual([0, 20, 40, 60, 80, 100, 120, 140, 160, 180, 200]);
    expect(temperature.y.unit).toBe("K");
    expect(task.result.files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(["final.data", "log.lammps", "in.lammps", "thermo.svg"]));
    expect(task.result.images).toEqual([expect.objectContaining({ key: "thermo", path: "thermo.svg" })]);
    const data = await t().call("CalculateTask/GetTaskFile", { token: s.token, query: { id: task.id, path: "final.data" } });
    expect(String(data.returnData ?? data.msg)).toContain("54 atoms");
    // The installed Debian package's version is what the task records.
    expect(task.appVersion).toMatch(/^20\d{6}/);
  });

  it("instruction: the user's own deck with a bare potential name gives the same a0 and Ecoh", async () => {
    const s = await sessionFor(t(), "outside");
    const task = await run(s.token, { appId: "lammps", mode: "instruction", deck: { "in.lammps": USER_DECK }, resources: { cores: 1, walltimeMin: 5 } });
    expect(Math.abs(scalar(task, "latticeConstantA")! - 2.8553)).toBeLessThan(0.001);
    expect(Math.abs(scalar(task, "cohesiveEnergyEvPerAtom")! - -4.1224)).toBeLessThan(0.001);
    expect(task.params).toMatchObject({ lattice: "bcc", latticeConstantA: 2.84, cells: 3, relax: "yes", ensemble: "none", steps: 100 });
    // Steps continue from the minimisation's count: the run's 100 steps, a row every 10.
    const steps: number[] = task.result.series.find((x: { key: string }) => x.key === "totalEnergy").x.values;
    expect(steps.at(-1)! - steps[0]).toBe(100);
    expect(steps.length).toBeGreaterThanOrEqual(11);
  });

  it("refuses a deck that runs a shell command or reads outside the work dir, naming the lines", async () => {
    const s = await sessionFor(t(), "outside");
    const bad = USER_DECK.replace("pair_coeff * * Fe_mm.eam.fs Fe", "pair_coeff * * ../Fe_mm.eam.fs Fe").replace("thermo 10", "shell cat /etc/passwd");
    const r = await submit(s.token, { appId: "lammps", mode: "instruction", deck: { "in.lammps": bad } }, "en");
    expect(r.status).toBe(400);
    expect(r.msg).toBe("deck.in.lammps: in.lammps:9 the path ../Fe_mm.eam.fs leaves the work directory: use relative paths without .., and for potentials a bare file name or a file of /usr/share/lammps/potentials/");
    const lines = r.returnData.fields.map((f: { message: string }) => f.message.split(" ")[0]);
    expect(lines).toEqual(["in.lammps:9", "in.lammps:20", "in.lammps:20"]);
  });

  it("refuses a solute the potential does not describe, in the caller's language", async () => {
    const s = await sessionFor(t(), "outside");
    const r = await submit(s.token, { appId: "lammps", mode: "graphical", params: { ...FE_BCC, solute: "P", soluteFraction: 0.05 } }, "zh-CN");
    expect([r.status, r.msg]).toEqual([400, "params.solute: 该势函数只有一种元素，不能加溶质"]);
  });
});
