import { describe, expect, it } from "vitest";
import {
  checkMobileLogin,
  checkPasswordChange,
  checkPasswordLogin,
  checkProfile,
  checkReset,
  checkSmsPhone,
  checkUnit,
  smsSecondsLeft,
} from "./forms";

describe("login checks", () => {
  it("password mode needs user name, password and captcha", () => {
    expect(checkPasswordLogin({})).toEqual({ username: "usernameRequired", password: "passwordRequired", clientCode: "captchaRequired" });
    expect(checkPasswordLogin({ username: "a", password: "b", clientCode: "c" })).toEqual({});
    expect(checkPasswordLogin({ username: " ", clientCode: "c" }, true)).toEqual({ username: "usernameRequired" });
  });
  it("checks the phone before sending a code", () => {
    expect(checkSmsPhone({})).toEqual({ phoneNum: "phoneRequired" });
    expect(checkSmsPhone({ phoneNum: "1380000000" })).toEqual({ phoneNum: "phoneInvalidShort" });
    expect(checkSmsPhone({ phoneNum: " 13800000001 " })).toEqual({});
  });
  it("phone login needs the code and a sent verification string", () => {
    expect(checkMobileLogin({ phoneNum: "13800000001" })).toEqual({ verifyNum: "verifyRequired" });
    expect(checkMobileLogin({ phoneNum: "13800000001", verifyNum: "123456" })).toEqual({ verifyNum: "codeNotSent" });
    expect(checkMobileLogin({ phoneNum: "13800000001", verifyNum: "123456", verifySign: "s" })).toEqual({});
  });
  it("reset needs a strong password typed twice", () => {
    const base = { phoneNum: "13800000001", verifyNum: "1", verifySign: "s" };
    expect(checkReset({ ...base, newPassword: "weak", confirmPassword: "weak" })).toEqual({ newPassword: "passwordRule" });
    expect(checkReset({ ...base, newPassword: "Abcdefg1", confirmPassword: "Abcdefg2" })).toEqual({ confirmPassword: "confirmMismatch" });
    expect(checkReset({ ...base, newPassword: "Abcdefg1", confirmPassword: "Abcdefg1" })).toEqual({});
  });
});

describe("profile checks", () => {
  it("accepts empty optional fields and a known gender", () => {
    expect(checkProfile({ RealName: "张三", Mobile: "13800000001", Gender: "9" })).toEqual({});
    expect(checkProfile({ RealName: "张三", Mobile: "13800000001", IdCard: "11010519491231002X", Email: "a@b.cn", Gender: "1" })).toEqual({});
  });
  it("needs a name and a mobile number", () => {
    expect(checkProfile({ Gender: "0" })).toEqual({ RealName: "realNameRequired", Mobile: "phoneRequired" });
    expect(checkProfile({ RealName: "x".repeat(51), Mobile: "13800000001", Gender: "0" })).toEqual({ RealName: "realNameTooLong" });
  });
  it("names each bad field", () => {
    expect(checkProfile({ RealName: "a", Mobile: "123", Email: "x@", IdCard: "123", Gender: "2" })).toEqual({
      Mobile: "mobileInvalid",
      Email: "emailInvalid",
      IdCard: "idCardInvalid",
      Gender: "genderInvalid",
    });
  });
  it("password change follows the rule", () => {
    expect(checkPasswordChange({})).toEqual({ oldPassword: "oldPasswordRequired", newPassword: "passwordRequired", confirmPassword: "passwordRequired" });
    expect(checkPasswordChange({ oldPassword: "x", newPassword: "密码Abcdefg1", confirmPassword: "密码Abcdefg1" })).toEqual({ newPassword: "passwordRule" });
    expect(checkPasswordChange({ oldPassword: "x", newPassword: "Abcdefg1", confirmPassword: "Abcdefg1" })).toEqual({});
  });
  it("unit name is required and at most 20 characters", () => {
    expect(checkUnit({ DepartmentName: "  " })).toEqual({ DepartmentName: "unitNameRequired" });
    expect(checkUnit({ DepartmentName: "钢".repeat(21) })).toEqual({ DepartmentName: "unitNameTooLong" });
    expect(checkUnit({ DepartmentName: "钢".repeat(20) })).toEqual({});
  });
});

describe("smsSecondsLeft", () => {
  it("counts 60 s down to 0", () => {
    expect(smsSecondsLeft(null)).toBe(0);
    expect(smsSecondsLeft(1000, 1000)).toBe(60);
    expect(smsSecondsLeft(1000, 1000 + 59_500)).toBe(1);
    expect(smsSecondsLeft(1000, 1000 + 60_000)).toBe(0);
    expect(smsSecondsLeft(5000, 1000)).toBe(60);
  });
});
