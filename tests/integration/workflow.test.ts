import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { FINISHED, taskCalls, waitFor } from "./task-helpers.ts";

/**
 * Coupled workflows through the API (docs/workflows.md): steps as tasks, values passed between them, parallel
 * steps, refusals at submission, a failing step stopping what follows, cancel, and a re-run from where it stopped.
 */

const PBSN = { database: "pbsn", components: "PB,SN", phases: "*", temperature: 450, temperatureUnit: "K", compositionUnit: "X", composition: "SN=0.5" };
const CARB = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 2, depthMm: 3, nodes: 201, diffusivity: "constant" };
/** A few seconds of solver time: long enough to cancel it while it runs. */
const CARB_MID = { ...CARB, diffusivity: "tibbetts", nodes: 2001, steps: 12_000 };

type Step = { stepId: string; taskId: string; status: string; error: string | null; after: string[]; finishedAt: string | null; inputValues: Record<string, unknown> | null };
type Report = { result: { tables: Array<{ key: string; rows: Array<Array<string | number>> }> } };

describeEachBackend("coupled workflows through the API", (t) => {
  const { submit, getTask } = taskCalls(t);
  const workflow = (params: unknown) => ({ appId: "workflow", mode: "graphical", params });
  const getWorkflow = async (token: string, id: string) => (await t().call("CalculateTask/GetWorkflow", { token, query: { id }, headers: { "accept-language": "en" } })).returnData as { task: { status: string; error: string | null } & Report; steps: Step[] };
  const ended = (token: string, id: string, ms = 60_000) =>
    waitFor(`workflow ${id}`, async () => {
      const w = await getWorkflow(token, id);
      return FINISHED.includes(w.task.status) && w;
    }, ms);
  const step = (w: { steps: Step[] }, id: string) => w.steps.find((s) => s.stepId === id)!;

  it("passes an equilibrium's phase composition on to the next step, runs independent steps side by side, and reports", async () => {
    const s = await sessionFor(t(), "outside");
    const r = await submit(s.token, workflow({
      name: "Pb–Sn tie line",
      steps: [
        { id: "eq", app: "calphad-equilibrium", params: PBSN },
        // At the FCC end of the tie line the alloy is all FCC: the template fills the composition from step eq.
        { id: "fcc", app: "calphad-equilibrium", params: PBSN, inputs: { composition: "SN={steps.eq.result.phases[name=FCC_A1].composition.SN}" } },
        { id: "carb", app: "carburizing", params: CARB },
      ],
      report: [{ label: "x(Sn) in FCC", values: { eq: "steps.eq.result.phases[name=FCC_A1].composition.SN", fcc: "steps.fcc.result.scalars.fraction:FCC_A1" } }],
    }));
    expect(r.status).toBe(200);
    const w = await ended(s.token, r.returnData.taskId);
    expect(w.task.status, JSON.stringify(w.steps.map((x) => [x.stepId, x.status, x.error]))).toBe("succeeded");
    expect(w.steps.map((x) => [x.stepId, x.status, x.after])).toEqual([
      ["carb", "succeeded", []],
      ["eq", "succeeded", []],
      ["fcc", "succeeded", ["eq"]],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    const xSn = step(w, "fcc").inputValues!.composition as string;
    expect(xSn).toMatch(/^SN=0\.\d+/);
    const fcc = await getTask(s.token, step(w, "fcc").taskId);
    expect(fcc.returnData).toMatchObject({ workflowId: r.returnData.taskId, stepId: "fcc", status: "succeeded" });
    // The FCC phase's own composition is a single-phase FCC alloy (at the solvus: fraction 1).
    const stable = fcc.returnData.result.tables.find((x: { key: string }) => x.key === "stablePhases").rows;
    expect(stable.map((row: unknown[]) => row[0])).toEqual(["FCC_A1"]);
    const report = w.task.result.tables.find((x) => x.key === "report")!;
    expect(report.rows[0][0]).toBe("x(Sn) in FCC");
    expect(report.rows[0][1]).toBeCloseTo(Number(xSn.slice(3)), 12);
    expect(report.rows[0][2]).toBeCloseTo(1, 6);
    // Independent steps overlapped: carb started before eq ended or eq before carb ended.
    const rows = await Promise.all(["eq", "carb"].map(async (id) => (await getTask(s.token, step(w, id).taskId)).returnData));
    expect(new Date(rows[0].startedAt) < new Date(rows[1].finishedAt) && new Date(rows[1].startedAt) < new Date(rows[0].finishedAt)).toBe(true);
  }, 60_000);

  it("refuses a bad workflow at submission, naming the step and field in the user's language", async () => {
    const s = await sessionFor(t(), "outside");
    const refuse = async (params: unknown, lang = "en-US") => {
      const r = await submit(s.token, workflow(params), lang);
      expect(r.status).toBe(400);
      return r.msg as string;
    };
    expect(await refuse({ steps: [{ id: "a", app: "carburizing", params: { ...CARB, c0: -1 } }] })).toMatch(/steps\.0\.params\.c0/);
    expect(await refuse({ steps: [{ id: "a", app: "nope", params: {} }] })).toMatch(/unknown app nope/);
    expect(await refuse({ steps: [{ id: "a", app: "carburizing", params: CARB, inputs: { c0: "steps.b.result.scalars.x" } }] })).toMatch(/step b that does not exist/);
    expect(await refuse({ steps: [{ id: "a", app: "carburizing", params: CARB, inputs: { c0: "result.x" } }] })).toMatch(/cannot read the reference/);
    expect(await refuse({ steps: [{ id: "a", app: "carburizing", params: CARB, inputs: { nope: "steps.a.result.scalars.x" } }] })).toMatch(/nope is not a parameter/);
    expect(
      await refuse({
        steps: [
          { id: "a", app: "carburizing", params: CARB, after: ["b"] },
          { id: "b", app: "carburizing", params: CARB, inputs: { c0: "steps.a.result.scalars.caseDepthMm" } },
        ],
      }),
    ).toMatch(/cycle: (a → b → a|b → a → b)/);
    expect(await refuse({ steps: [{ id: "w", app: "workflow", params: {} }] }, "zh-CN")).toMatch(/不能是另一个工作流/);
    // Instruction mode: the deck is YAML (or JSON); a syntax error names its line.
    const bad = await submit(s.token, { appId: "workflow", mode: "instruction", deck: { "workflow.yaml": "steps:\n  - id: a\n    app: [carburizing\n" } }, "en-US");
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/workflow\.yaml:\d+ the workflow file does not read/);
    const yaml = ["steps:", "  - id: a", "    app: carburizing", "    params: {c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 1, depthMm: 2}", ""].join("\n");
    const good = await submit(s.token, { appId: "workflow", mode: "instruction", deck: { "workflow.yaml": yaml } });
    expect(good.status).toBe(200);
    expect((await ended(s.token, good.returnData.taskId)).task.status).toBe("succeeded");
  }, 60_000);

  it("a step that cannot take its input fails, the steps after it are not run, and the workflow fails naming it", async () => {
    const s = await sessionFor(t(), "outside");
    const r = await submit(s.token, workflow({
      steps: [
        { id: "eq", app: "calphad-equilibrium", params: PBSN },
        // No liquid at 450 K: the reference finds nothing when the step runs.
        { id: "liq", app: "calphad-equilibrium", params: PBSN, inputs: { composition: "SN={steps.eq.result.phases[name=LIQUID].composition.SN}" } },
        { id: "after", app: "carburizing", params: CARB, after: ["liq"] },
      ],
      report: [{ label: "x", values: { liquid: "steps.liq.result.scalars.GM" } }],
    }), "en-US");
    const w = await ended(s.token, r.returnData.taskId);
    expect(w.task).toMatchObject({ status: "failed", error: "the step liq did not succeed" });
    expect(step(w, "eq").status).toBe("succeeded");
    expect(step(w, "liq").status).toBe("failed");
    const liq = (await getTask(s.token, step(w, "liq").taskId)).returnData;
    expect(liq.error).toMatch(/the step input composition has no value.*phases\[name=LIQUID\]/s);
    expect(step(w, "after")).toMatchObject({ status: "cancelled", error: "not run: the step liq it needs did not succeed" });
    expect(w.task.result.tables.find((x) => x.key === "report")!.rows[0]).toEqual(["x", "—"]);
    // Refused: re-running needs a failed or cancelled workflow; deleting a step alone.
    const del = await t().call("CalculateTask/DeleteTask", { token: s.token, json: { id: step(w, "eq").taskId }, headers: { "accept-language": "en" } });
    expect(del.status).toBe(400);
  }, 60_000);

  it("cancel stops the running step and what follows; a re-run redoes only those and keeps the finished step", async () => {
    const s = await sessionFor(t(), "outside");
    const r = await submit(s.token, workflow({
      steps: [
        { id: "first", app: "carburizing", params: CARB },
        { id: "long", app: "carburizing", params: CARB_MID, after: ["first"] },
        { id: "last", app: "carburizing", params: CARB, inputs: { timeH: "steps.first.result.scalars.caseDepthMm" } },
        { id: "tail", app: "carburizing", params: CARB, after: ["long"] },
      ],
    }));
    const id = r.returnData.taskId;
    await waitFor("the long step to run", async () => step(await getWorkflow(s.token, id), "long").status === "running");
    const before = await getWorkflow(s.token, id);
    expect(step(before, "tail").status).toBe("queued");
    const cancel = await t().call("CalculateTask/CancelTask", { token: s.token, json: { id } });
    expect(cancel.status).toBe(200);
    const w = await ended(s.token, id);
    expect(w.task.status).toBe("cancelled");
    expect(step(w, "first").status).toBe("succeeded");
    expect(step(w, "long").status).toBe("cancelled");
    expect(step(w, "tail").status).toBe("cancelled");
    const firstDone = step(w, "first").finishedAt;

    expect(fs.existsSync(path.join(t().dataDir, "tasks", step(w, "first").taskId, "workflow-result.json"))).toBe(true);
    const again = await t().call("CalculateTask/RerunWorkflow", { token: s.token, json: { id } });
    expect(again.status).toBe(200);
    expect(again.returnData.rerun.sort()).toEqual(["long", "tail", ...(step(w, "last").status === "succeeded" ? [] : ["last"])].sort());
    const done = await ended(s.token, id);
    expect(done.task.status).toBe("succeeded");
    expect(step(done, "first").finishedAt).toBe(firstDone);
    expect(done.steps.every((x) => x.status === "succeeded")).toBe(true);
    const last = (await getTask(s.token, step(done, "last").taskId)).returnData;
    expect(last.status).toBe("succeeded");
    expect(step(done, "last").inputValues!.timeH).toBeGreaterThan(0);
    const rerunRefused = await t().call("CalculateTask/RerunWorkflow", { token: s.token, json: { id }, headers: { "accept-language": "en" } });
    expect(rerunRefused.status).toBe(400);
    expect(rerunRefused.msg).toMatch(/only a failed or cancelled workflow/);
  }, 90_000);

  it("offers the three ready-made chains, each a valid workflow", async () => {
    const s = await sessionFor(t(), "outside");
    const r = await t().call("CalculateTask/GetWorkflowChains", { token: s.token });
    expect(r.returnData.chains.map((c: { id: string }) => c.id)).toEqual(["fe-eos-qe-lammps", "solution-ageing", "carburize-temper"]);
    const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
    const coupling = cats.returnData.data.find((c: { category: string }) => c.category === "Coupling");
    expect(coupling.apps).toContainEqual(expect.objectContaining({ id: "workflow", available: true, mainInput: "workflow.yaml" }));
  });
});
