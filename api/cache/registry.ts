import type { Hub } from "../hub/index.ts";

/** What a cache says about itself on /systemManage/cacheManage. */
export interface CacheStats {
  entries: number;
  /** Approximate bytes held, when the cache can tell (null: it cannot say cheaply). */
  bytes: number | null;
  hits: number;
  misses: number;
}

export interface ManagedCache {
  stats(): CacheStats;
  clear(): void;
}

const CLEAR_TOPIC = "cache.clear";

/**
 * The in-memory caches of one API instance, by name. A clear happens here and, over the hub's bus, on every
 * other instance of the same database, so no instance keeps serving what an administrator changed.
 */
export class CacheRegistry {
  private readonly caches = new Map<string, ManagedCache>();

  constructor(private readonly hub: Pick<Hub, "toInstances" | "onInstanceMessage">) {
    hub.onInstanceMessage(CLEAR_TOPIC, (arg) => {
      if (arg === null) this.clearHere(null);
      else if (typeof arg === "string" && this.caches.has(arg)) this.clearHere(arg);
    });
  }

  register(name: string, cache: ManagedCache): void {
    this.caches.set(name, cache);
  }

  has(name: string): boolean {
    return this.caches.has(name);
  }

  list(): Array<{ name: string } & CacheStats> {
    return [...this.caches].map(([name, c]) => ({ name, ...c.stats() }));
  }

  /** Clears one cache (or all, `null`) on this instance and every other. */
  async clear(name: string | null): Promise<void> {
    this.clearHere(name);
    await this.hub.toInstances(CLEAR_TOPIC, name);
  }

  private clearHere(name: string | null): void {
    for (const [n, c] of this.caches) if (name === null || n === name) c.clear();
  }
}
