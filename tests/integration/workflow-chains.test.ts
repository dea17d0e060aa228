import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { FINISHED, waitFor } from "./task-helpers.ts";

/** Each ready-made chain of the graphical mode, run once through the API as a user starts it: unchanged, on PostgreSQL. */

type Row = Array<string | number>;

describeEachBackend(
  "ready-made workflow chains",
  (t) => {
    const runChain = async (id: string, ms: number) => {
      const s = await sessionFor(t(), "outside");
      const chains = (await t().call("CalculateTask/GetWorkflowChains", { token: s.token, headers: { "accept-language": "en" } })).returnData.chains;
      const chain = chains.find((c: { id: string }) => c.id === id);
      const r = await t().call("CalculateTask/CreateTask", { token: s.token, json: { appId: "workflow", mode: "graphical", params: chain.workflow }, headers: { "accept-language": "en" } });
      expect(r.status, r.msg).toBe(200);
      const w = await waitFor(`chain ${id}`, async () => {
        const v = (await t().call("CalculateTask/GetWorkflow", { token: s.token, query: { id: r.returnData.taskId } })).returnData;
        return FINISHED.includes(v.task.status) && v;
      }, ms);
      expect(w.task.status, JSON.stringify(w.steps.map((x: { stepId: string; status: string; error: string }) => [x.stepId, x.status, x.error]))).toBe("succeeded");
      const report = w.task.result.tables.find((x: { key: string }) => x.key === "report") as { columns: Array<{ label: { en: string } }>; rows: Row[] };
      const row = (label: string) => report.rows.find((x) => String(x[0]).startsWith(label))!;
      return { w, report, row };
    };

    it("electrons → atoms: QE's Birch–Murnaghan a0 of bcc Fe beside LAMMPS' EAM relaxation, QE's within 1.5 % of experiment", async () => {
      const { report, row } = await runChain("fe-eos-qe-lammps", 150_000);
      expect(report.columns.map((c) => c.label.en)).toEqual(["Quantity", "DFT (QE)", "EAM (LAMMPS)", "Experiment", "Relative difference"]);
      const [, qe, eam, exp, diff] = row("a0");
      expect(Math.abs(Number(qe) - 2.8665) / 2.8665).toBeLessThan(0.015);
      // Mendelev's potential is fitted to the experimental lattice constant.
      expect(Math.abs(Number(eam) - 2.8553)).toBeLessThan(0.001);
      expect(exp).toBe(2.8665);
      expect(Number(diff)).toBeCloseTo((100 * (Number(eam) - Number(qe))) / Number(qe), 9);
      const [, b0] = row("B0");
      expect(Number(b0)).toBeGreaterThan(120);
      expect(Number(b0)).toBeLessThan(220);
    }, 180_000);

    it("solution treatment → ageing: the equilibrium's FCC x(Sc) at 913 K is where KWN's Al3Sc ageing starts, and it precipitates", async () => {
      const { w, row } = await runChain("solution-ageing", 120_000);
      const [, xSc] = row("x(Sc) in the matrix");
      // AlScZr.tdb: Al–0.3Sc at 913 K keeps 0.174 at% Sc in solution (the rest stays as Al3Sc).
      expect(Number(xSc)).toBeGreaterThan(0.0015);
      expect(Number(xSc)).toBeLessThan(0.0020);
      const ageing = w.steps.find((x: { stepId: string }) => x.stepId === "ageing");
      expect(ageing.inputValues.x0).toBe(xSc);
      const [, n] = row("Number density");
      const [, r] = row("Mean radius");
      const [, f] = row("Volume fraction");
      expect(Number(n)).toBeGreaterThan(1e18);
      expect(Number(r)).toBeGreaterThan(1e-10);
      expect(Number(r)).toBeLessThan(1e-7);
      // Al3Sc takes a quarter Sc: the volume fraction cannot exceed what the dissolved Sc makes.
      expect(Number(f)).toBeGreaterThan(0);
      expect(Number(f)).toBeLessThan(4 * Number(xSc) * 1.05);
    }, 150_000);

    it("carburizing → tempering along the depth: more carbon near the surface, more cementite", async () => {
      const { row } = await runChain("carburize-temper", 120_000);
      const [, x02, x06, x12] = row("x(C)").map(Number);
      expect(x02).toBeGreaterThan(x06);
      expect(x06).toBeGreaterThan(x12);
      const [, f02, f06, f12] = row("Volume fraction").map(Number);
      expect(f02).toBeGreaterThan(f06);
      expect(f06).toBeGreaterThan(f12);
      expect(f12).toBeGreaterThan(0);
    }, 150_000);
  },
  { COMPUTE_SLOTS: "4" },
  // The chains exercise the solvers and the workflow runs, not the database: one backend is enough.
  "postgres",
);
