import * as lib from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedStatements } from "./pglite-statements.ts";

let pg: lib.PGlite;
let statements: ReturnType<typeof preparedStatements>;
const preparedCount = async () => (await pg.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0].n;

beforeAll(async () => {
  pg = await lib.PGlite.create();
  statements = preparedStatements(pg, lib);
  await pg.exec(`create table t (id serial primary key, name text unique, at timestamptz, doc jsonb, tags text[], n numeric, ok boolean)`);
}, 60_000);
afterAll(() => pg.close());

describe("PGlite's statements, prepared once", () => {
  it("give the rows query() gives, parameters of every kind included", async () => {
    const at = new Date("2026-11-29T08:30:00.000Z");
    const params = ["a", at, { k: [1, "x"] }, ["p", "q"], 1.5, true];
    const sql = `insert into t(name, at, doc, tags, n, ok) values ($1, $2, $3, $4, $5, $6) returning *`;
    const [row] = await statements.query<Record<string, unknown>>(sql, params);
    expect(row).toMatchObject({ name: "a", at, doc: { k: [1, "x"] }, tags: ["p", "q"], ok: true });
    const read = `select * from t where name = $1 and at = $2 and doc @> $3 and ok = $4`;
    const mine = await statements.query(read, ["a", at, { k: [1] }, true]);
    expect(mine).toEqual((await pg.query(read, ["a", at, { k: [1] }, true])).rows);
    expect(await statements.query(`select $1::int as v, $2::text as w`, [null, undefined])).toEqual([{ v: null, w: null }]);
  });

  it("parse a statement once and run it again by name", async () => {
    const before = await preparedCount();
    for (let i = 0; i < 5; i++) expect(await statements.query(`select $1::int + 1 as v`, [i])).toEqual([{ v: i + 1 }]);
    expect(await preparedCount()).toBe(before + 1);
  });

  it("answer an error with PostgreSQL's code and stay usable", async () => {
    await expect(statements.query(`insert into t(name) values ($1)`, ["a"])).rejects.toMatchObject({ code: "23505" });
    await expect(statements.query(`select nonsense from t`)).rejects.toMatchObject({ code: "42703" });
    expect(await statements.query(`select count(*)::int as n from t`)).toEqual([{ n: 1 }]);
  });

  it("prepare a statement again when its table changed under it", async () => {
    const sql = `select * from t where name = $1`;
    expect(Object.keys((await statements.query<Record<string, unknown>>(sql, ["a"]))[0])).not.toContain("extra");
    await pg.exec(`alter table t add column extra text default 'e'`);
    expect((await statements.query<{ extra: string }>(sql, ["a"]))[0].extra).toBe("e");
  });

  it("keep a statement out of a transaction another caller holds open", async () => {
    let release!: () => void, opened!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const open = new Promise<void>((r) => (opened = r));
    const tx = pg
      .transaction(async (t) => {
        await statements.queryInTransaction(`insert into t(name) values ($1)`, ["in-tx"]);
        opened();
        await held;
        await t.rollback();
      })
      .catch(() => {});
    await open;
    // Outside the transaction: it must wait for the rollback, not run inside the transaction and be rolled back.
    const outside = statements.query(`insert into t(name) values ($1) returning name`, ["outside"]);
    await new Promise((r) => setImmediate(r));
    release();
    await Promise.all([tx, outside]);
    expect((await pg.query(`select name from t where name in ('in-tx', 'outside')`)).rows).toEqual([{ name: "outside" }]);
  });

  it("keep at most 300 statements prepared", async () => {
    for (let i = 0; i < 320; i++) await statements.query(`select ${i} as v where $1::int is not null`, [i]);
    expect(await preparedCount()).toBeLessThanOrEqual(300);
    // The oldest were closed, and run again they are prepared anew.
    expect(await statements.query(`select 0 as v where $1::int is not null`, [0])).toEqual([{ v: 0 }]);
  });
});
