import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../config.ts";

/** Delivers a verification code to a phone. Rejects when the code did not go out. */
export interface SmsProvider {
  send(mobile: string, code: string): Promise<void>;
}

/**
 * Embedded provider: appends one JSON line per message to <DATA_DIR>/sms-outbox.jsonl instead of sending,
 * so a deployment without an SMS contract (and every test) can still read the codes.
 */
export function outboxProvider(dataDir: string): SmsProvider {
  const file = path.join(dataDir, "sms-outbox.jsonl");
  return {
    async send(mobile, code) {
      await fs.mkdir(dataDir, { recursive: true });
      await fs.appendFile(file, JSON.stringify({ mobile, code, at: new Date().toISOString() }) + "\n", "utf8");
    },
  };
}

/** A real gateway behind a small JSON contract: POST {mobile, code, template: "login"} with a bearer token. */
export function httpProvider(url: string, token: string | undefined): SmsProvider {
  return {
    async send(mobile, code) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify({ mobile, code, template: "login" }),
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
