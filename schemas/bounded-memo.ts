/**
 * A memo of a pure function's results, bounded in size: two generations of at most `capacity`
 * entries each. A hit in the older generation moves the entry to the newer one; when the newer one
 * fills, the older is dropped whole. Recently used keys stay, nothing grows without bound, and every
 * operation is a Map lookup (no per-hit bookkeeping as a strict LRU would need).
 */
export class BoundedMemo<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error("capacity must be a positive integer");
  }

  get(key: K, compute: (key: K) => V): V {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit;
    const value = this.old.get(key) ?? compute(key);
    if (this.young.size >= this.capacity) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
    return value;
  }

  /** Entries held now (at most twice the capacity). */
  get size(): number {
    return this.young.size + this.old.size;
  }
}
