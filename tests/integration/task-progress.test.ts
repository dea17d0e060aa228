import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls, waitFor } from "./task-helpers.ts";

/** QE's silicon (the app's example) as a 9-point EOS scan: a few seconds of pw.x, long enough to watch. */
const SI_EOS = { lattice: "diamond", latticeConstantA: 5.3976075, element: "Si", pseudopotential: "Si.pz-vbc.UPF", ecutwfc: 18, kpoints: 4, kShifted: "yes", smearing: "none", spinPolarized: "no", eosPoints: 9, eosSpreadPercent: 3 };

/**
 * A running task carries its live progress in GetTask (AppDefinition.progress): the curves of its partial
 * output, which the task page redraws while it runs. Once it ends, the result replaces it.
 */
describeEachBackend(
  "live progress of a running task",
  (t) => {
    const { submit, getTask, finished } = taskCalls(t);

    it("pw.x's SCF curve shows in GetTask while it runs; a finished task has its result instead", async () => {
      const s = await sessionFor(t(), "outside");
      const r = await submit(s.token, { appId: "qe-pw", mode: "graphical", params: SI_EOS, resources: { cores: 1, walltimeMin: 10 } });
      expect(r.status, r.msg).toBe(200);
      const id = r.returnData.taskId;
      const seen = await waitFor(
        "progress while running",
        async () => {
          const v = (await getTask(s.token, id)).returnData;
          if (v.status !== "running") return v.status === "queued" ? undefined : v;
          return v.progress?.series?.some((c: { y: { values: number[] } }) => c.y.values.length >= 2) && v;
        },
        60_000,
      );
      expect(seen.status, "the task ended before any progress was seen").toBe("running");
      const scf = seen.progress.series[0];
      expect(scf.x.values.length).toBe(scf.y.values.length);
      expect(scf.label.zh.length).toBeGreaterThan(0);
      const done = await finished(s.token, id, 120_000);
      expect(done.status).toBe("succeeded");
      expect(done.progress).toBeNull();
      expect(done.result.scalars.find((x: { key: string }) => x.key === "eosLatticeConstantA").value).toBeCloseTo(5.40, 1);
    }, 150_000);
  },
);
