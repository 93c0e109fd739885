/**
 * The events waiting for one slow reader, at most `limit` of them: a new event past the limit
 * pushes out the oldest, so a reader that cannot keep up misses old events and never costs the
 * server more memory than the limit.
 */
export class EventQueue<T> {
  private items: (T | undefined)[];
  private head = 0;
  private size = 0;
  /** Events pushed out unread since the queue was made. */
  dropped = 0;

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('an event queue holds at least one event');
    this.items = new Array<T | undefined>(limit);
  }

  get length(): number {
    return this.size;
  }

  /** Adds an event; returns true when an older one had to go to make room. */
  push(item: T): boolean {
    if (this.size === this.limit) {
      this.items[this.head] = item;
      this.head = (this.head + 1) % this.limit;
      this.dropped += 1;
      return true;
    }
    this.items[(this.head + this.size) % this.limit] = item;
    this.size += 1;
    return false;
  }

  /** The oldest event, taken out; undefined when empty. */
  shift(): T | undefined {
    if (this.size === 0) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head = (this.head + 1) % this.limit;
    this.size -= 1;
    return item;
  }

  clear(): void {
    this.items.fill(undefined);
    this.head = 0;
    this.size = 0;
  }
}
