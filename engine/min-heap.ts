/** Binary min-heap keyed by a numeric field; used for retry-backoff due times. */
export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly keyOf: (item: T) => number) {}

  get length(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    const key = this.keyOf(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent] as T;
      if (this.keyOf(p) <= key) break;
      items[i] = p;
      i = parent;
    }
    items[i] = item;
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    let i = 0;
    const key = this.keyOf(last);
    for (;;) {
      const l = 2 * i + 1;
      if (l >= items.length) break;
      const r = l + 1;
      const c = r < items.length && this.keyOf(items[r] as T) < this.keyOf(items[l] as T) ? r : l;
      const child = items[c] as T;
      if (this.keyOf(child) >= key) break;
      items[i] = child;
      i = c;
    }
    items[i] = last;
    return top;
  }

  /** Removes every item (used when a subscription is deleted). */
  drainAll(): T[] {
    return this.items.splice(0);
  }
}
