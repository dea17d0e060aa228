import { expect, it } from "vitest";
import { startApi } from "../../api/app.ts";
import { seedResourceTree } from "../../api/modules/menus/seed-tree.ts";
import { describeEachBackend, type TestApi } from "./harness.ts";
import { sessionFor, userContextOf } from "./session-helpers.ts";

type Node = { Code: string; Granted: string | null; Default: string | null; Children: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.Children)]);
type Menu = { Code: string; PType: string; ChildMenuList: Menu[]; HideChildMenuList: Menu[] };
const menuCodes = (m: Menu[]): Map<string, string> =>
  new Map(m.flatMap((x) => [[x.Code, x.PType] as [string, string], ...menuCodes([...x.ChildMenuList, ...x.HideChildMenuList])]));

/** The role's grants as GetRoleResources shows them: {code: PType} of every shown page, and the version. */
async function grantsOf(t: TestApi, token: string, role: string) {
  const r = await t.call("System/GetRoleResources", { token, query: { role } });
  expect(r.status, r.msg).toBe(200);
  const nodes = flat(r.returnData.Tree);
  return {
    grants: Object.fromEntries(nodes.filter((n) => n.Granted).map((n) => [n.Code, n.Granted!])) as Record<string, string>,
    nodes: new Map(nodes.map((n) => [n.Code, n])),
    version: r.returnData.Role.Version as number,
  };
}

describeEachBackend("system: roles and grants", (t) => {
  const save = async (token: string, json: unknown) => t().call("System/SaveRoleResources", { token, json });

  it("GetRoleList: the nine roles in the spec's order with their people; SystemAdmin only", async () => {
    const admin = await sessionFor(t(), "admin");
    const r = await t().call("System/GetRoleList", { token: admin.token });
    expect(r.status, r.msg).toBe(200);
    const rows = r.returnData as Array<{ Code: string; People: number; Changes: number }>;
    expect(rows.map((x) => x.Code)).toEqual(["SystemAdmin", "XSystemAdmin", "InsideAdmin", "OutsideAdmin", "OutsideUser", "DataUpload", "FileTransferAdmin", "EquimentAdmin", "SGUser"]);
    const [{ n }] = await t().api.app.db.query<{ n: number }>(`select count(*)::int as n from user_roles where role_code = 'InsideAdmin'`);
    expect(rows.find((x) => x.Code === "InsideAdmin")!.People).toBe(n);
    expect(rows.every((x) => x.Changes === 0)).toBe(true);
    for (const name of ["inside", "guest"]) {
      const token = (await sessionFor(t(), name)).token;
      for (const [call, opts] of [
        ["System/GetRoleList", {}],
        ["System/GetRoleResources", { query: { role: "InsideAdmin" } }],
        ["System/SaveRoleResources", { json: { Role: "InsideAdmin", Grants: {} } }],
        ["System/ResetRoleResources", { json: { Role: "InsideAdmin" } }],
      ] as const) {
        expect((await t().call(call, { token, ...opts })).status, `${name} ${call}`).toBe(403);
      }
    }
    expect((await t().call("System/GetRoleList")).status).toBe(205);
  });

  it("a grant change reaches the role's users on their next call, survives a restart's re-seed, and goes back to default", async () => {
    const admin = await sessionFor(t(), "admin");
    const before = await grantsOf(t(), admin.token, "InsideAdmin");
    expect(before.grants.loginLog).toBeUndefined();
    expect(before.nodes.get("loginLog")!.Default).toBeNull();
    // Warm the menu cache for InsideAdmin first: the save must clear it.
    expect(menuCodes((await userContextOf(t(), "inside")).resList).has("loginLog")).toBe(false);

    const grants = { ...before.grants, loginLog: "ReadOnly" } as Record<string, string>;
    delete grants.dataStatistics;
    const saved = await save(admin.token, { Role: "InsideAdmin", Version: before.version, Grants: grants });
    expect(saved.status, saved.msg).toBe(200);
    expect(saved.returnData).toMatchObject({ Version: before.version + 1, Changed: 2, Changes: 2 });

    const menu = menuCodes((await userContextOf(t(), "inside")).resList);
    expect(menu.get("loginLog")).toBe("ReadOnly");
    expect(menu.has("dataStatistics")).toBe(false);
    // Other roles keep theirs.
    expect(menuCodes((await userContextOf(t(), "admin")).resList).get("loginLog")).toBe("ReadAndWrite");

    const list = (await t().call("System/GetRoleList", { token: admin.token })).returnData as Array<{ Code: string; Changes: number }>;
    expect(list.find((x) => x.Code === "InsideAdmin")!.Changes).toBe(2);
    const log = await t().call("System/GetOperationLog", { token: admin.token, query: { targetType: "role" } });
    expect(log.returnData.rows[0]).toMatchObject({
      Action: "role.grants",
      TargetId: "InsideAdmin",
      UserName: "admin",
      Before: { loginLog: null, dataStatistics: "ReadAndWrite" },
      After: { loginLog: "ReadOnly", dataStatistics: null },
    });

    // A restart re-seeds the tree from code: the site's changes are laid over the defaults again.
    await seedResourceTree(t().api.app.db);
    const after = await grantsOf(t(), admin.token, "InsideAdmin");
    expect(after.grants.loginLog).toBe("ReadOnly");
    expect(after.grants.dataStatistics).toBeUndefined();
    expect(menuCodes((await userContextOf(t(), "inside")).resList).get("loginLog")).toBe("ReadOnly");

    const reset = await t().call("System/ResetRoleResources", { token: admin.token, json: { Role: "InsideAdmin", Version: after.version } });
    expect(reset.status, reset.msg).toBe(200);
    expect((await grantsOf(t(), admin.token, "InsideAdmin")).grants).toEqual(before.grants);
    expect(menuCodes((await userContextOf(t(), "inside")).resList).has("loginLog")).toBe(false);
    const [{ n }] = await t().api.app.db.query<{ n: number }>(`select count(*)::int as n from resource_grant_changes where role_code = 'InsideAdmin'`);
    expect(n).toBe(0);
  });

  it("refuses what would break the tree or lock the administrators out, a stale form, and bad input, changing nothing", async () => {
    const admin = await sessionFor(t(), "admin");
    const sa = await grantsOf(t(), admin.token, "SystemAdmin");
    const snapshot = async () => (await t().api.app.db.query(`select role_code, resource_id, ptype from resource_grants order by 1, 2`)).length;
    const rows = await snapshot();
    const refused = async (json: unknown, status: number, fields: Array<[string, string]>) => {
      const r = await save(admin.token, json);
      expect(r.status, JSON.stringify(r)).toBe(status);
      expect((r.returnData?.fields ?? []).map((f: { field: string; key: string }) => [f.field, f.key])).toEqual(fields);
      return r;
    };

    // A page without its group.
    const orphan = { ...sa.grants };
    delete orphan.systemManage;
    const r1 = await refused({ Role: "SystemAdmin", Version: sa.version, Grants: { ...orphan, systemManage: undefined } }, 400, [
      ...Object.keys(orphan)
        .filter((c) => sa.nodes.get(c) && flatParent(sa.nodes, c) === "systemManage")
        .map((c) => [`Grants.${c}`, "groupHidden"] as [string, string]),
      ["Grants.systemManage", "adminLockout"],
    ]);
    expect(r1.msg).toBe("显示此页面须同时显示它所在的上级菜单");
    // SystemAdmin keeps the grants page with read and write.
    await refused({ Role: "SystemAdmin", Version: sa.version, Grants: { ...sa.grants, roleManage: "ReadOnly" } }, 400, [["Grants.roleManage", "adminLockout"]]);
    // Unknown pages and roles, wrong types.
    await refused({ Role: "InsideAdmin", Grants: { nosuchpage: "ReadOnly" } }, 400, [["Grants.nosuchpage", "pageUnknown"]]);
    expect((await save(admin.token, { Role: "Wizard", Grants: {} })).status).toBe(400);
    expect((await save(admin.token, { Role: "InsideAdmin", Grants: { loginLog: "Everything" } })).status).toBe(400);
    expect((await save(admin.token, { Role: "InsideAdmin", Grants: "all" })).status).toBe(400);
    expect((await t().call("System/GetRoleResources", { token: admin.token, query: { role: "Wizard" } })).status).toBe(404);
    // Someone saved in between.
    const inside = await grantsOf(t(), admin.token, "InsideAdmin");
    expect((await save(admin.token, { Role: "InsideAdmin", Version: inside.version, Grants: inside.grants })).status).toBe(200);
    const stale = await save(admin.token, { Role: "InsideAdmin", Version: inside.version, Grants: {} });
    expect(stale.status).toBe(409);
    expect(stale.msg).toBe("该角色的权限已被他人修改，请刷新后重试");
    expect(await snapshot()).toBe(rows);
  });
});

const flatParent = (nodes: Map<string, Node>, code: string): string | null => {
  for (const n of nodes.values()) if (n.Children.some((c) => c.Code === code)) return n.Code;
  return null;
};

describeEachBackend(
  "system: a grant change on one API instance",
  (t) => {
    it("clears the menu cache of the other instances on the same database", async () => {
      const other = await startApi({ ...t().api.app.config, API_PORT: 0 });
      try {
        const admin = await sessionFor(t(), "admin");
        const inside = await sessionFor(t(), "inside");
        const menuOnOther = async () => {
          const res = await fetch(`http://127.0.0.1:${other.port}/api/Login/GetUserInfoByIdInfo?mdId=${inside.userId}`, {
            headers: { xteam: "xteam", AuthorizationToken: inside.token },
          });
          return menuCodes(((await res.json()) as { returnData: { resList: Menu[] } }).returnData.resList);
        };
        expect((await menuOnOther()).has("loginLog")).toBe(false);
        const { grants, version } = await grantsOf(t(), admin.token, "InsideAdmin");
        expect((await save(admin.token, { Role: "InsideAdmin", Version: version, Grants: { ...grants, loginLog: "ReadAndWrite" } })).status).toBe(200);
        const end = Date.now() + 5000;
        while (!(await menuOnOther()).has("loginLog")) {
          if (Date.now() > end) throw new Error("the other instance kept its cached menu");
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        await other.close();
      }
    });
    const save = (token: string, json: unknown) => t().call("System/SaveRoleResources", { token, json });
  },
  {},
  "postgres",
);
