import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { projectPath } from "../../common/project-path.ts";
import type { Pool } from "pg";
import { preparedStatements } from "./pglite-statements.ts";

/** The one database interface the API uses: PGlite embedded by default, a PostgreSQL server via DATABASE_URL. */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: "pglite" | "postgres";
}

export async function openDb(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(path.join(opts.dataDir, "pgdata"));
}

async function openPglite(dir: string): Promise<Db> {
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) initPgliteApart(dir);
  const lib = await import("@electric-sql/pglite");
  // PGlite's data files are read through the OS, whose page cache keeps them too: PostgreSQL's own 128 MB
  // of shared buffers doubled that cache inside the process (its WebAssembly memory never shrinks). 16 MB
  // took the API's resident memory down by about 100 MB under the page benchmark, 8 MB by 8 more, with the
  // same CPU per page (docs/decisions.md, 10).
  const pg = await lib.PGlite.create(dir, { startParams: PGLITE_START_PARAMS(lib.PGlite.defaultStartParams) });
  const statements = preparedStatements(pg, lib);
  const db: Db = {
    kind: "pglite",
    query: statements.query,
    exec: async (sql) => void (await pg.exec(sql)),
    // A transaction inside a transaction joins it (as on PostgreSQL): the inner work must use the outer tx,
    // or PGlite's single connection would wait on itself.
    transaction: (fn) =>
      pg.transaction((tx) => {
        const txDb: Db = { ...db, query: statements.queryInTransaction, exec: async (sql) => void (await tx.exec(sql)), transaction: (f) => f(txDb) };
        return fn(txDb);
      }),
    close: () => pg.close(),
  };
  return db;
}

const PGLITE_START_PARAMS = (defaults: string[]) => [...defaults, "-c", "shared_buffers=8MB"];

/**
 * A new data directory is made by PGlite's initdb, a second WebAssembly program that leaves about 450 MB
 * behind in the process that ran it (its memory and the data files' archive, kept until the process ends,
 * measured in docs/decisions.md, 10). So it runs once, in a short-lived process of its own, and the API opens
 * the finished directory: the first start takes about a second longer and the API stays as small as on
 * every later start.
 */
function initPgliteApart(dir: string): void {
  const script = `const { PGlite } = await import("@electric-sql/pglite");
const pg = await PGlite.create(${JSON.stringify(path.resolve(dir))});
await pg.close();`;
  // Run from this folder, so the package resolves from the project's node_modules wherever the API started.
  execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: projectPath("api/db"), stdio: ["ignore", "ignore", "inherit"] });
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import("pg");
  // Keep bigint/numeric counts as JS numbers where they fit; timestamps stay Date objects.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query("select 1");
  const client = (c: { query: Pool["query"] }): Omit<Db, "transaction" | "close" | "kind"> => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await c.query(sql, params);
      return r.rows as T[];
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  const db: Db = {
    kind: "postgres",
    ...client(pool),
    async transaction(fn) {
      const conn = await pool.connect();
      try {
        await conn.query("begin");
        const txDb: Db = { ...db, ...client(conn), transaction: (f) => f(txDb) };
        const out = await fn(txDb);
        await conn.query("commit");
        return out;
      } catch (e) {
        await conn.query("rollback");
        throw e;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
  return db;
}
