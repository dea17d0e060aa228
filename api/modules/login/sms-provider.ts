import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../config.ts";

/** Delivers a verification code to a phone. Rejects when the code did not go out. */
export interface SmsProvider {
  /** `template`: "login" (a verification code) or "password" (a one-time password an administrator set). */
  send(mobile: string, code: string, template?: SmsTemplate): Promise<void>;
}
export type SmsTemplate = "login" | "password";

/**
 * Embedded provider: appends one JSON line per message to <DATA_DIR>/sms-outbox.jsonl instead of sending,
 * so a deployment without an SMS contract (and every test) can still read the codes.
 */
export function outboxProvider(dataDir: string): SmsProvider {
  const file = path.join(dataDir, "sms-outbox.jsonl");
  return {
    async send(mobile, code, template = "login") {
      await fs.mkdir(dataDir, { recursive: true });
      await fs.appendFile(file, JSON.stringify({ mobile, code, template, at: new Date().toISOString() }) + "\n", "utf8");
    },
  };
}

/** A real gateway behind a small JSON contract: POST {mobile, code, template: "login"} with a bearer token. */
export function httpProvider(url: string, token: string | undefined): SmsProvider {
  return {
    async send(mobile, code, template = "login") {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify({ mobile, code, template }),
        // A hung gateway must not hold the request until the web's 90 s timeout.
        signal: AbortSignal.timeout(10_000),
      });
      // Drain the body so the connection is released whatever the gateway answered.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    },
  };
}

export function smsProviderFor(config: Config): SmsProvider {
  return config.SMS_PROVIDER === "http" ? httpProvider(config.SMS_HTTP_URL!, config.SMS_HTTP_TOKEN) : outboxProvider(config.dataDir);
}
