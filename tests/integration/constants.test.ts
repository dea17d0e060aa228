import { expect, it } from "vitest";
import { startApi } from "../../api/app.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

type Item = { Key: string; Format: string; Labels: Record<string, string>; Default: Record<string, string>; Changed: boolean; Version: number };
type Group = { Code: string; Kind: string; Items: Item[] };

describeEachBackend("constants", (t) => {
  const base = async () => (await t().call("System/GetConstantList", { token: (await sessionFor(t(), "admin")).token })).returnData as Group[];
  const item = async (g: string, k: string) => (await base()).find((x) => x.Code === g)!.Items.find((i) => i.Key === k)!;

  it("GetConstantBase answers anyone the spec's enumerations and the site's texts in four languages", async () => {
    const r = await t().call("System/GetConstantBase");
    expect(r.status, r.msg).toBe(200);
    const groups = r.returnData as Group[];
    expect(groups.map((g) => g.Code)).toEqual([
      "GenderArr",
      "ProjectDataLevel",
      "TestDetectionDataLevel",
      "VersionContentArray",
      "FunctionDataTypeArray",
      "MenuShowTypeArray",
      "SiteContact",
      "SiteIntro",
    ]);
    const gender = groups[0].Items.map((i) => [i.Key, i.Labels.zh]);
    expect(gender).toEqual([
      ["0", "未知"],
      ["1", "男"],
      ["9", "女"],
    ]);
    expect(groups.find((g) => g.Code === "VersionContentArray")!.Items.map((i) => i.Key)).toEqual(["3", "7", "15", "31", "63", "88"]);
    expect(groups.find((g) => g.Code === "MenuShowTypeArray")!.Items.map((i) => i.Key)).toEqual(["1", "3", "5"]);
    for (const g of groups) for (const i of g.Items) expect(Object.keys(i.Labels).sort(), `${g.Code}.${i.Key}`).toEqual(["en", "es", "ja", "zh"]);
    // Who changed what is for SystemAdmins (GetConstantList), not for anyone who asks.
    expect(Object.keys(groups[0].Items[0]).sort()).toEqual(["Format", "Key", "Labels"]);
    expect((await t().call("System/GetConstantList")).status).toBe(205);
    expect((await t().call("System/GetConstantList", { token: (await sessionFor(t(), "inside")).token })).status).toBe(403);
  });

  it("two first edits of one item at once: one is saved, the other is told it is stale", async () => {
    const admin = await sessionFor(t(), "admin");
    const form = (zh: string) => ({ Group: "TestDetectionDataLevel", Key: "2", Version: "0", zh, en: zh, es: zh, ja: zh });
    const answers = await Promise.all(["甲", "乙"].map((zh) => t().call("System/SaveConstant", { token: admin.token, form: form(zh) })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await t().call("System/ResetConstant", { token: admin.token, form: { Group: "TestDetectionDataLevel", Key: "2" } });
  });

  it("SaveConstant: a SystemAdmin's edit shows at once, is logged, is checked by the item's format, and goes back to default", async () => {
    const admin = await sessionFor(t(), "admin");
    const save = (form: Record<string, string>, token = admin.token) => t().call("System/SaveConstant", { token, form });
    const female = await item("GenderArr", "9");
    expect(female.Version).toBe(0);
    const ok = await save({ Group: "GenderArr", Key: "9", Version: "0", zh: "女性", en: "Woman", es: "Mujer", ja: "女性" });
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.returnData).toEqual({ Version: 1 });
    const after = await item("GenderArr", "9");
    expect(after).toMatchObject({ Changed: true, Version: 1, Labels: { zh: "女性", en: "Woman" }, Default: { zh: "女", en: "Female" } });
    const log = await t().call("System/GetOperationLog", { token: admin.token, query: { targetType: "constant" } });
    expect(log.returnData.rows[0]).toMatchObject({ Action: "constant.save", TargetId: "GenderArr.9", Before: { zh: "女" }, After: { zh: "女性" } });

    // Stale, bad input and others' roles change nothing.
    const stale = await save({ Group: "GenderArr", Key: "9", Version: "0", zh: "x", en: "x", es: "x", ja: "x" });
    expect(stale.status).toBe(409);
    expect(stale.msg).toBe("该常量已被他人修改，请刷新后重试");
    const fields = async (form: Record<string, string>) => ((await save(form)).returnData?.fields ?? []).map((f: { field: string; key: string }) => `${f.field}:${f.key}`);
    expect(await fields({ Group: "GenderArr", Key: "9", zh: "", en: "x".repeat(31), es: "y", ja: "z" })).toEqual(["zh:required", "en:tooLong"]);
    expect(await fields({ Group: "SiteContact", Key: "phone", Value: "call me" })).toEqual(["Value:phoneInvalid"]);
    expect(await fields({ Group: "SiteContact", Key: "email", Value: "not-an-address" })).toEqual(["Value:emailInvalid"]);
    expect((await save({ Group: "GenderArr", Key: "4", zh: "a", en: "a", es: "a", ja: "a" })).status).toBe(404);
    expect((await save({ Group: "../etc", Key: "9" })).status).toBe(400);
    for (const name of ["inside", "guest"]) {
      const token = (await sessionFor(t(), name)).token;
      expect((await save({ Group: "GenderArr", Key: "9", zh: "a", en: "a", es: "a", ja: "a" }, token)).status, name).toBe(403);
      expect((await t().call("System/ResetConstant", { token, form: { Group: "GenderArr", Key: "9" } })).status, name).toBe(403);
    }
    expect((await item("GenderArr", "9")).Labels.zh).toBe("女性");

    // A phone or e-mail is one value for every language.
    expect((await save({ Group: "SiteContact", Key: "phone", Value: "010-8888 0000" })).status).toBe(200);
    expect((await item("SiteContact", "phone")).Labels).toEqual({ zh: "010-8888 0000", en: "010-8888 0000", es: "010-8888 0000", ja: "010-8888 0000" });

    const reset = await t().call("System/ResetConstant", { token: admin.token, form: { Group: "GenderArr", Key: "9", Version: "1" } });
    expect(reset.status, reset.msg).toBe(200);
    expect(await item("GenderArr", "9")).toMatchObject({ Changed: false, Version: 0, Labels: { zh: "女" } });
    await t().call("System/ResetConstant", { token: admin.token, form: { Group: "SiteContact", Key: "phone" } });
  });
});

describeEachBackend(
  "constants on two API instances",
  (t) => {
    it("an edit on one instance clears the other's copy", async () => {
      const other = await startApi({ ...t().api.app.config, API_PORT: 0 });
      try {
        const read = async () => {
          const res = await fetch(`http://127.0.0.1:${other.port}/api/System/GetConstantBase`, { headers: { xteam: "xteam" } });
          const groups = ((await res.json()) as { returnData: Group[] }).returnData;
          return groups.find((g) => g.Code === "SiteContact")!.Items.find((i) => i.Key === "email")!.Labels.en;
        };
        expect(await read()).toBe("service@ferrum-platform.cn");
        const admin = await sessionFor(t(), "admin");
        expect((await t().call("System/SaveConstant", { token: admin.token, form: { Group: "SiteContact", Key: "email", Value: "lab@example.org" } })).status).toBe(200);
        const end = Date.now() + 5000;
        while ((await read()) !== "lab@example.org") {
          if (Date.now() > end) throw new Error("the other instance kept its copy");
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        await other.close();
      }
    });
  },
  {},
  "postgres",
);
