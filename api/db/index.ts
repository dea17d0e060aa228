import fs from "node:fs";
import path from "node:path";
import type { Pool } from "pg";

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
  const { PGlite } = await import("@electric-sql/pglite");
  // PGlite's data files are read through the OS, whose page cache keeps them too: PostgreSQL's own 128 MB
  // of shared buffers doubled that cache inside the process (its WebAssembly memory never shrinks). 16 MB
  // took the API's resident memory down by about 100 MB under the page benchmark (docs/decisions.md, 10).
  const pg = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"] });
  const wrap = (q: Pick<typeof pg, "query" | "exec">): Omit<Db, "transaction" | "close" | "kind"> => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params as unknown[]);
      return r.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const db: Db = {
    kind: "pglite",
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn({ ...db, ...wrap(tx), transaction: (f) => f(db) })),
    close: () => pg.close(),
  };
  return db;
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
