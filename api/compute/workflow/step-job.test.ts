import { describe, expect, it } from "vitest";
import { APPS } from "../apps/index.ts";
import { WORKFLOW_APP_ID } from "./definition.ts";
import { loadApp } from "./step-job.ts";

describe("a step's job loads its app alone", () => {
  it("finds every app but the workflow at api/compute/apps/<id>/index.ts, and nothing for a bad id", async () => {
    for (const app of APPS.filter((a) => a.id !== WORKFLOW_APP_ID)) expect(await loadApp(app.id), app.id).toBe(app);
    expect(await loadApp("../workflow")).toBeUndefined();
    expect(await loadApp("no-such-app")).toBeUndefined();
  });
});
