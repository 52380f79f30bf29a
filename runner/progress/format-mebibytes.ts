/** Bytes as MiB with no decimals (memory limits are whole MiB in practice). */
export function formatMebibytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MiB`;
}
