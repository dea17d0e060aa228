/**
 * A FIFO queue in front of a fixed number of slots: the head waits until enough slots are free, and nothing
 * behind it overtakes it (no backfill), so a wide job is never starved by a stream of narrow ones.
 */
export class SlotQueue<T> {
  private used = 0;
  private readonly waiting: Array<{ item: T; need: number }> = [];

  constructor(readonly capacity: number) {}

  /** Slots a request of `cores` takes: never more than the whole pool, so every job can run. */
  need(cores: number): number {
    return Math.max(1, Math.min(Math.floor(cores) || 1, this.capacity));
  }

  get inUse(): number {
    return this.used;
  }

  get queued(): number {
    return this.waiting.length;
  }

  enqueue(item: T, need: number): void {
    this.waiting.push({ item, need });
  }

  /** Takes slots outside the queue, possibly over capacity: for jobs found still running after a restart. */
  occupy(need: number): void {
    this.used += need;
  }

  release(need: number): void {
    this.used = Math.max(0, this.used - need);
  }

  /** Removes a waiting item; true when it was there. */
  remove(match: (item: T) => boolean): T | null {
    const i = this.waiting.findIndex((w) => match(w.item));
    return i < 0 ? null : this.waiting.splice(i, 1)[0].item;
  }

  has(match: (item: T) => boolean): boolean {
    return this.waiting.some((w) => match(w.item));
  }

  /** Takes the items that may start now, in order, with their slots already counted as used. */
  takeReady(): Array<{ item: T; need: number }> {
    const ready: Array<{ item: T; need: number }> = [];
    while (this.waiting.length > 0 && this.used + this.waiting[0].need <= this.capacity) {
      const head = this.waiting.shift()!;
      this.used += head.need;
      ready.push(head);
    }
    return ready;
  }

  clear(): T[] {
    return this.waiting.splice(0).map((w) => w.item);
  }
}
