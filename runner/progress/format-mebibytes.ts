import { MIB } from "../units/units.ts";

/** Bytes as MiB with no decimals (memory limits are whole MiB in practice). */
export function formatMebibytes(bytes: number): string {
  return `${Math.round(bytes / MIB)} MiB`;
}
