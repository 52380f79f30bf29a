const KB = 1024;

/** The benchmarking plan's payload mixes: [bytes, percent of messages]. */
export const PAYLOAD_MIXES = {
  small: [[KB, 100]],
  medium: [[10 * KB, 100]],
  mixed: [
    [KB, 90],
    [500 * KB, 10],
  ],
  "full-spectrum": [
    [KB, 70],
    [10 * KB, 20],
    [500 * KB, 8],
    [1024 * KB, 2],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [number, number]>>;
export type PayloadMix = keyof typeof PAYLOAD_MIXES;

/** Message sizes cycle over this many slots. */
export const SIZE_SLOTS = 100;

/** Message i's size in bytes: 100 slots give the mix's exact shares; 37 (coprime with 100) spreads them out. */
export function payloadSizes(mix: PayloadMix): (messageIndex: number) => number {
  const slots: number[] = [];
  for (const [bytes, percent] of PAYLOAD_MIXES[mix]) for (let i = 0; i < percent; i++) slots.push(bytes);
  return (messageIndex) => slots[(messageIndex * 37) % SIZE_SLOTS] as number;
}
