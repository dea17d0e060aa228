/**
 * Hub fan-out benchmark: 1,000 official SignalR clients (several users, each connection with its own ticket)
 * on API processes in production mode; the admin publishes notices through the real call
 * (POST SysMessage/SaveSystemNotice, `Publish: true`), and every client notes when the notice's event
 * arrives. Reports latency from the start of the publish call to receipt (p50, p95, max over all clients and
 * publishes), on PGlite, on PostgreSQL, and across two API instances on one PostgreSQL database (clients
 * split between them; fan-out by LISTEN/NOTIFY, and by Redis when it answers).
 * Usage: npm run bench:hub [-- --clients 1000 --publishes 20]
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { HubConnectionBuilder, LogLevel, type HubConnection } from "@microsoft/signalr";
import { apiCall as call, startApiProcess, type ApiProcess } from "./api-process.ts";
import { percentile } from "./load.ts";
import { smsLogin } from "./sms-login.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const CLIENTS = arg("clients", 1000);
const PUBLISHES = arg("publishes", 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
/** Demo users the clients connect as (seeded mobiles 13800000002 … 13800000009); admin (…01) publishes. */
const LISTENER_MOBILES = Array.from({ length: 8 }, (_, i) => `1380000000${i + 2}`);
const ADMIN_MOBILE = "13800000001";
const BASE_PORT = 5970;

async function answers(kind: "pg" | "redis"): Promise<boolean> {
  try {
    if (kind === "pg") {
      const { default: pg } = await import("pg");
      const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
      await c.connect();
      await c.end();
    } else {
      const { createClient } = await import("redis");
      const c = createClient({ url: REDIS_URL, socket: { connectTimeout: 1500, reconnectStrategy: false } });
      c.on("error", () => {});
      await c.connect();
      await c.close();
    }
    return true;
  } catch {
    return false;
  }
}

/** A fresh schema on the PostgreSQL server for one scenario, dropped afterwards. */
async function pgSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import("pg");
  const schema = `bench_hub_${crypto.randomBytes(4).toString("hex")}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await run(`create schema ${schema}`);
  const u = new URL(PG_URL);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return { url: u.toString(), drop: () => run(`drop schema ${schema} cascade`) };
}


interface Scenario {
  name: string;
  instances: number;
  env: Record<string, string>;
  cleanup?: () => Promise<void>;
}

interface Result {
  name: string;
  clients: number;
  received: number;
  expected: number;
  latencies: number[];
  saveMs: number[];
  connectS: number;
  retries: number;
}

let connectRetries = 0;
/**
 * A start that fails (a loopback socket reset while a thousand clients connect at once) is retried, as the
 * web's island retries; the table says how often, so nothing is hidden.
 */
async function startWithRetries(c: HubConnection): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await c.start();
    } catch (e) {
      if (attempt === 3) throw e;
      connectRetries++;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

async function runScenario(s: Scenario, portOffset: number): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-bench-hub-"));
  const apis: ApiProcess[] = [];
  const clients: HubConnection[] = [];
  try {
    // One after the other: the first migrates and seeds, the others find it done.
    for (let i = 0; i < s.instances; i++) apis.push(await startApiProcess(BASE_PORT + portOffset + i, dataDir, s.env));
    const admin = await smsLogin(apis[0].base, dataDir, ADMIN_MOBILE);
    const users = await Promise.all(LISTENER_MOBILES.map((m) => smsLogin(apis[0].base, dataDir, m)));

    /** noticeId → receipt times (performance.now()) on every client. */
    const receipts = new Map<string, number[]>();
    const t0 = performance.now();
    for (let i = 0; i < CLIENTS; i += 100) {
      const batch = Array.from({ length: Math.min(100, CLIENTS - i) }, (_, k) => {
        const n = i + k;
        const user = users[n % users.length];
        const api = apis[n % apis.length];
        const c = new HubConnectionBuilder()
          .withUrl(`${api.base}/signalr?AuthorizationUser=${user.userId}`, {
            accessTokenFactory: async () => (await call(api.base, "SysMessage/GetHubTicket", user.token)).ticket,
          })
          .configureLogging(LogLevel.None)
          .build();
        c.on("receiveMessageBroadcast", (e: { data: string }) => {
          const at = performance.now();
          const list = receipts.get(e.data) ?? [];
          list.push(at);
          receipts.set(e.data, list);
        });
        clients.push(c);
        return startWithRetries(c);
      });
      await Promise.all(batch);
    }
    const connectS = (performance.now() - t0) / 1000;
    const retries = connectRetries;
    connectRetries = 0;

    const latencies: number[] = [];
    const saveMs: number[] = [];
    let received = 0;
    for (let p = 0; p < PUBLISHES; p++) {
      const start = performance.now();
      const { Id } = await call(apis[0].base, "SysMessage/SaveSystemNotice", admin.token, {
        Title: `Bench notice ${p + 1}`,
        Content: `<p>Fan-out benchmark, notice ${p + 1} of ${PUBLISHES}.</p>`,
        Publish: true,
      });
      saveMs.push(performance.now() - start);
      const deadline = performance.now() + 10_000;
      while ((receipts.get(Id)?.length ?? 0) < CLIENTS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      const got = receipts.get(Id) ?? [];
      received += got.length;
      latencies.push(...got.map((at) => at - start));
      // A short pause so each publish meets idle clients, as real notices do.
      await new Promise((r) => setTimeout(r, 100));
    }
    return { name: s.name, clients: CLIENTS, received, expected: CLIENTS * PUBLISHES, latencies: latencies.sort((a, b) => a - b), saveMs: saveMs.sort((a, b) => a - b), connectS, retries };
  } finally {
    await Promise.all(clients.map((c) => c.stop().catch(() => {})));
    for (const a of apis) await a.stop();
    await s.cleanup?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const scenarios: Array<() => Promise<Scenario>> = [async () => ({ name: "PGlite, 1 instance", instances: 1, env: {} })];
  if (await answers("pg")) {
    const onPg = (name: string, instances: number, extra: Record<string, string> = {}) => async (): Promise<Scenario> => {
      const db = await pgSchema();
      return { name, instances, env: { DATABASE_URL: db.url, ...extra }, cleanup: db.drop };
    };
    scenarios.push(onPg("PostgreSQL, 1 instance", 1), onPg("PostgreSQL, 2 instances (LISTEN/NOTIFY)", 2));
    if (await answers("redis")) scenarios.push(onPg("PostgreSQL, 2 instances (Redis pub/sub)", 2, { REDIS_URL }));
  } else {
    console.log("(no PostgreSQL server answers: PGlite only)");
  }
  const results: Result[] = [];
  for (const [i, make] of scenarios.entries()) {
    const s = await make();
    process.stderr.write(`${s.name}: ${CLIENTS} clients, ${PUBLISHES} publishes…\n`);
    results.push(await runScenario(s, i * 2));
  }
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
  console.log(`\nHub fan-out: ${CLIENTS} official SignalR clients (${LISTENER_MOBILES.length} users), ${PUBLISHES} notices published by SysMessage/SaveSystemNotice; latency from the start of the call to receipt, over all clients and publishes (ms)`);
  console.log("| backend | received | p50 | p95 | max | save call p50 | connect all (s) | connect retries |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.received}/${r.expected} | ${fmt(percentile(r.latencies, 50))} | ${fmt(percentile(r.latencies, 95))} | ${fmt(r.latencies.at(-1) ?? NaN)} | ${fmt(percentile(r.saveMs, 50))} | ${fmt(r.connectS)} | ${r.retries} |`,
    );
  }
}

await main();
// Client timers (reconnect policies, keep-alives) are all stopped; exit without waiting for stray sockets.
process.exit(0);
