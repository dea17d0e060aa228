import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls } from "./task-helpers.ts";

const CARB = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 2, depthMm: 3, nodes: 201, diffusivity: "constant" };

/** The administrators' task search (CalculateTask/GetCalculateTaskOrderBase scope=admin, /systemManage/mySoftDataTableSearch). */
describeEachBackend("compute tasks: the administrators' search in their charge", (t) => {
  it("SystemAdmin sees every task, an InsideAdmin their department subtree's, an OutsideAdmin their enterprise's; by department and person; nobody else", async () => {
    const { submit } = taskCalls(t);
    const token = async (name: string) => (await sessionFor(t(), name)).token;
    // uploader is in 钢铁研究总院 (the InsideAdmin's), guest in 合作单位 (the OutsideAdmin's enterprise).
    const inside = (await submit(await token("uploader"), { appId: "carburizing", params: CARB })).returnData.taskId as string;
    const outside = (await submit(await token("guest"), { appId: "carburizing", params: CARB })).returnData.taskId as string;
    const search = async (who: string, query: Record<string, string> = {}) => {
      const r = await t().call("CalculateTask/GetCalculateTaskOrderBase", { token: await token(who), query: { scope: "admin", size: "50", ...query } });
      expect(r.status, `${who}: ${r.msg}`).toBe(200);
      return (r.returnData.rows as Array<{ id: string }>).map((x) => x.id);
    };
    expect(await search("admin")).toEqual(expect.arrayContaining([inside, outside]));
    expect(await search("inside")).toContain(inside);
    expect(await search("inside")).not.toContain(outside);
    expect(await search("outside")).toEqual([outside]);
    const [root] = await t().api.app.db.query<{ id: string }>(`select id from departments where name = '合作单位'`);
    expect(await search("admin", { departmentId: root.id })).toEqual([outside]);
    expect(await search("admin", { user: "uploader" })).toEqual([inside]);
    for (const who of ["uploader", "guest", "xadmin"]) {
      const r = await t().call("CalculateTask/GetCalculateTaskOrderBase", { token: await token(who), query: { scope: "admin" } });
      expect([r.status, r.msg], who).toEqual([403, "当前用户没有此操作权限"]);
    }
  });
});
