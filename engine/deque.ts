/** Growable ring buffer: O(1) push/shift without the O(n) cost of Array.prototype.shift. */
export class Deque<T> {
  private items: (T | undefined)[];
  private head = 0;
  private mask: number;
  length = 0;

  constructor(initialCapacity = 16) {
    let cap = 16;
    while (cap < initialCapacity) cap <<= 1;
    this.items = new Array<T | undefined>(cap).fill(undefined);
    this.mask = cap - 1;
  }

  push(item: T): void {
    if (this.length > this.mask) this.grow();
    this.items[(this.head + this.length) & this.mask] = item;
    this.length++;
  }

  unshift(item: T): void {
    if (this.length > this.mask) this.grow();
    this.head = (this.head - 1) & this.mask;
    this.items[this.head] = item;
    this.length++;
  }

  shift(): T | undefined {
    if (this.length === 0) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head = (this.head + 1) & this.mask;
    this.length--;
    return item;
  }

  peek(): T | undefined {
    return this.length === 0 ? undefined : this.items[this.head];
  }

  clear(): void {
    this.items.fill(undefined);
    this.head = 0;
    this.length = 0;
  }

  private grow(): void {
    const cap = this.items.length;
    const next = new Array<T | undefined>(cap * 2).fill(undefined);
    for (let i = 0; i < this.length; i++) next[i] = this.items[(this.head + i) & this.mask];
    this.items = next;
    this.head = 0;
    this.mask = cap * 2 - 1;
  }
}
