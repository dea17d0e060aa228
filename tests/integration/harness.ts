import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import { startApi, type RunningApi } from "../../api/app.ts";
import { loadConfig } from "../../api/config.ts";
import { pgliteFromTemplate } from "../pglite-template.ts";

export const TEST_CAPTCHA = "AB12";
/** The PostgreSQL server the suite also runs against when it answers; never required. */
const SERVER_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function serverAnswers(): Promise<boolean> {
  try {
    const { default: pg } = await import("pg");
    const c = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 1500 });
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
const backends = [{ name: "pglite", available: true }, { name: "postgres", available: await serverAnswers() }].filter((b) => b.available);

/** A fresh schema on the PostgreSQL server (its URL selects it), or null when no server answers. */
export async function postgresSchema(): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (!backends.some((b) => b.name === "postgres")) return null;
  const schema = `it_${crypto.randomBytes(6).toString("hex")}`;
  const { default: pg } = await import("pg");
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: SERVER_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create schema ${schema}`);
  const u = new URL(SERVER_URL);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return { url: u.toString(), drop: () => run(`drop schema ${schema} cascade`) };
}

export interface TestApi {
  api: RunningApi;
  base: string;
  dataDir: string;
  backend: string;
  /** Calls /api/<path> with xteam set; returns the HTTP status and the parsed envelope (or raw text). */
  call(p: string, opts?: CallOpts): Promise<{ http: number; status: number; msg: string; returnData: any; headers: Headers }>;
  /** Logs a demo user in with the fixed captcha; returns the token and userId. */
  login(name: string, password?: string): Promise<{ token: string; userId: string }>;
}

export interface CallOpts {
  method?: "GET" | "POST";
  query?: Record<string, string>;
  form?: Record<string, string>;
  json?: unknown;
  body?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
}

/**
 * Runs `fn` once per available backend (PGlite always, PostgreSQL when a server answers) with a fresh API.
 * `only` limits it to one backend (tests of several API instances on one PostgreSQL database).
 */
export function describeEachBackend(name: string, fn: (t: () => TestApi) => void, env: Record<string, string> = {}, only?: "postgres"): void {
  for (const backend of backends.filter((b) => !only || b.name === only)) {
    describe(`${name} [${backend.name}]`, () => {
      let t: TestApi;
      let dropSchema: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-it-"));
        let databaseUrl: string | undefined;
        if (backend.name === "postgres") {
          const schema = (await postgresSchema())!;
          databaseUrl = schema.url;
          dropSchema = schema.drop;
        } else await pgliteFromTemplate(dataDir);
        const config = loadConfig({
          NODE_ENV: "test",
          API_PORT: "0",
          DATA_DIR: dataDir,
          SEED_DEMO: "1",
          CAPTCHA_FIXED: TEST_CAPTCHA,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          ...env,
        });
        const api = await startApi(config);
        const base = `http://127.0.0.1:${api.port}`;
        t = makeTestApi(api, base, dataDir, backend.name);
      });
      afterAll(async () => {
        await t?.api.close();
        await dropSchema?.();
      });
      fn(() => t);
    });
  }
}

function makeTestApi(api: RunningApi, base: string, dataDir: string, backend: string): TestApi {
  const call: TestApi["call"] = async (p, opts = {}) => {
    const url = new URL(`/api/${p.replace(/^\/+/, "")}`, base);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { xteam: "xteam", "accept-language": "zh-CN", ...(opts.headers ?? {}) };
    if (opts.token) headers.AuthorizationToken = opts.token;
    let body: string | Buffer | undefined = opts.body;
    if (opts.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(opts.form).toString();
    } else if (opts.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.json);
    }
    const res = await fetch(url, {
      method: opts.method ?? (body !== undefined ? "POST" : "GET"),
      headers,
      body: typeof body === "string" || body === undefined ? body : new Uint8Array(body),
    });
    const text = await res.text();
    let env: any;
    try {
      env = JSON.parse(text);
    } catch {
      env = { status: res.status, msg: "", returnData: text };
    }
    return { http: res.status, status: env.status, msg: env.msg, returnData: env.returnData, headers: res.headers };
  };
  const t: TestApi = {
    api,
    base,
    dataDir,
    backend,
    call,
    async login(name, password = "Ferrum2026") {
      const { desEncrypt, DEFAULT_DES_IV, DEFAULT_DES_KEY } = await import("../../common/des.ts");
      const cap = await call("Login/getCaptcha");
      const r = await call("Login/LoginMethod", {
        form: {
          name,
          pwd: desEncrypt(password, DEFAULT_DES_KEY, DEFAULT_DES_IV),
          rempwd: "false",
          clientSignCode: cap.returnData,
          clientCode: TEST_CAPTCHA,
        },
      });
      if (r.status !== 200) throw new Error(`login ${name} failed: ${r.status} ${r.msg}`);
      return r.returnData;
    },
  };
  return t;
}
