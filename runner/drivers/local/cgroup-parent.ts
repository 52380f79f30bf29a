import { readdir, readFile, rmdir } from "node:fs/promises";
import { join } from "node:path";

/** What the kernel counted for everything that ran under one parent cgroup (null: not readable). */
export interface CgroupTotals {
  /** The cgroup's own high-water mark (v1 memory.max_usage_in_bytes, v2 memory.peak), page cache included. */
  memoryPeakBytes: number | null;
  /** Page cache the kernel could drop (v1 total_inactive_file, v2 inactive_file), when read. */
  inactiveFileBytes: number;
  cpuNanos: number | null;
}

/** A parent cgroup as the driver uses it (the real one, or a fake in tests). */
export interface ParentCgroup {
  readonly path: string;
  totals(): Promise<CgroupTotals | null>;
  remove(): Promise<void>;
}

const RMDIR_ATTEMPTS = 5;
const RMDIR_RETRY_MS = 50;

/**
 * One container's parent cgroup (cgroupfs driver): the kernel keeps its high-water mark and CPU total after the
 * container and its own cgroup are gone, so a container killed 0.4 s in still shows what it reached.
 */
export class CgroupParent implements ParentCgroup {
  constructor(
    /** The host's cgroup mount, e.g. /sys/fs/cgroup. */
    private readonly root: string,
    private readonly version: 1 | 2,
    /** Relative to every hierarchy's root, e.g. bun-capacity/ab12cd34. */
    readonly name: string,
  ) {}

  /** As Docker's CgroupParent wants it. */
  get path(): string {
    return `/${this.name}`;
  }

  async totals(): Promise<CgroupTotals | null> {
    const memoryDir = this.version === 1 ? join(this.root, "memory", this.name) : join(this.root, this.name);
    const stat = parseFlatKeyed(await readText(join(memoryDir, "memory.stat")));
    if (this.version === 1) {
      const peak = toNumber(await readText(join(memoryDir, "memory.max_usage_in_bytes")));
      const cpu = toNumber(await readText(join(this.root, "cpuacct", this.name, "cpuacct.usage")));
      if (peak === null && cpu === null) return null;
      return { memoryPeakBytes: peak, inactiveFileBytes: stat.total_inactive_file ?? 0, cpuNanos: cpu };
    }
    const peak = toNumber(await readText(join(memoryDir, "memory.peak")));
    const usageMicros = parseFlatKeyed(await readText(join(memoryDir, "cpu.stat"))).usage_usec;
    if (peak === null && usageMicros === undefined) return null;
    const cpuNanos = usageMicros === undefined ? null : usageMicros * 1000;
    return { memoryPeakBytes: peak, inactiveFileBytes: stat.inactive_file ?? 0, cpuNanos };
  }

  /** Removes the parent from every hierarchy once its container is gone (retrying while the kernel lets go). */
  async remove(): Promise<void> {
    const dirs =
      this.version === 2
        ? [join(this.root, this.name)]
        : (await readdir(this.root).catch(() => [] as string[])).map((c) => join(this.root, c, this.name));
    await Promise.all(dirs.map((dir) => removeDir(dir)));
  }
}

async function removeDir(dir: string): Promise<void> {
  for (let attempt = 1; attempt <= RMDIR_ATTEMPTS; attempt++) {
    try {
      return await rmdir(dir);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "ENOENT" || code === "ENOTDIR" || attempt === RMDIR_ATTEMPTS) return;
      await Bun.sleep(RMDIR_RETRY_MS);
    }
  }
}

async function readText(path: string): Promise<string | null> {
  return readFile(path, "utf8").catch(() => null);
}

function toNumber(text: string | null): number | null {
  const value = Number(text?.trim());
  return text !== null && Number.isFinite(value) ? value : null;
}

function parseFlatKeyed(text: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of (text ?? "").split("\n")) {
    const [key, value] = line.trim().split(/\s+/);
    if (key && value !== undefined && Number.isFinite(Number(value))) out[key] = Number(value);
  }
  return out;
}
