import { z } from "zod";

/** The seed plan's message sizes. */
export const PAYLOAD_BYTES = {
  "1kb": 1024,
  "10kb": 10 * 1024,
  "500kb": 500 * 1024,
  "1mb": 1024 * 1024,
} as const;
export type PayloadSize = keyof typeof PAYLOAD_BYTES;

/** Share (percent) of each size per mix, from the seed plan. */
export const PAYLOAD_MIXES = {
  small: { "1kb": 100 },
  large: { "500kb": 100 },
  mixed: { "1kb": 90, "500kb": 10 },
  "mixed-heavy": { "1kb": 50, "500kb": 50 },
  "full-spectrum": { "1kb": 70, "10kb": 20, "500kb": 8, "1mb": 2 },
} as const satisfies Record<string, Partial<Record<PayloadSize, number>>>;

export const PayloadMix = z.enum(Object.keys(PAYLOAD_MIXES) as [keyof typeof PAYLOAD_MIXES]);
export type PayloadMix = z.infer<typeof PayloadMix>;

/** Coprime with 100, so seq * stride mod 100 visits every slot and spreads large messages evenly. */
const SLOT_STRIDE = 37;

/** Deterministic payload picker: message `seq` gets slot (seq * 37) mod 100 of a 100-slot table; buffers are shared. */
export function payloadPicker(mix: PayloadMix): (seq: number) => Buffer {
  const slots: Buffer[] = [];
  for (const [size, percent] of Object.entries(PAYLOAD_MIXES[mix]) as [PayloadSize, number][]) {
    const buffer = Buffer.alloc(PAYLOAD_BYTES[size], size.charCodeAt(0));
    for (let index = 0; index < percent; index++) slots.push(buffer);
  }
  return (seq) => slots[(seq * SLOT_STRIDE) % slots.length] as Buffer;
}

/** A single-size mix for firehose's --payload flag. */
export function singleSizePicker(size: PayloadSize): (seq: number) => Buffer {
  const buffer = Buffer.alloc(PAYLOAD_BYTES[size], 120);
  return () => buffer;
}
