import { expect, it } from "vitest";
import { DEFAULT_DES_IV, DEFAULT_DES_KEY, desEncrypt } from "../../common/des.ts";
import { describeEachBackend } from "./harness.ts";

const des = (s: string) => desEncrypt(s, DEFAULT_DES_KEY, DEFAULT_DES_IV);
const INITIAL = "Initial2026Pw";

// The production image: no demo data, one SystemAdmin from ADMIN_PASSWORD who must change it first.
describeEachBackend(
  "production seed",
  (t) => {
    it("creates only the administrator, with a forced password change", async () => {
      const users = await t().api.app.db.query<{ name: string }>(`select name from users order by name`);
      expect(users.map((u) => u.name)).toEqual(["admin"]);
      await expect(t().login("guest")).rejects.toThrow();
      await expect(t().login("admin")).rejects.toThrow(); // the demo password does not exist here

      const { token, userId } = await t().login("admin", INITIAL);
      const info = await t().call("Login/GetUserInfoByIdInfo", { token, query: { mdId: userId } });
      expect(info.returnData.userInfo.UpdatePwd).toBe(false);
      expect(info.returnData.roleList.map((r: { RoleCode: string }) => r.RoleCode)).toEqual(["SystemAdmin"]);

      const changed = await t().call("User/UpdatePassword", { token, form: { oldPwd: des(INITIAL), newPwd: des("Changed2026Pw") } });
      expect(changed.status).toBe(200);
      const after = await t().call("Login/GetUserInfoByIdInfo", { token, query: { mdId: userId } });
      expect(after.returnData.userInfo.UpdatePwd).toBe(true);
    });

    it("keeps the reference data: roles, the resource tree and the categories", async () => {
      const [{ roles }] = await t().api.app.db.query<{ roles: number }>(`select count(*)::int as roles from roles`);
      const [{ categories }] = await t().api.app.db.query<{ categories: number }>(`select count(*)::int as categories from compute_categories`);
      const [{ notices }] = await t().api.app.db.query<{ notices: number }>(`select count(*)::int as notices from notices`);
      expect(roles).toBe(9);
      expect(categories).toBe(12);
      expect(notices).toBe(0);
    });
  },
  { SEED_DEMO: "0", ADMIN_PASSWORD: INITIAL },
);
