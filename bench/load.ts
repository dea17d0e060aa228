import http from "node:http";

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Nearest-rank percentile of sorted latencies (ms). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * A closed-loop load: `connections` keep-alive clients each send the next request as soon as the last
 * answered, for `seconds`. Bounded in time and count; loopback only.
 */
export async function load(url: string, opts: { connections: number; seconds: number; headers?: Record<string, string>; maxRequests?: number }): Promise<LoadResult> {
  const target = new URL(url);
  if (!["127.0.0.1", "localhost", "::1"].includes(target.hostname)) throw new Error("bench targets loopback only");
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + opts.seconds * 1000;
  const max = opts.maxRequests ?? 1_000_000;
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.request(target, { agent, headers: opts.headers }, (res) => {
        res.resume();
        res.on("end", () => {
          latencies.push(performance.now() - t0);
          if (res.statusCode !== 200) errors++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (Date.now() < deadline && latencies.length + errors < max) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** `n` calls of `f` one after another (after up to 20 to warm up): p50 and p95 in ms. */
export async function timed(n: number, f: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < Math.min(20, n); i++) await f();
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await f();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}
