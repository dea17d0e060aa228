import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_INSTRUMENT_FILE_MAX_BYTES } from "../common/instrument-data.ts";
import { DEFAULT_ATTACHMENT_MAX_BYTES, DEFAULT_ATTACHMENT_TYPES, FILE_KINDS } from "./modules/attachments/kinds.ts";

// Every setting the API reads, parsed once at start so a bad value fails loudly before anything listens.
const flag = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "on" || v === "yes");

const schema = z.object({
  NODE_ENV: z.string().default("development"),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(5050),
  API_HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  // Compute tasks per user: waiting ones (CreateTask refuses more), and ones handed to the executor at a time
  // (running or waiting for a slot there); the rest wait in the platform's queue.
  TASK_MAX_QUEUED_PER_USER: z.coerce.number().int().min(1).default(50),
  TASK_MAX_RUNNING_PER_USER: z.coerce.number().int().min(1).default(4),
  SEED_DEMO: flag,
  ADMIN_PASSWORD: z.string().optional(),
  CAPTCHA_FIXED: z.string().optional(),
  // DES key and IV shared with the web (crypto-js DES-CBC, PKCS7), as the original clients encrypt `pwd`.
  DES_KEY: z.string().length(8).default("Fe26C@rb"),
  DES_IV: z.string().length(8).default("St33l!Iv"),
  SMS_PROVIDER: z.enum(["outbox", "http"]).default("outbox"),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_DAILY_CAP: z.coerce.number().int().min(1).default(10),
  SSO_JWT_ISSUER: z.string().optional(),
  SSO_JWT_SECRET: z.string().optional(),
  SSO_JWT_PUBLIC_KEY: z.string().optional(),
  SG_LOGIN_SECRET: z.string().optional(),
  // The site's WeChat website app (open.weixin.qq.com): the code of a QR scan is exchanged for the openid.
  WECHAT_APPID: z.string().optional(),
  WECHAT_SECRET: z.string().optional(),
  WECHAT_API_BASE: z.string().url().default("https://api.weixin.qq.com"),
  MATDAO_LOGIN_SECRET: z.string().optional(),
  // Where phones open the QR login link; the web's public address.
  WEB_PUBLIC_URL: z.string().url().default("http://localhost:3000"),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: flag,
  // Uploads (Attachment/UploadFile): the largest file, and the extensions accepted (each must be a kind
  // the API can recognise by content, see api/modules/attachments/kinds.ts).
  ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1).default(DEFAULT_ATTACHMENT_MAX_BYTES),
  ATTACHMENT_TYPES: z
    .string()
    .default(DEFAULT_ATTACHMENT_TYPES)
    .transform((v) => [...new Set(v.split(",").map((s) => s.trim().toLowerCase().replace(/^\./, "")).filter(Boolean))])
    .refine((v) => v.length > 0 && v.every((x) => x in FILE_KINDS), {
      message: `each type must be one of ${Object.keys(FILE_KINDS).join(",")}`,
    }),
  // Instrument files (myInstrumentData, an instrument's token; docs/instrument-data.md): the largest file taken.
  INSTRUMENT_FILE_MAX_BYTES: z.coerce.number().int().min(1).default(DEFAULT_INSTRUMENT_FILE_MAX_BYTES),
  // Uploads no saved record uses (a notice or feedback never saved) are deleted once this old; the sweep
  // runs this often (api/modules/attachments/sweep.ts).
  ATTACHMENT_GRACE_HOURS: z.coerce.number().min(0).default(24),
  ATTACHMENT_SWEEP_MS: z.coerce.number().int().min(1000).default(60 * 60 * 1000),
  // Documents (/DocumentView, docs/documents.md): page images are rendered at this resolution, each render and
  // each Office conversion has a time limit (the tool is killed then), and at most this many run at once.
  DOCUMENT_DPI: z.coerce.number().int().min(36).max(300).default(110),
  DOCUMENT_RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  DOCUMENT_CONVERT_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  DOCUMENT_RENDERS: z.coerce.number().int().min(1).default(Math.max(1, os.availableParallelism())),
  DOCUMENT_CONVERSIONS: z.coerce.number().int().min(1).default(1),
  // A larger file is offered for download only; cached conversions and pages unused this many days
  // are removed (0: never).
  DOCUMENT_MAX_BYTES: z.coerce.number().int().min(1).default(100 * 1024 * 1024),
  DOCUMENT_CACHE_DAYS: z.coerce.number().min(0).default(30),
  // The WeChat service account's QR image; by default the web draws one (/site-qr/wxservice).
  WX_SERVICE_IMG_URL: z.string().url().optional(),
  // A real client package to offer at JHAppServer/DownLoad instead of the built-in command-line client.
  CLIENT_PACKAGE_FILE: z.string().optional(),
  // Hub fan-out between API instances: Redis pub/sub when set, else PostgreSQL LISTEN/NOTIFY (or in-process on PGlite).
  REDIS_URL: z.string().url().optional(),
  // SignalR keep-alive: a ping to each client this often; a client silent this long is dropped.
  HUB_PING_MS: z.coerce.number().int().min(100).default(15_000),
  HUB_CLIENT_TIMEOUT_MS: z.coerce.number().int().min(200).default(30_000),
  // Several API instances on one PostgreSQL database: each refreshes its row this often, and one not seen for
  // the timeout is dead, its tasks taken over by another (docs/compute.md, "Several API instances").
  API_HEARTBEAT_MS: z.coerce.number().int().min(50).default(2_000),
  API_INSTANCE_TIMEOUT_MS: z.coerce.number().int().min(200).default(10_000),
  // Compute: slots of the local executor's pool (a task takes as many as its cores, at most all of them).
  COMPUTE_SLOTS: z.coerce.number().int().min(1).default(os.availableParallelism()),
  // Which executor runs tasks: this machine's pool, or a Slurm cluster (docs/compute.md, "Slurm executor").
  EXECUTOR: z.enum(["local", "slurm"]).default("local"),
  SLURM_PARTITION: z.string().min(1).optional(),
  SLURM_ACCOUNT: z.string().min(1).optional(),
  // On: a task charged to a research project runs under --account <the project's code> (others SLURM_ACCOUNT).
  SLURM_ACCOUNT_FROM_PROJECT: flag,
  // sbatch --mem is the task's cores × this.
  SLURM_MEM_PER_CORE_MB: z.coerce.number().int().min(1).default(1000),
  // How often the one squeue call for all of this API's jobs runs.
  SLURM_POLL_MS: z.coerce.number().int().min(50).default(2000),
  // A folder with sbatch, squeue, ... when they are not on PATH; SLURM_CONF picks the cluster's slurm.conf.
  SLURM_BIN_DIR: z.string().min(1).optional(),
  SLURM_CONF: z.string().min(1).optional(),
});

export type Config = z.infer<typeof schema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid API settings:\n${lines.join("\n")}`);
  }
  const cfg = parsed.data;
  if (cfg.CAPTCHA_FIXED && cfg.NODE_ENV === "production") {
    throw new Error("CAPTCHA_FIXED is for tests only and is refused when NODE_ENV=production.");
  }
  if (cfg.SMS_PROVIDER === "http" && !cfg.SMS_HTTP_URL) {
    throw new Error("SMS_PROVIDER=http needs SMS_HTTP_URL.");
  }
  return { ...cfg, dataDir: path.resolve(cfg.DATA_DIR) };
}
