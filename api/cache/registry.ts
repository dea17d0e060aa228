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
  /** Empties the cache; a cache of facts about the machine (app availability) looks them up again instead. */
  clear(): void | Promise<void>;
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
      const clearing = arg === null ? this.clearHere(null) : typeof arg === "string" && this.caches.has(arg) ? this.clearHere(arg) : null;
      clearing?.catch((e) => console.error(`caches: clearing ${String(arg)} failed: ${String(e)}`));
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
    await Promise.all([this.clearHere(name), this.hub.toInstances(CLEAR_TOPIC, name)]);
  }

  private async clearHere(name: string | null): Promise<void> {
    await Promise.all([...this.caches].filter(([n]) => name === null || n === name).map(([, c]) => c.clear()));
  }
}
