import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Where cgroup files are mounted; injectable so tests can point at fixture directories. */
export const DEFAULT_CGROUP_ROOT = "/sys/fs/cgroup";

/** cgroup v1 reports "unlimited" memory as a huge page-aligned number; anything this large means no limit. */
export const UNLIMITED_BYTES_THRESHOLD = 2 ** 60;

/** The trimmed content of a cgroup file, or null when it does not exist or cannot be read. */
export function readCgroupFile(root: string, ...parts: string[]): string | null {
  const path = join(root, ...parts);
  try {
    return existsSync(path) ? readFileSync(path, "utf8").trim() : null;
  } catch {
    return null;
  }
}

/** A non-negative integer from a cgroup file, or null ("max", missing, unparsable, unlimited). */
export function readCgroupNumber(root: string, ...parts: string[]): number | null {
  const text = readCgroupFile(root, ...parts);
  if (text === null || text === "max" || !/^-?\d+$/.test(text)) return null;
  const value = Number(text);
  return value < 0 || value >= UNLIMITED_BYTES_THRESHOLD ? null : value;
}

/** The key/value pairs of a flat-keyed file such as cpu.stat. */
export function readCgroupStat(root: string, ...parts: string[]): Map<string, number> {
  const stat = new Map<string, number>();
  for (const line of (readCgroupFile(root, ...parts) ?? "").split("\n")) {
    const [key, value] = line.trim().split(/\s+/);
    if (key && value && /^\d+$/.test(value)) stat.set(key, Number(value));
  }
  return stat;
}
