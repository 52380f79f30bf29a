import { z } from "zod";

/** The seed plan's message sizes. */
export const PAYLOAD_BYTES = {
  "1kb": 1024,
  "10kb": 10 * 1024,
  "500kb": 500 * 1024,
  "1mb": 1024 * 1024,
} as const;
export type PayloadSize = keyof typeof PAYLOAD_BYTES;

/** Share (percent) of each size per mix, from the seed plan: the in-process scenarios and the ingest workload alike. */
export const PAYLOAD_MIXES = {
  small: { "1kb": 100 },
  medium: { "10kb": 100 },
  large: { "500kb": 100 },
  mixed: { "1kb": 90, "500kb": 10 },
  "mixed-heavy": { "1kb": 50, "500kb": 50 },
  "full-spectrum": { "1kb": 70, "10kb": 20, "500kb": 8, "1mb": 2 },
} as const satisfies Record<string, Partial<Record<PayloadSize, number>>>;
type AnyMix = keyof typeof PAYLOAD_MIXES;

/** The mixes the in-process scenarios offer (--payload-mix). */
export const PayloadMix = z.enum(["small", "large", "mixed", "mixed-heavy", "full-spectrum"]);
export type PayloadMix = z.infer<typeof PayloadMix>;
/** The mixes the ingest workload offers (its payload flag). */
export const IngestPayloadMix = z.enum(["small", "medium", "mixed", "full-spectrum"]);
export type IngestPayloadMix = z.infer<typeof IngestPayloadMix>;

/** Message sizes cycle over this many slots: the mix's exact shares. */
export const SIZE_SLOTS = 100;
/** Coprime with 100, so seq * stride mod 100 visits every slot and spreads large messages evenly. */
const SLOT_STRIDE = 37;

/** A mix's sizes in bytes, in the table's order. */
export const mixSizes = (mix: AnyMix): number[] =>
  Object.keys(PAYLOAD_MIXES[mix]).map((size) => PAYLOAD_BYTES[size as PayloadSize]);

/** The mix's 100 slots, built from one value per size. */
function mixSlots<T>(mix: AnyMix, slotOf: (size: PayloadSize) => T): T[] {
  const slots: T[] = [];
  for (const [size, percent] of Object.entries(PAYLOAD_MIXES[mix]) as [PayloadSize, number][]) {
    const value = slotOf(size);
    for (let index = 0; index < percent; index++) slots.push(value);
  }
  return slots;
}

/** Message i's size in bytes: slot (i * 37) mod 100 of the mix's slots. */
export function payloadSizes(mix: AnyMix): (messageIndex: number) => number {
  const slots = mixSlots(mix, (size) => PAYLOAD_BYTES[size]);
  return (messageIndex) => slots[(messageIndex * SLOT_STRIDE) % SIZE_SLOTS] as number;
}

/** Deterministic payload picker: message `seq` gets slot (seq * 37) mod 100 of a 100-slot table; buffers are shared. */
export function payloadPicker(mix: PayloadMix): (seq: number) => Buffer {
  const slots = mixSlots(mix, (size) => Buffer.alloc(PAYLOAD_BYTES[size], size.charCodeAt(0)));
  return (seq) => slots[(seq * SLOT_STRIDE) % slots.length] as Buffer;
}

/** A single-size mix for firehose's --payload flag. */
export function singleSizePicker(size: PayloadSize): (seq: number) => Buffer {
  const buffer = Buffer.alloc(PAYLOAD_BYTES[size], 120);
  return () => buffer;
}
