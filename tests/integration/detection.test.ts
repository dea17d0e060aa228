import { expect, it } from "vitest";
import { ORDER_ACTIONS } from "../../common/detection.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

const FORBIDDEN = "当前用户没有此操作权限";

describeEachBackend("test detection: detection projects and task orders", (t) => {
  const db = () => t().api.app.db;
  const post = (path: string, token: string, json: unknown, headers?: Record<string, string>) => t().call(`TrialDetection/${path}`, { method: "POST", token, json, headers });
  const enterpriseId = async () => (await db().query<{ id: string }>(`select id from enterprises where name = '合作单位'`))[0].id;
  const departmentId = async () => (await db().query<{ id: string }>(`select id from departments order by name limit 1`))[0].id;
  const counts = async () =>
    (await db().query<{ p: number; o: number; e: number }>(
      `select (select count(*) from detection_projects)::int as p, (select count(*) from detection_orders)::int as o, (select count(*) from detection_order_events)::int as e`,
    ))[0];

  let seq = 0;
  /** A detection project made by the lab (admin) for a client. */
  async function project(token: string, client: { kind: "department" | "enterprise"; id: string }, extra: Record<string, unknown> = {}) {
    const r = await post("SaveDetectionProject", token, { Code: `DP-${++seq}`, Name: `检测项目 ${seq}`, ClientKind: client.kind, ClientId: client.id, Standards: "GB/T 228.1", ...extra });
    expect(r.status, r.msg).toBe(200);
    return r.returnData.Id as string;
  }
  const line = (methods = ["TENSILE-RT", "HARD-HBW"]) => ({ Description: "Φ20 棒材", Grade: "42CrMo", HeatNo: "H2611", Form: "bar", Condition: "QT", Quantity: 2, Methods: methods });
  async function order(token: string, projectId: string) {
    const r = await post("SaveTaskOrder", token, { ProjectId: projectId, Grade: "42CrMo", Lines: [line(), line(["CHEM-OES"])] });
    expect(r.status, r.msg).toBe(200);
    return r.returnData as { Id: string; Code: string; Version: number };
  }
  const move = (token: string, id: string, Action: string, Version: number, Reason = "") => post("SetTaskOrderState", token, { Id: id, Action, Version, Reason });

  it("the method catalogue is read in the caller's language by lab, staff and outside users, not by SG users", async () => {
    const guest = await sessionFor(t(), "guest");
    const r = await t().call("TrialDetection/GetMethods", { token: guest.token, headers: { "accept-language": "en" } });
    expect(r.status).toBe(200);
    const tensile = r.returnData.find((m: { Code: string }) => m.Code === "TENSILE-RT");
    expect(tensile).toMatchObject({ Name: "Tensile test at room temperature", Standards: expect.arrayContaining(["GB/T 228.1"]) });
    expect(tensile.Quantities.map((q: { Key: string; Unit: string }) => `${q.Key} ${q.Unit}`)).toContain("Rm MPa");
    const sg = await sessionFor(t(), "sg");
    expect((await t().call("TrialDetection/GetMethods", { token: sg.token })).status).toBe(403);
    expect((await t().call("TrialDetection/GetMethods")).status).toBe(205);
  });

  it("only the lab saves projects; bad input is refused field by field in the caller's language and saves nothing", async () => {
    const admin = await sessionFor(t(), "admin");
    const before = await counts();
    for (const name of ["guest", "outside", "equip", "transfer"]) {
      const s = await sessionFor(t(), name);
      const r = await post("SaveDetectionProject", s.token, { Code: "X-1", Name: "越权", ClientKind: "enterprise", ClientId: await enterpriseId() });
      expect([r.status, r.msg], name).toEqual([403, FORBIDDEN]);
    }
    const bad = await post("SaveDetectionProject", admin.token, { Code: " ", Name: "", ClientKind: "department", DueDate: "2026-02-30" }, { "accept-language": "en" });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe("Enter the detection project's code");
    expect(bad.returnData.fields.map((f: { field: string; key: string }) => `${f.field}:${f.key}`).sort()).toEqual(["ClientId:clientRequired", "Code:codeRequired", "DueDate:dateInvalid", "Name:nameRequired"]);
    const ghost = await post("SaveDetectionProject", admin.token, { Code: "GHOST", Name: "无此单位", ClientKind: "enterprise", ClientId: "00000000-0000-4000-8000-000000000000" });
    expect([ghost.status, ghost.msg]).toEqual([400, "委托单位不存在"]);
    expect(await counts()).toEqual(before);
  });

  it("a project's code is unique ignoring case; an edit needs the version it was opened at; every save is logged", async () => {
    const admin = await sessionFor(t(), "admin");
    const id = await project(admin.token, { kind: "enterprise", id: await enterpriseId() }, { Code: "NCS-2026-101" });
    const taken = await post("SaveDetectionProject", admin.token, { Code: "ncs-2026-101", Name: "重复", ClientKind: "enterprise", ClientId: await enterpriseId() });
    expect([taken.status, taken.msg]).toEqual([400, "检测项目编号已存在"]);
    const edit = { Id: id, Code: "NCS-2026-101", Name: "改名", ClientKind: "enterprise", ClientId: await enterpriseId(), Version: 1 };
    expect((await post("SaveDetectionProject", admin.token, edit)).returnData).toEqual({ Id: id, Version: 2 });
    const stale = await post("SaveDetectionProject", admin.token, { ...edit, Name: "旧版本" });
    expect([stale.status, stale.returnData.fields[0].key]).toEqual([409, "stale"]);
    const list = await post("GetDetectionProjectBase", admin.token, { keyword: "NCS-2026-1" });
    expect(list.returnData.rows).toEqual([expect.objectContaining({ Id: id, Name: "改名", ClientKind: "enterprise", ClientName: "合作单位", Orders: 0, Version: 2 })]);
    // One project by its id, for its form; an id that is not one is refused.
    expect((await post("GetDetectionProjectBase", admin.token, { id })).returnData.rows.map((r: { Id: string }) => r.Id)).toEqual([id]);
    expect((await post("GetDetectionProjectBase", admin.token, { id: "x" })).status).toBe(400);
    const logged = await db().query<{ action: string }>(`select action from operation_log where target_id = $1 order by id`, [id]);
    expect(logged.map((l) => l.action)).toEqual(["detectionProject.save", "detectionProject.save"]);
  });

  it("an order gets a code, its lines and a first event; unknown methods and empty orders are refused; a submitted order is not edited", async () => {
    const admin = await sessionFor(t(), "admin");
    const pid = await project(admin.token, { kind: "department", id: await departmentId() });
    const before = await counts();
    const unknown = await post("SaveTaskOrder", admin.token, { ProjectId: pid, Lines: [line(["TENSILE-RT", "NO-SUCH"])] });
    expect([unknown.status, unknown.msg, unknown.returnData.fields[0].field]).toEqual([400, "检测方法不存在", "Lines.0.Methods"]);
    const empty = await post("SaveTaskOrder", admin.token, { ProjectId: pid, Lines: [] });
    expect([empty.status, empty.msg]).toEqual([400, "委托单至少包含一个样品"]);
    expect(await counts()).toEqual(before);

    const o = await order(admin.token, pid);
    expect(o.Code).toMatch(/^WT\d{6}-\d{4}$/);
    const second = await order(admin.token, pid);
    expect(Number(second.Code.slice(-4))).toBe(Number(o.Code.slice(-4)) + 1);
    const got = (await t().call("TrialDetection/GetTaskOrder", { token: admin.token, query: { id: o.Id } })).returnData;
    expect(got).toMatchObject({ Code: o.Code, State: "draft", Samples: 4, Lines: [{ LineNo: 1, Methods: ["TENSILE-RT", "HARD-HBW"] }, { LineNo: 2, Methods: ["CHEM-OES"] }] });
    expect(got.Events).toEqual([expect.objectContaining({ Action: "create", From: null, To: "draft" })]);

    expect((await move(admin.token, o.Id, "submit", o.Version)).returnData).toEqual({ State: "submitted", Version: 2 });
    const edit = await post("SaveTaskOrder", admin.token, { Id: o.Id, ProjectId: pid, Lines: [line()], Version: 2 });
    expect([edit.status, edit.returnData.fields[0].key]).toEqual([409, "notDraft"]);
  });

  it("the state machine allows exactly its transitions, records each with who and why, and refuses the rest changing nothing", async () => {
    const admin = await sessionFor(t(), "admin");
    const pid = await project(admin.token, { kind: "enterprise", id: await enterpriseId() });
    const o = await order(admin.token, pid);
    // From a draft only submit and cancel; every other action is refused with the state named.
    for (const action of ORDER_ACTIONS.filter((a) => a !== "submit" && a !== "cancel")) {
      const r = await move(admin.token, o.Id, action, 1, "原因");
      expect([r.status, r.msg], action).toEqual([409, "委托单当前状态为“草稿”，不能执行此操作"]);
    }
    const inEnglish = await post("SetTaskOrderState", admin.token, { Id: o.Id, Action: "verify", Version: 1 }, { "accept-language": "en" });
    expect(inEnglish.msg).toBe("The order is a draft: this action is not allowed now");
    const unknown = await move(admin.token, o.Id, "approve", 1);
    expect([unknown.status, unknown.returnData.fields[0].key]).toEqual([400, "actionUnknown"]);
    expect((await move(admin.token, o.Id, "submit", 1)).returnData.State).toBe("submitted");
    expect((await move(admin.token, o.Id, "submit", 2)).msg).toBe("委托单当前状态为“已提交”，不能执行此操作");
    expect((await move(admin.token, o.Id, "receive", 2)).returnData).toEqual({ State: "received", Version: 3 });
    // Testing starts only with every sample registered (detection-samples.test.ts).
    const start = await move(admin.token, o.Id, "start", 3);
    expect([start.status, start.msg]).toEqual([409, "请先登记委托单的全部样品，再开始检测"]);
    const noReason = await move(admin.token, o.Id, "cancel", 3);
    expect([noReason.status, noReason.msg]).toEqual([400, "请填写原因"]);
    expect((await move(admin.token, o.Id, "cancel", 3, "客户撤回委托")).returnData.State).toBe("cancelled");
    for (const action of ORDER_ACTIONS) expect((await move(admin.token, o.Id, action, 4, "原因")).status, action).toBe(409);

    const events = (await t().call("TrialDetection/GetTaskOrder", { token: admin.token, query: { id: o.Id } })).returnData.Events;
    expect(events.map((e: { Action: string; From: string | null; To: string; Reason: string; By: string }) => [e.Action, e.From, e.To, e.Reason, e.By])).toEqual([
      ["create", null, "draft", "", "admin"],
      ["submit", "draft", "submitted", "", "admin"],
      ["receive", "submitted", "received", "", "admin"],
      ["cancel", "received", "cancelled", "客户撤回委托", "admin"],
    ]);
    const logged = await db().query<{ action: string }>(`select action from operation_log where target_id = $1 and action like 'taskOrder.%' order by id`, [o.Id]);
    expect(logged.map((l) => l.action)).toEqual(["taskOrder.save", "taskOrder.submit", "taskOrder.receive", "taskOrder.cancel"]);
  });

  it("of two concurrent changes of one order exactly one wins; the other is stale and changes nothing", async () => {
    const admin = await sessionFor(t(), "admin");
    const inside = await sessionFor(t(), "inside");
    const pid = await project(admin.token, { kind: "enterprise", id: await enterpriseId() });
    for (let round = 0; round < 3; round++) {
      const o = await order(admin.token, pid);
      const results = await Promise.all([move(admin.token, o.Id, "submit", 1), move(inside.token, o.Id, round === 2 ? "submit" : "cancel", 1, "撤回")]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const [row] = await db().query<{ state: string; version: number }>(`select state, version from detection_orders where id = $1`, [o.Id]);
      expect(row.version).toBe(2);
      const events = await db().query(`select 1 from detection_order_events where order_id = $1`, [o.Id]);
      expect(events).toHaveLength(2);
      expect(results.find((r) => r.status === 409)!.returnData.fields[0].key).toBe("stale");
    }
  });

  it("the order list filters by state, client, project and code; outside users see their enterprise's orders only; SG users none", async () => {
    const admin = await sessionFor(t(), "admin");
    const ent = await pidOf(admin.token, "enterprise");
    const dep = await pidOf(admin.token, "department");
    const a = await order(admin.token, ent);
    const b = await order(admin.token, dep);
    await move(admin.token, b.Id, "submit", 1);
    const list = async (token: string, filter: Record<string, string>) => (await post("GetDetectionTaskOrderBase", token, { pageSize: "100", ...filter })).returnData;
    const ids = (page: { rows: Array<{ Id: string }> }) => page.rows.map((r) => r.Id);
    expect(ids(await list(admin.token, { projectId: ent }))).toEqual([a.Id]);
    expect(ids(await list(admin.token, { projectId: dep, state: "submitted" }))).toEqual([b.Id]);
    expect(ids(await list(admin.token, { state: "submitted", keyword: b.Code }))).toEqual([b.Id]);
    expect(ids(await list(admin.token, { clientKind: "enterprise", clientId: await enterpriseId() }))).toContain(a.Id);
    expect(ids(await list(admin.token, { clientKind: "enterprise", clientId: await enterpriseId() }))).not.toContain(b.Id);
    const bad = await post("GetDetectionTaskOrderBase", admin.token, { state: "lost" });
    expect(bad.status).toBe(400);

    const guest = await sessionFor(t(), "guest");
    const mine = await list(guest.token, {});
    expect(ids(mine)).toContain(a.Id);
    expect(ids(mine)).not.toContain(b.Id);
    expect((await t().call("TrialDetection/GetTaskOrder", { token: guest.token, query: { id: b.Id } })).status).toBe(404);
    expect((await t().call("TrialDetection/GetTaskOrder", { token: guest.token, query: { id: a.Id } })).status).toBe(200);
    const equip = await sessionFor(t(), "equip");
    expect(ids(await list(equip.token, {}))).toEqual(expect.arrayContaining([a.Id, b.Id]));
    expect((await move(equip.token, a.Id, "submit", 1)).status).toBe(403);
    const sg = await sessionFor(t(), "sg");
    expect((await post("GetDetectionTaskOrderBase", sg.token, {})).status).toBe(403);
  });

  it("the lab's queue counts the orders each caller may read by state and overdue; only the lab lists the clients a project may be for", async () => {
    const admin = await sessionFor(t(), "admin");
    const ent = await pidOf(admin.token, "enterprise");
    const dep = await pidOf(admin.token, "department");
    const before = async (token: string) => (await t().call("TrialDetection/GetOrderQueue", { token })).returnData as { States: Record<string, number>; Overdue: number };
    const guest = await sessionFor(t(), "guest");
    const [adminBefore, guestBefore] = [await before(admin.token), await before(guest.token)];
    const late = await post("SaveTaskOrder", admin.token, { ProjectId: ent, DueDate: "2020-01-01", Lines: [line()] });
    await post("SaveTaskOrder", admin.token, { ProjectId: dep, Lines: [line()] });
    await move(admin.token, late.returnData.Id, "submit", 1);
    const adminAfter = await before(admin.token);
    expect([(adminAfter.States.draft ?? 0) - (adminBefore.States.draft ?? 0), (adminAfter.States.submitted ?? 0) - (adminBefore.States.submitted ?? 0), adminAfter.Overdue - adminBefore.Overdue]).toEqual([1, 1, 1]);
    // The guest's enterprise is the late order's client, not the department's.
    const guestAfter = await before(guest.token);
    expect([(guestAfter.States.draft ?? 0) - (guestBefore.States.draft ?? 0), (guestAfter.States.submitted ?? 0) - (guestBefore.States.submitted ?? 0), guestAfter.Overdue - guestBefore.Overdue]).toEqual([0, 1, 1]);
    const sg = await sessionFor(t(), "sg");
    expect((await t().call("TrialDetection/GetOrderQueue", { token: sg.token })).status).toBe(403);

    const options = (await t().call("TrialDetection/GetClientOptions", { token: admin.token })).returnData;
    expect(options.Enterprises.map((e: { Name: string }) => e.Name)).toContain("合作单位");
    expect(options.Departments.length).toBeGreaterThan(0);
    for (const name of ["equip", "guest", "sg"]) expect((await t().call("TrialDetection/GetClientOptions", { token: (await sessionFor(t(), name)).token })).status, name).toBe(403);
  });

  async function pidOf(token: string, kind: "department" | "enterprise") {
    return project(token, { kind, id: kind === "enterprise" ? await enterpriseId() : await departmentId() });
  }
});
