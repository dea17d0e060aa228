import fs from "node:fs";
import path from "node:path";
import { DEFAULT_DES_IV, DEFAULT_DES_KEY, desEncrypt } from "../../common/des.ts";
import { TEST_CAPTCHA, type TestApi } from "./harness.ts";

export const des = (plain: string) => desEncrypt(plain, DEFAULT_DES_KEY, DEFAULT_DES_IV);

/** Demo mobiles follow DEMO_USERS order: admin 13800000001, …, guest 13800000005, …, sg 13800000009. */
export const DEMO_MOBILE = {
  admin: "13800000001",
  xadmin: "13800000002",
  inside: "13800000003",
  outside: "13800000004",
  guest: "13800000005",
  uploader: "13800000006",
  transfer: "13800000007",
  equip: "13800000008",
  sg: "13800000009",
} as const;

/** The client address the API will believe (X-Forwarded-For from loopback), so suites keep their limits apart. */
export const from = (ip: string) => ({ "x-forwarded-for": ip });

/** A password login with a fresh captcha; answers the raw call result, success or not. */
export async function passwordLogin(t: TestApi, name: string, password: string, opts: { ip?: string; captcha?: string; lang?: string } = {}) {
  const cap = await t.call("Login/getCaptcha", { headers: opts.ip ? from(opts.ip) : {} });
  return t.call("Login/LoginMethod", {
    form: { name, pwd: des(password), rempwd: "false", clientSignCode: cap.returnData, clientCode: opts.captcha ?? TEST_CAPTCHA },
    headers: { ...(opts.ip ? from(opts.ip) : {}), ...(opts.lang ? { "accept-language": opts.lang } : {}) },
  });
}

export interface OutboxLine {
  mobile: string;
  code: string;
  at: string;
}

export function readOutbox(t: TestApi): OutboxLine[] {
  const file = path.join(t.dataDir, "sms-outbox.jsonl");
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** The newest code the outbox holds for a number. */
export function lastCode(t: TestApi, mobile: string): string | undefined {
  return readOutbox(t)
    .filter((l) => l.mobile === mobile)
    .at(-1)?.code;
}

/** Moves a number's codes into the past, so the 60 s resend limit does not stand in a test's way. */
export async function ageCodes(t: TestApi, mobile: string, seconds = 120): Promise<void> {
  await t.api.app.db.query(`update sms_codes set created_at = created_at - $2::interval where mobile = $1`, [mobile, `${seconds} seconds`]);
}

export async function auditRows(t: TestApi, where: string, params: unknown[]) {
  return t.api.app.db.query<{ method: string; user_name: string | null; user_id: string | null; mobile: string | null; ip: string; success: boolean; reason: string | null }>(
    `select method, user_name, user_id, mobile, ip, success, reason from login_audit where ${where} order by id`,
    params,
  );
}
