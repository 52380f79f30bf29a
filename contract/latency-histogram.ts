import type { LatencyPercentiles } from "./result.ts";

const NANOS_PER_MICRO = 1_000;
const MICROS_PER_MS = 1_000;
/** Values below this are exact; above, each power of two splits into HALF buckets: 1/1024 relative precision (3 digits, as HDR). */
const EXACT = 2_048;
const HALF = 1_024;
const HALF_BITS = 10;
/** 2^32 - 1 us (~71 minutes) is the largest value kept; larger ones count there. */
const MAX_MICROS = 0xffff_ffff;
const BUCKETS = EXACT + 21 * HALF;

/** Bucket of a value in us: exact below 2,048, then log-linear (the HDR layout, without its per-record cost). */
function bucketOf(micros: number): number {
  if (micros < EXACT) return micros;
  const shift = 31 - Math.clz32(micros) - HALF_BITS;
  return EXACT + (shift - 1) * HALF + ((micros >>> shift) - HALF);
}

/** The highest value that falls into a bucket (HDR reports percentiles the same way). */
function highestInBucket(bucket: number): number {
  if (bucket < EXACT) return bucket;
  const offset = bucket - EXACT;
  const shift = Math.floor(offset / HALF) + 1;
  return ((offset % HALF) + HALF + 1) * 2 ** shift - 1;
}

/**
 * Latencies at microsecond precision in log-linear buckets (~0.1% error): the harness records nanoseconds, the
 * generator milliseconds, and its workers send theirs to the main thread encoded (encode() / decode()).
 */
export class LatencyHistogram {
  private readonly counts = new Float64Array(BUCKETS);
  private total = 0;
  private maxMicros = 0;

  recordNanos(latencyNanos: number): void {
    this.recordMicros(Math.min(MAX_MICROS, Math.max(1, Math.round(latencyNanos / NANOS_PER_MICRO))));
  }

  /** A duration in ms (the generator's clock): a negative clock step counts as 0. */
  recordMs(ms: number): void {
    this.recordMicros(Math.min(MAX_MICROS, Math.max(0, Math.round(ms * MICROS_PER_MS))));
  }

  private recordMicros(micros: number): void {
    const bucket = bucketOf(micros);
    this.counts[bucket] = (this.counts[bucket] as number) + 1;
    this.total++;
    if (micros > this.maxMicros) this.maxMicros = micros;
  }

  get count(): number {
    return this.total;
  }

  /** Percentile in ms (0 when empty): the highest value of the bucket holding that rank, capped at the max. */
  percentileMs(percentile: number): number {
    if (this.total === 0) return 0;
    const rank = Math.max(1, Math.ceil((percentile / 100) * this.total));
    let seen = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      seen += this.counts[bucket] as number;
      if (seen >= rank) return Math.min(highestInBucket(bucket), this.maxMicros) / MICROS_PER_MS;
    }
    return this.maxMicros / MICROS_PER_MS;
  }

  get maxMs(): number {
    return this.maxMicros / MICROS_PER_MS;
  }

  toPercentiles(): LatencyPercentiles {
    return {
      count: this.total,
      p50Ms: this.percentileMs(50),
      p90Ms: this.percentileMs(90),
      p95Ms: this.percentileMs(95),
      p99Ms: this.percentileMs(99),
      p999Ms: this.percentileMs(99.9),
      maxMs: this.maxMicros / MICROS_PER_MS,
    };
  }

  /** Adds another histogram's samples to this one. */
  add(other: LatencyHistogram): void {
    for (let bucket = 0; bucket < BUCKETS; bucket++)
      this.counts[bucket] = (this.counts[bucket] as number) + (other.counts[bucket] as number);
    this.total += other.total;
    this.maxMicros = Math.max(this.maxMicros, other.maxMicros);
  }

  /** The non-empty buckets as text ("max;bucket:count,..."), for a worker thread's message. */
  encode(): string {
    const parts: string[] = [];
    for (let bucket = 0; bucket < BUCKETS; bucket++)
      if ((this.counts[bucket] as number) > 0) parts.push(`${bucket}:${this.counts[bucket]}`);
    return `${this.maxMicros};${parts.join(",")}`;
  }

  /** The histogram encode() wrote. */
  static decode(encoded: string): LatencyHistogram {
    const histogram = new LatencyHistogram();
    const [max = "0", buckets = ""] = encoded.split(";");
    histogram.maxMicros = Number(max);
    for (const part of buckets === "" ? [] : buckets.split(",")) {
      const [bucket, count] = part.split(":").map(Number) as [number, number];
      histogram.counts[bucket] = count;
      histogram.total += count;
    }
    return histogram;
  }

  /** The sum of encoded histograms (one per worker). */
  static merge(encoded: readonly string[]): LatencyHistogram {
    const total = new LatencyHistogram();
    for (const one of encoded) total.add(LatencyHistogram.decode(one));
    return total;
  }
}
