import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_DES_IV, DEFAULT_DES_KEY } from "../../common/des.ts";

// The web's settings, parsed once; a bad value stops the server at start with a message naming it.
const list = z
  .string()
  .optional()
  .transform((v) => (v ?? "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean));

const schema = z.object({
  NODE_ENV: z.string().default("development"),
  API_PORT: z.coerce.number().int().default(5050),
  UPSTREAM_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  SESSION_SECRET: z.string().min(16).optional(),
  HEADER_STYLE: z.enum(["1", "2"]).default("2"),
  PLATFORM_NAME: z.string().default("Ferrum"),
  /** The production host whose unauthenticated visitors land on /dashboard. */
  DASHBOARD_HOST: z.string().optional(),
  /** The product's own production domain: SG users logging out there stay on the platform. */
  PRODUCTION_HOST: z.string().optional(),
  /** Where SG users go after logout off the production domain (the supercomputing app platform). */
  SG_PLATFORM_URL: z.string().url().optional(),
  /** Hosts `src=` may send a logged-in user to, with the token appended. Anything else is refused. */
  ALLOWED_REDIRECT_HOSTS: list,
  DES_KEY: z.string().length(8).default(DEFAULT_DES_KEY),
  DES_IV: z.string().length(8).default(DEFAULT_DES_IV),
  /** Force Secure cookies; otherwise they are Secure when the request arrived over https. */
  COOKIE_SECURE: z.enum(["auto", "always"]).default("auto"),
  WECHAT_APPID: z.string().optional(),
  WECHAT_SECRET: z.string().optional(),
  WECHAT_API_BASE: z.string().url().default("https://api.weixin.qq.com"),
  WECHAT_OPEN_BASE: z.string().url().default("https://open.weixin.qq.com"),
  /** Client download (the "client components" link of the navbar), when the deployment offers one. */
  CLIENT_DOWNLOAD_URL: z.string().optional(),
  /** The API's upload limit (same setting, same default): bodies clearly over it are refused before reading. */
  ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1).default(10 * 1024 * 1024),
  /** What the WeChat service QR (/site-qr/wxservice) opens; by default this host's service introduction. */
  WX_SERVICE_URL: z.string().url().optional(),
});

export type WebEnv = z.infer<typeof schema> & { upstreamUrl: string; sessionSecret: string };

function sessionSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  // No secret configured: keep one in the data dir so sessions survive restarts of a local install.
  const file = path.join(path.resolve(dataDir), "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const s = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, s, { mode: 0o600 });
    return s;
  }
}

function load(): WebEnv {
  const r = schema.safeParse(process.env);
  if (!r.success) {
    throw new Error(`Invalid web settings:\n${r.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`);
  }
  const e = r.data;
  return {
    ...e,
    upstreamUrl: (e.UPSTREAM_URL ?? `http://127.0.0.1:${e.API_PORT}`).replace(/\/+$/, ""),
    sessionSecret: sessionSecret(e.SESSION_SECRET, e.DATA_DIR),
  };
}

export const env = load();
