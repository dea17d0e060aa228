/**
 * The validation rules of the specification's section 5, shared by the web (forms) and the API (which
 * checks again: it never trusts the web). Each returns null when valid, else a message key; the keys'
 * texts live in the web's `validation` namespace (zh verbatim from the spec) and in the API's messages.
 */
export type ValidationKey =
  | "usernameRequired"
  | "passwordRequired"
  | "captchaRequired"
  | "phoneRequired"
  | "verifyRequired"
  | "phoneInvalidShort"
  | "mobileInvalid"
  | "emailInvalid"
  | "idCardInvalid"
  | "passwordRule"
  | "unitNameRequired"
  | "unitNameTooLong"
  | "titleRequired"
  | "linkInvalid";

/** zh texts, verbatim from the specification; other languages are in the web's locales and the API's messages. */
export const validationZh: Record<ValidationKey, string> = {
  usernameRequired: "请输入用户名",
  passwordRequired: "请输入密码",
  captchaRequired: "请输入验证码",
  phoneRequired: "请输入手机号",
  verifyRequired: "请输入验证码",
  phoneInvalidShort: "请输入正确手机号",
  mobileInvalid: "请输入正确的手机号",
  emailInvalid: "请输入正确的邮箱地址",
  idCardInvalid: "请输入正确的身份证号",
  passwordRule: "密码必须包含大小写字母和数字，不允许输入汉字，长度为8-20个字符！",
  unitNameRequired: "单位名称不能为空",
  unitNameTooLong: "单位名称长度不能超过20",
  titleRequired: "请输入标题",
  linkInvalid: "请输入正确的链接地址",
};

const blank = (v: string | null | undefined) => v == null || v.trim() === "";

/** 11 digits starting with 1. */
export const isMobile = (v: string) => /^1\d{10}$/.test(v);

export function checkMobile(v: string | null | undefined, required = false): ValidationKey | null {
  if (blank(v)) return required ? "phoneRequired" : null;
  return isMobile(v!.trim()) ? null : "mobileInvalid";
}

export function checkEmail(v: string | null | undefined): ValidationKey | null {
  if (blank(v)) return null;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v!.trim()) ? null : "emailInvalid";
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = "10X98765432";

function validDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** Chinese resident ID: 15 digits (old, YYMMDD birth date) or 18 (YYYYMMDD, ISO 7064 MOD 11-2 check digit). */
export function isIdCard(v: string): boolean {
  const s = v.trim().toUpperCase();
  if (/^\d{15}$/.test(s)) {
    return validDate(1900 + Number(s.slice(6, 8)), Number(s.slice(8, 10)), Number(s.slice(10, 12)));
  }
  if (!/^\d{17}[\dX]$/.test(s)) return false;
  if (!validDate(Number(s.slice(6, 10)), Number(s.slice(10, 12)), Number(s.slice(12, 14)))) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
  return ID_CHECK[sum % 11] === s[17];
}

export function checkIdCard(v: string | null | undefined): ValidationKey | null {
  if (blank(v)) return null;
  return isIdCard(v!) ? null : "idCardInvalid";
}

/** 8-20 characters, with upper case, lower case and a digit, and no Chinese characters. */
export function isStrongPassword(v: string): boolean {
  if (v.length < 8 || v.length > 20) return false;
  if (/[\u3400-\u9fff\uf900-\ufaff]/.test(v)) return false;
  return /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d/.test(v);
}

export function checkNewPassword(v: string | null | undefined): ValidationKey | null {
  if (blank(v)) return "passwordRequired";
  return isStrongPassword(v!) ? null : "passwordRule";
}

export function checkUnitName(v: string | null | undefined): ValidationKey | null {
  if (blank(v)) return "unitNameRequired";
  return [...v!.trim()].length > 20 ? "unitNameTooLong" : null;
}

/** External links: http(s), mailto or tel only (no javascript: and friends). */
export function isSafeLink(v: string): boolean {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d\-\s()]+)$/i.test(v.trim());
}

const CREDIT_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * Unified social credit code (GB 32100-2015): 18 characters of the 31-character set (no I, O, S, V, Z),
 * the last a check character over the first 17: weights 3^i mod 31, check = (31 − Σ mod 31) mod 31.
 */
export function isCreditCode(v: string): boolean {
  const s = v.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(s)) return false;
  const sum = CREDIT_WEIGHTS.reduce((acc, w, i) => acc + w * CREDIT_CHARS.indexOf(s[i]), 0);
  return CREDIT_CHARS[(31 - (sum % 31)) % 31] === s[17];
}
