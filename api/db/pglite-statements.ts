import type { PGlite } from "@electric-sql/pglite";

type Pglite = typeof import("@electric-sql/pglite");

/** How many statements stay prepared: each keeps its plan in PGlite's memory, which never shrinks. */
const MAX_PREPARED = 300;

/**
 * Runs the API's statements on PGlite as prepared statements, one call into PostgreSQL each.
 *
 * PGlite's `query()` makes six calls per statement (parse, describe, bind, describe, execute, sync), and
 * PostgreSQL parsed and planned the statement anew every time: a read by primary key cost 0.67 ms of CPU, about
 * a millisecond of the API's time per statement on a page (docs/decisions.md, 10). Here a statement text is
 * parsed and described once, under a name, and every later run is one call (bind, describe, execute, sync):
 * 0.05 ms. Parameters are serialized by the types PostgreSQL inferred and rows parsed by PGlite's own parsers,
 * so the results are the ones `query()` gives.
 *
 * One call at a time: `execProtocol` keeps its results on the instance until its promise settles, so two runs
 * must not overlap; PGlite's own query mutex orders them, and outside a transaction its transaction mutex keeps
 * a statement out of another request's open transaction, as `query()` does.
 */
export function preparedStatements(pg: PGlite, lib: Pglite) {
  const { serialize } = lib.protocol;
  /** Statement text → its name and parameter types; a Map keeps insertion order, so the first is the oldest. */
  const prepared = new Map<string, { name: string; paramTypes: number[] }>();
  let named = 0;
  // The data directory is written through by PostgreSQL (NodeFS): there is nothing to sync after a statement.
  const call = async (...messages: Uint8Array[]) => (await pg.execProtocol(Buffer.concat(messages), { syncToFs: false })).messages;

  async function statement(sql: string) {
    const known = prepared.get(sql);
    if (known) {
      // Most recently used last, so the oldest goes first when the cache is full.
      prepared.delete(sql);
      prepared.set(sql, known);
      return known;
    }
    const name = `ferrum_${++named}`;
    const described = await call(serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync());
    const made = { name, paramTypes: lib.parse.parseDescribeStatementResults(described) };
    prepared.set(sql, made);
    if (prepared.size > MAX_PREPARED) {
      const [oldest, { name: old }] = prepared.entries().next().value!;
      prepared.delete(oldest);
      await call(serialize.close({ type: "S", name: old }), serialize.sync());
    }
    return made;
  }

  async function run<T>(sql: string, params: unknown[], retried = false): Promise<T[]> {
    const { name, paramTypes } = await statement(sql);
    // As query() does: null stays null, a value goes through its type's serializer or becomes text.
    const values = params.map((v, i) => {
      if (v == null) return null;
      const serializer = pg.serializers[paramTypes[i]];
      return serializer ? serializer(v) : String(v);
    });
    try {
      const messages = await call(serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync());
      return (lib.parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[];
    } catch (e) {
      // A table changed under a prepared `select *` (a migration): prepare it again, once.
      if (!retried && (e as { code?: string }).code === "0A000") {
        prepared.delete(sql);
        await call(serialize.close({ type: "S", name }), serialize.sync());
        return run(sql, params, true);
      }
      throw e;
    }
  }

  return {
    /** A statement outside a transaction: waits for any open one, as PGlite's query() does. */
    query: <T>(sql: string, params: unknown[] = []) => pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run<T>(sql, params))),
    /** A statement inside the transaction this caller holds. */
    queryInTransaction: <T>(sql: string, params: unknown[] = []) => pg._runExclusiveQuery(() => run<T>(sql, params)),
  };
}
