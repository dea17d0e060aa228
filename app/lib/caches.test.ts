import { describe, expect, it } from "vitest";
import { formatBytes, hitRate } from "./caches.ts";

describe("cache page helpers", () => {
  it("gives the hit rate only when there were lookups that were counted", () => {
    expect(hitRate({ Hits: 87, Misses: 13 })).toBe(87);
    expect(hitRate({ Hits: 0, Misses: 0 })).toBeNull();
    expect(hitRate({ Hits: null, Misses: null })).toBeNull();
  });
  it("writes sizes for people", () => {
    expect([formatBytes(812), formatBytes(12_700), formatBytes(3_250_000), formatBytes(null)]).toEqual(["812 B", "12.4 KiB", "3.1 MiB", "—"]);
  });
});
