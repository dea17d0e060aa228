import fs from "node:fs";
import path from "node:path";

/**
 * Logs a demo user in through the API by SMS code, read from the embedded provider's outbox: benchmarks run
 * the API in production mode, where a fixed captcha is refused. Returns the API token and user id.
 */
export async function smsLogin(apiBase: string, dataDir: string, mobile: string): Promise<{ token: string; userId: string }> {
  const h = { xteam: "xteam" };
  const since = Date.now() - 1000;
  const sent = await (await fetch(`${apiBase}/api/Login/GetLoginMobileValidateCode?mobile=${mobile}`, { headers: h })).json();
  if (sent.status !== 200) throw new Error(`bench SMS failed: ${sent.msg}`);
  const outbox = path.join(dataDir, "sms-outbox.jsonl");
  let code = "";
  for (let i = 0; i < 50 && !code; i++) {
    const lines = fs.existsSync(outbox) ? fs.readFileSync(outbox, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l)) : [];
    code = lines.filter((l) => l.mobile === mobile && Date.parse(l.at) >= since).pop()?.code ?? "";
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const body = new URLSearchParams({ mobile, verificationCode: code, verificationString: sent.returnData });
  const r = await (
    await fetch(`${apiBase}/api/Login/MobileLoginMethod`, { method: "POST", headers: { ...h, "content-type": "application/x-www-form-urlencoded" }, body })
  ).json();
  if (r.status !== 200) throw new Error(`bench login failed: ${r.msg}`);
  return r.returnData;
}
