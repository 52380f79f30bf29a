const MIB = 2 ** 20;

export interface MemorySlotSettings {
  bufferKib: number;
  reserveMib: number;
}

/** Buffers of the memory-bound pool: what the limit leaves after the runtime's reserve, at least one. */
export function memorySlots(limitBytes: number, settings: MemorySlotSettings): number {
  return Math.max(1, Math.floor((limitBytes - settings.reserveMib * MIB) / (settings.bufferKib * 1024)));
}
