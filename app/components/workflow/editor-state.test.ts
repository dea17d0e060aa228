import { describe, expect, it } from "vitest";
import {
  addStep,
  fieldName,
  freshStepId,
  MAX_STEPS,
  parseInputs,
  placeApiErrors,
  readEditorState,
  removeStep,
  stateFromWorkflow,
  workflowFromState,
  type Say,
} from "./editor-state.ts";

/** Messages as keys with their values, so the tests see which check spoke and about what. */
const say: Say = (key, vars) => `${key}${vars ? ` ${JSON.stringify(vars)}` : ""}`;

// A chain as GetWorkflowChains gives it (shape of the API contract).
const CHAIN = {
  name: "Solution + ageing",
  steps: [
    { id: "eq", app: "calphad-equilibrium", params: { database: "alzr", temperature: 900, composition: "ZR=0.002" } },
    { id: "age", app: "precipitation", params: { time: 3600 }, inputs: { x0: "steps.eq.result.phases[name=FCC_A1].composition.ZR" }, after: ["eq"] },
  ],
  report: [{ label: "Radius", unit: "nm", values: { KWN: "steps.age.result.scalars.radius" } }],
};

function post(state: ReturnType<typeof stateFromWorkflow>): FormData {
  const f = new FormData();
  f.set("name", state.name);
  f.set("chain", state.chain);
  f.set("report", state.report);
  f.set("stepCount", String(state.steps.length));
  state.steps.forEach((s, i) => {
    for (const part of ["id", "app", "params", "inputs", "after"] as const) f.set(fieldName(i, part), s[part]);
  });
  return f;
}

describe("workflow editor state", () => {
  it("round-trips a chain through the form: drafts → posted form → the same workflow object", () => {
    const drafts = stateFromWorkflow(CHAIN, "solution-ageing");
    expect(drafts.steps[1].inputs).toBe("x0 = steps.eq.result.phases[name=FCC_A1].composition.ZR");
    expect(drafts.steps[1].after).toBe("eq");
    const back = readEditorState((n) => post(drafts).get(n));
    expect(back).toEqual(drafts);
    const { workflow, errors } = workflowFromState(back, say);
    expect(errors).toEqual({});
    expect(workflow).toEqual(CHAIN);
  });

  it("reads at most MAX_STEPS steps and never more than were posted", () => {
    const f = new FormData();
    f.set("stepCount", "999");
    expect(readEditorState((n) => f.get(n)).steps).toHaveLength(MAX_STEPS);
    f.set("stepCount", "nonsense");
    expect(readEditorState((n) => f.get(n)).steps).toHaveLength(0);
  });

  it("refuses JSON that does not parse or is not an object, and input lines without `=`, naming the field", () => {
    const s = stateFromWorkflow(CHAIN);
    s.steps[0].params = "{ temperature: 900 ";
    s.steps[1].params = "[1, 2]";
    s.steps[1].inputs = "x0 steps.eq.result.x\n\ny = steps.eq.result.y\ny = steps.eq.result.z";
    s.report = "{}";
    const { workflow, errors } = workflowFromState(s, say);
    expect(workflow).toBeNull();
    expect(errors["steps.0.params"]).toMatch(/^paramsJson /);
    expect(errors["steps.1.params"]).toBe("paramsObject");
    expect(errors["steps.1.inputs"]).toBe('inputLine {"line":1}\ninputTwice {"line":4,"param":"y"}');
    expect(errors.report).toBe("reportArray");
  });

  it("passes ids, apps and references on as typed: the API judges them", () => {
    const s = stateFromWorkflow(CHAIN);
    s.steps[0].id = " 1bad ";
    s.steps[1].inputs = "x0 = steps.nowhere.result.x";
    s.steps[1].after = "eq, ghost;  other";
    const { workflow, errors } = workflowFromState(s, say);
    expect(errors).toEqual({});
    expect(workflow!.steps[0].id).toBe("1bad");
    expect(workflow!.steps[1].inputs).toEqual({ x0: "steps.nowhere.result.x" });
    expect(workflow!.steps[1].after).toEqual(["eq", "ghost", "other"]);
  });

  it("comments and blank lines in the inputs are skipped; `=` inside the reference is kept", () => {
    const r = parseInputs("# from the equilibrium\n x0 = steps.eq.result.phases[name=FCC_A1].x \n", say);
    expect(r).toEqual({ inputs: { x0: "steps.eq.result.phases[name=FCC_A1].x" }, error: null });
  });

  it("adds a step with a fresh id and the app's params, removes one by index, stops at MAX_STEPS", () => {
    let s = stateFromWorkflow(CHAIN);
    s = addStep(s, "calphad-equilibrium", { temperature: 1000 });
    expect(s.steps[2]).toEqual({ id: "calphad_equilibrium1", app: "calphad-equilibrium", params: '{\n  "temperature": 1000\n}', inputs: "", after: "" });
    expect(freshStepId(s.steps, "calphad-equilibrium")).toBe("calphad_equilibrium2");
    expect(freshStepId([], "3d-thing")).toBe("d_thing1");
    expect(freshStepId([], "")).toBe("step1");
    s = removeStep(s, 0);
    expect(s.steps.map((x) => x.id)).toEqual(["age", "calphad_equilibrium1"]);
    expect(removeStep(s, 7)).toBe(s);
    let full = stateFromWorkflow({ steps: [] });
    for (let i = 0; i < MAX_STEPS + 3; i++) full = addStep(full, "qe-pw", {});
    expect(full.steps).toHaveLength(MAX_STEPS);
  });

  it("places the API's field errors next to the step and field they name, with or without `params.`", () => {
    const s = stateFromWorkflow(CHAIN);
    s.steps[1].after = "eq, ghost";
    const placed = placeApiErrors(
      [
        { field: "params.steps.1.inputs.x0", message: "refers to an unknown step" },
        { field: "steps.0.params.temperature", message: "must be at least 300" },
        { field: "steps.1.params.time", message: "is required" },
        { field: "steps.1.after.1", message: "refers to a step ghost that does not exist" },
        { field: "steps.age.id", message: "is used twice" },
        { field: "steps.0", message: "waits for itself" },
        { field: "steps.9.app", message: "no such step" },
        { field: "steps", message: "has a cycle" },
        { field: "report.0.values.QE", message: "bad reference" },
        { field: "name", message: "too long" },
        { field: "resources.cores", message: "too many" },
      ],
      s,
    );
    expect(placed).toEqual({
      "steps.1.inputs": "x0: refers to an unknown step",
      "steps.0.params": "temperature: must be at least 300",
      "steps.1.params": "time: is required",
      "steps.1.after": "refers to a step ghost that does not exist",
      "steps.1.id": "is used twice",
      "steps.0": "waits for itself",
      steps: "no such step\nhas a cycle",
      report: "0.values.QE: bad reference",
      name: "too long",
      form: "resources.cores: too many",
    });
  });
});
