import {
  checkEmail,
  checkIdCard,
  checkMobile,
  checkNewPassword,
  checkUnitName,
  isMobile,
  type ValidationKey,
} from "../../common/validators.ts";

/**
 * The section 5 checks of the login, profile and unit forms, as plain functions: the actions run them on
 * the server, and the pages run the same ones on blur when JavaScript is on (no zod in the browser).
 * Each answers field → message key; the texts live under `validation.` in the `login` namespace.
 */
export type MessageKey =
  | ValidationKey
  | "confirmMismatch"
  | "codeNotSent"
  | "oldPasswordRequired"
  | "genderInvalid"
  | "realNameRequired"
  | "realNameTooLong"
  | "emailTooLong";
export type FieldErrors = Partial<Record<string, MessageKey>>;

type Values = Record<string, string | undefined>;
const blank = (v: string | undefined) => !v || v.trim() === "";

function compact(e: Record<string, MessageKey | null | undefined>): FieldErrors {
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(e)) if (v) out[k] = v;
  return out;
}

/** Password mode. `passwordSaved`: a remembered password stands in for an empty field. */
export function checkPasswordLogin(v: Values, passwordSaved = false): FieldErrors {
  return compact({
    username: blank(v.username) ? "usernameRequired" : null,
    password: blank(v.password) && !passwordSaved ? "passwordRequired" : null,
    clientCode: blank(v.clientCode) ? "captchaRequired" : null,
  });
}

/** Before an SMS code is sent: required, then 请输入正确手机号. */
export function checkSmsPhone(v: Values): FieldErrors {
  const phone = (v.phoneNum ?? "").trim();
  return compact({ phoneNum: !phone ? "phoneRequired" : isMobile(phone) ? null : "phoneInvalidShort" });
}

/** Phone mode login. */
export function checkMobileLogin(v: Values): FieldErrors {
  return compact({
    ...checkSmsPhone(v),
    verifyNum: blank(v.verifyNum) ? "verifyRequired" : blank(v.verifySign) ? "codeNotSent" : null,
  });
}

/** Forgot password: phone, SMS code, a new password that follows the rule, typed twice. */
export function checkReset(v: Values): FieldErrors {
  return compact({
    ...checkMobileLogin(v),
    newPassword: checkNewPassword(v.newPassword),
    confirmPassword: blank(v.confirmPassword)
      ? "passwordRequired"
      : !blank(v.newPassword) && v.newPassword !== v.confirmPassword
        ? "confirmMismatch"
        : null,
  });
}

export const GENDERS = ["0", "1", "9"] as const;

/** My info: a name and a mobile number (请输入正确的手机号); email and ID card are checked when given. */
export function checkProfile(v: Values): FieldErrors {
  const name = (v.RealName ?? "").trim();
  return compact({
    RealName: !name ? "realNameRequired" : [...name].length > 50 ? "realNameTooLong" : null,
    Mobile: checkMobile(v.Mobile, true),
    Email: (v.Email ?? "").trim().length > 100 ? "emailTooLong" : checkEmail(v.Email),
    IdCard: checkIdCard(v.IdCard),
    Gender: (GENDERS as readonly string[]).includes(v.Gender ?? "") ? null : "genderInvalid",
  });
}

export function checkPasswordChange(v: Values): FieldErrors {
  return compact({
    oldPassword: blank(v.oldPassword) ? "oldPasswordRequired" : null,
    newPassword: checkNewPassword(v.newPassword),
    confirmPassword: blank(v.confirmPassword)
      ? "passwordRequired"
      : !blank(v.newPassword) && v.newPassword !== v.confirmPassword
        ? "confirmMismatch"
        : null,
  });
}

export function checkUnit(v: Values): FieldErrors {
  return compact({ DepartmentName: checkUnitName(v.DepartmentName) });
}

/** The string fields of a submitted form. */
export function formValues(fd: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of fd.entries()) if (typeof v === "string") out[k] = v;
  return out;
}

/** Seconds left of the 60 s SMS countdown (section 9) for a code sent at `sentAt` (ms). */
export const SMS_COUNTDOWN_S = 60;
export function smsSecondsLeft(sentAt: number | null | undefined, now = Date.now()): number {
  if (!sentAt) return 0;
  const left = SMS_COUNTDOWN_S - Math.floor((now - sentAt) / 1000);
  return Math.min(SMS_COUNTDOWN_S, Math.max(0, left));
}
