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

  const move = (token: string, Id: string, Action: string, Version: number, Reason = "", headers?: Record<string, string>) => post("SetTaskOrderState", token, { Id, Action, Version, Reason }, headers);
  const save = (token: string, SampleId: string, Method: string, values: Record<string, string | number>, Equipment = "WDW-300 万能试验机") =>
    post("SaveResults", token, { SampleId, Method, Equipment, Values: Object.entries(values).map(([Quantity, Value]) => ({ Quantity, Value })) });

  /**
   * An order of the default lines (2 bars of 42CrMo for tensile and Brinell, a plate of 45 for its composition),
   * its results entered by admin and inside, completed and verified by uploader (version 6). The order asks
   * A >= 14 %: bar 1's A of 13 % is out of range, as is the plate's Mn of 0.95 % (grade 45: 0.50–0.80).
   */
  async function verifiedOrder(admin: string, inside: string, uploader: string, opts: Parameters<typeof orderInTest>[1] = {}) {
    const o = await orderInTest(admin, { limits: [{ Method: "TENSILE-RT", Quantity: "A", Min: 14 }], ...opts });
    const [bar1, bar2, plate] = o.samples;
    for (const r of [
      await save(admin, bar1.Id, "TENSILE-RT", { Rm: 1100, "Rp0.2": 950, A: 13 }),
      await save(admin, bar1.Id, "HARD-HBW", { HBW: 320 }, "HB-3000"),
      await save(admin, bar2.Id, "TENSILE-RT", { Rm: 1090, A: 15 }),
      await save(admin, bar2.Id, "HARD-HBW", { HBW: 318 }, "HB-3000"),
      await save(inside, plate.Id, "CHEM-OES", { C: 0.46, Mn: 0.95 }, "ARL 4460"),
    ])
      expect(r.status, r.msg).toBe(200);
    expect((await move(admin, o.Id, "complete", 4)).returnData.State).toBe("to_verify");
    expect((await move(uploader, o.Id, "verify", 5)).returnData.State).toBe("verified");
    return o;
  }

  return { db, post, enterpriseId, departmentId, receivedOrder, orderInTest, move, save, verifiedOrder };
}
