import { describe, expect, it } from "vitest";
import { isCreditCode } from "../validators.ts";
import { checkForm } from "./check.ts";
import { departmentSchema } from "./department.ts";

describe("shared form checks", () => {
  it("answers a message key per refused field, `invalid` for a wrong type, and the cleaned values when valid", () => {
    expect(checkForm(departmentSchema, { Name: " 研发部 ", Sort: "", Disabled: "on" })).toEqual({
      ok: true,
      data: { Name: "研发部", Leader: "", Phone: "", Sort: 0, Disabled: true },
    });
    expect(checkForm(departmentSchema, { Name: "", Code: "a b", Sort: "x", Phone: "abc", ParentId: "zz" })).toEqual({
      ok: false,
      errors: { ParentId: "parentInvalid", Name: "nameRequired", Code: "codeInvalid", Phone: "phoneInvalid", Sort: "sortInvalid" },
    });
    expect(checkForm(departmentSchema, { Name: 5, Leader: ["x"] })).toMatchObject({ ok: false, errors: { Name: "invalid", Leader: "invalid" } });
  });

  it("verifies a unified social credit code's check character (GB 32100)", () => {
    expect(isCreditCode("91350100M000100Y43")).toBe(true);
    expect(isCreditCode("91350100m000100y43")).toBe(true);
    expect(isCreditCode("91350100M000100Y44")).toBe(false);
    expect(isCreditCode("91350100M000100Y4")).toBe(false);
    expect(isCreditCode("91350100O000100Y43")).toBe(false);
  });
});
