import { describe, expect, it } from "vitest";
import { hitRate } from "./caches.ts";

describe("cache page helpers", () => {
  it("gives the hit rate only when there were lookups that were counted", () => {
    expect(hitRate({ Hits: 87, Misses: 13 })).toBe(87);
    expect(hitRate({ Hits: 0, Misses: 0 })).toBeNull();
    expect(hitRate({ Hits: null, Misses: null })).toBeNull();
  });
});
