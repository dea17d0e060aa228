import { expect } from "vitest";
import type { TestApi } from "./harness.ts";

/** The lab's calls and fixtures of the test-detection tests. */
export function detectionCalls(t: () => TestApi) {
  const db = () => t().api.app.db;
  const post = (p: string, token: string, json: unknown, headers?: Record<string, string>) => t().call(`TrialDetection/${p}`, { method: "POST", token, json, headers });
  const enterpriseId = async () => (await db().query<{ id: string }>(`select id from enterprises where name = '合作单位'`))[0].id;
  const departmentId = async () => (await db().query<{ id: string }>(`select id from departments order by name limit 1`))[0].id;
  let seq = 0;

  /** The default order: 2 pieces of 42CrMo bar for tensile and Brinell, 1 of grade 45 plate for its composition. */
  const LINES = [
    { Description: "Φ20 棒材", HeatNo: "H2611", Form: "棒材", Condition: "调质", Quantity: 2, Methods: ["TENSILE-RT", "HARD-HBW"] },
    { Description: "板材 10 mm", Grade: "45", HeatNo: "H2612", Form: "板材", Quantity: 1, Methods: ["CHEM-OES"] },
  ];

  /** A project and an order of the lab for a client, moved to received. */
  async function receivedOrder(token: string, opts: { kind?: "department" | "enterprise"; lines?: unknown[]; limits?: unknown[]; grade?: string } = {}) {
    const kind = opts.kind ?? "enterprise";
    const p = await post("SaveDetectionProject", token, { Code: `T-${process.pid}-${++seq}`, Name: `检测项目 ${seq}`, ClientKind: kind, ClientId: kind === "enterprise" ? await enterpriseId() : await departmentId() });
    expect(p.status, p.msg).toBe(200);
    const o = await post("SaveTaskOrder", token, { ProjectId: p.returnData.Id, Grade: opts.grade ?? "42CrMo", Lines: opts.lines ?? LINES, Limits: opts.limits ?? [] });
    expect(o.status, o.msg).toBe(200);
    for (const [action, version] of [["submit", 1], ["receive", 2]] as const) {
      const r = await post("SetTaskOrderState", token, { Id: o.returnData.Id, Action: action, Version: version });
      expect(r.status, r.msg).toBe(200);
    }
    return o.returnData as { Id: string; Code: string };
  }

  /** A received order with every piece registered and testing started (version 4). */
  async function orderInTest(token: string, opts: Parameters<typeof receivedOrder>[1] = {}) {
    const o = await receivedOrder(token, opts);
    const reg = await post("RegisterSamples", token, { OrderId: o.Id });
    expect(reg.status, reg.msg).toBe(200);
    const start = await post("SetTaskOrderState", token, { Id: o.Id, Action: "start", Version: 3 });
    expect(start.status, start.msg).toBe(200);
    return { ...o, samples: reg.returnData.Samples as { Id: string; Code: string; LineNo: number; PieceNo: number }[] };
  }

  return { db, post, enterpriseId, departmentId, receivedOrder, orderInTest };
}
