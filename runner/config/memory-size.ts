import { GIB, KIB, MIB } from "../units/units.ts";

/** Multipliers by unit: Kubernetes/Cloud Run binary units (case-sensitive) and Docker's k/m/g/t (any case, b optional). */
const KUBERNETES_UNITS: Record<string, number> = { Ki: KIB, Mi: MIB, Gi: GIB, Ti: 1024 * GIB };
const DOCKER_UNITS: Record<string, number> = { b: 1, k: KIB, m: MIB, g: GIB, t: 1024 * GIB };

const MAX_SIZE_CHARS = 40;
export const MEMORY_SIZE_HELP = "a size like 256Mi, 1Gi, 1.5Gi, 512m, 1g or a byte count like 268435456";

function unitMultiplier(unit: string): number | undefined {
  if (unit === "") return 1;
  const kubernetes = KUBERNETES_UNITS[unit.endsWith("B") ? unit.slice(0, -1) : unit];
  if (kubernetes !== undefined) return kubernetes;
  const lower = unit.toLowerCase();
  if (lower === "b") return 1;
  return DOCKER_UNITS[lower.length === 2 && lower.endsWith("b") ? lower.slice(0, 1) : lower];
}

/** Parses a memory size to bytes, or returns the reason it is not one. "512M" means MiB, as Docker reads it. */
export function parseMemorySize(input: unknown): { bytes: number } | { error: string } {
  if (typeof input === "number") {
    if (!Number.isSafeInteger(input) || input < 0) return { error: `expected ${MEMORY_SIZE_HELP}` };
    return { bytes: input };
  }
  if (typeof input !== "string") return { error: `expected ${MEMORY_SIZE_HELP}` };
  if (input.length > MAX_SIZE_CHARS)
    return { error: `expected ${MEMORY_SIZE_HELP} (at most ${MAX_SIZE_CHARS} characters)` };
  const match = /^(\d{1,15}(?:\.\d{1,15})?)\s*([A-Za-z]{0,3})$/.exec(input.trim());
  const multiplier = match ? unitMultiplier(match[2] ?? "") : undefined;
  if (!match || multiplier === undefined) return { error: `expected ${MEMORY_SIZE_HELP}` };
  const bytes = Math.floor(Number(match[1]) * multiplier);
  if (multiplier === 1 && !Number.isInteger(Number(match[1])))
    return { error: `a byte count must be whole; expected ${MEMORY_SIZE_HELP}` };
  return { bytes };
}

const FORMAT_UNITS: Array<[string, number]> = [
  ["Ti", 1024 * GIB],
  ["Gi", GIB],
  ["Mi", MIB],
  ["Ki", KIB],
];

/** Exact, filesystem-safe rendering used in cell ids: 1.5Gi -> 1536Mi, odd sizes -> 1000B. */
export function formatMemorySize(bytes: number): string {
  for (const [unit, size] of FORMAT_UNITS)
    if (bytes > 0 && bytes % size === 0) return `${bytes / size}${unit}`;
  return `${bytes}B`;
}

/** Approximate, for humans: 25769803776 -> 24Gi, 1610612736 -> 1.5Gi. */
export function formatMemoryApprox(bytes: number): string {
  for (const [unit, size] of FORMAT_UNITS) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))}${unit}`;
  }
  return `${bytes}B`;
}
