import { describe, expect, it } from "vitest";
import { checkEmail, checkIdCard, checkMobile, checkNewPassword, checkUnitName, isIdCard, isSafeLink, isStrongPassword, validationZh } from "./validators.ts";

describe("section 5 validators", () => {
  it("mobile: 11 digits starting with 1", () => {
    expect(checkMobile("13800000001")).toBeNull();
    expect(checkMobile("23800000001")).toBe("mobileInvalid");
    expect(checkMobile("1380000000")).toBe("mobileInvalid");
    expect(checkMobile("138000000011")).toBe("mobileInvalid");
    expect(checkMobile("")).toBeNull();
    expect(checkMobile("", true)).toBe("phoneRequired");
    expect(validationZh.mobileInvalid).toBe("请输入正确的手机号");
  });
  it("email is optional but must look like name@domain", () => {
    expect(checkEmail("")).toBeNull();
    expect(checkEmail("a@b.cn")).toBeNull();
    expect(checkEmail("a@b")).toBe("emailInvalid");
    expect(checkEmail("not an email")).toBe("emailInvalid");
  });
  it("ID card: 18 digits with the MOD 11-2 check digit, or 15 digits with a real date", () => {
    expect(isIdCard("11010519491231002X")).toBe(true);
    expect(isIdCard("110105194912310021")).toBe(false); // wrong check digit
    expect(isIdCard("440524188001010014")).toBe(true);
    expect(isIdCard("110105194902300028")).toBe(false); // 30 February
    expect(isIdCard("130503670401001")).toBe(true);
    expect(isIdCard("130503671301001")).toBe(false); // month 13
    expect(checkIdCard("")).toBeNull();
    expect(checkIdCard("12345")).toBe("idCardInvalid");
  });
  it("password rule: 8-20, upper, lower, digit, no Chinese", () => {
    expect(isStrongPassword("Ferrum2026")).toBe(true);
    expect(isStrongPassword("ferrum2026")).toBe(false);
    expect(isStrongPassword("FERRUM2026")).toBe(false);
    expect(isStrongPassword("FerrumIron")).toBe(false);
    expect(isStrongPassword("Fe2")).toBe(false);
    expect(isStrongPassword("Ferrum2026Ferrum20261")).toBe(false);
    expect(isStrongPassword("Ferrum2026钢")).toBe(false);
    expect(checkNewPassword("")).toBe("passwordRequired");
    expect(validationZh.passwordRule).toBe("密码必须包含大小写字母和数字，不允许输入汉字，长度为8-20个字符！");
  });
  it("unit name: required, at most 20 characters", () => {
    expect(checkUnitName(" ")).toBe("unitNameRequired");
    expect(checkUnitName("钢铁研究院")).toBeNull();
    expect(checkUnitName("钢".repeat(21))).toBe("unitNameTooLong");
  });
  it("links: http(s), mailto, tel only", () => {
    expect(isSafeLink("https://example.org/x")).toBe(true);
    expect(isSafeLink("mailto:a@b.cn")).toBe(true);
    expect(isSafeLink("tel:+86 10 1234")).toBe(true);
    expect(isSafeLink("javascript:alert(1)")).toBe(false);
    expect(isSafeLink("ftp://x")).toBe(false);
  });
});
