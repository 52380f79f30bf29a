const SUFFIXES = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));

/**
 * Increasing numeric-string message ids. Converting every counter value with String(n) dominated the publish
 * profile; a cached prefix per 1,000 ids plus a precomputed 3-digit suffix costs one string concat instead.
 */
export class MessageIdSequence {
  private block = 0;
  private low = 1000;
  private prefix = "0";

  readonly next = (): string => {
    if (this.low === 1000) {
      this.block++;
      this.prefix = String(this.block);
      this.low = 0;
    }
    return this.prefix + (SUFFIXES[this.low++] as string);
  };
}
