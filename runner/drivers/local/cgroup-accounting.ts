import { access, readdir, readFile, rmdir } from "node:fs/promises";
import { join } from "node:path";
import type { ContainerSpec } from "../../docker/docker-api.ts";
import type { DockerStats } from "../../results/cell-record.ts";
import { secondsOfNanos } from "../../units/units.ts";
import { CGROUP_PARENT_PREFIX, HOST_CGROUP_ROOT } from "./local-driver.ts";

/**
 * Hands out a fresh parent cgroup per measured container when the engine names cgroups by path (cgroupfs driver)
 * and the host's cgroup tree is visible here; otherwise none, and the driver falls back to Docker stats alone.
 */
export class CgroupAccounting {
  constructor(
    private readonly root: string,
    private readonly version: 1 | 2 | null,
    private readonly enabled: boolean,
  ) {}

  static async detect(
    info: { cgroupVersion: 1 | 2 | null; cgroupDriver: string },
    root = HOST_CGROUP_ROOT,
  ): Promise<CgroupAccounting> {
    const probe = info.cgroupVersion === 1 ? join(root, "memory") : join(root, "cgroup.controllers");
    const visible = await access(probe).then(
      () => true,
      () => false,
    );
    return new CgroupAccounting(root, info.cgroupVersion, visible && info.cgroupDriver === "cgroupfs");
  }

  open(): ParentCgroup | null {
    if (!this.enabled || this.version === null) return null;
    return new CgroupParent(
      this.root,
      this.version,
      `${CGROUP_PARENT_PREFIX}/${crypto.randomUUID().slice(0, 12)}`,
    );
  }

  /** Removes parents that dead runs left (empty ones only: rmdir refuses a cgroup still in use). */
  async removeStale(): Promise<void> {
    if (!this.enabled) return;
    const hierarchies = this.version === 2 ? [this.root] : await readdir(this.root).catch(() => []);
    for (const hierarchy of hierarchies) {
      const base = join(this.root, this.version === 2 ? "" : hierarchy, CGROUP_PARENT_PREFIX);
      const children = await readdir(base, { withFileTypes: true }).catch(() => []);
      for (const child of children.filter((c) => c.isDirectory())) {
        await rmdir(join(base, child.name)).catch(() => undefined);
      }
    }
  }
}

/** What the kernel counted for everything that ran under one parent cgroup (null: not readable). */
export interface CgroupTotals {
  /** The cgroup's own high-water mark (v1 memory.max_usage_in_bytes, v2 memory.peak), page cache included. */
  memoryPeakBytes: number | null;
  /** Page cache the kernel could drop (v1 total_inactive_file, v2 inactive_file), when read. */
  inactiveFileBytes: number;
  cpuNanos: number | null;
  /**
   * Kernel OOM kills counted by the cgroup (v2 memory.events oom_kill, hierarchical, so the gone container's kill
   * shows; v1 memory.oom_control oom_kill, which counts this cgroup alone: there Docker's oom event is the source).
   */
  oomKills?: number | null;
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
      const oomKills = parseFlatKeyed(await readText(join(memoryDir, "memory.oom_control"))).oom_kill ?? null;
      return {
        memoryPeakBytes: peak,
        inactiveFileBytes: stat.total_inactive_file ?? 0,
        cpuNanos: cpu,
        oomKills,
      };
    }
    const peak = toNumber(await readText(join(memoryDir, "memory.peak")));
    const usageMicros = parseFlatKeyed(await readText(join(memoryDir, "cpu.stat"))).usage_usec;
    if (peak === null && usageMicros === undefined) return null;
    const cpuNanos = usageMicros === undefined ? null : usageMicros * 1000;
    const oomKills = parseFlatKeyed(await readText(join(memoryDir, "memory.events"))).oom_kill ?? null;
    return { memoryPeakBytes: peak, inactiveFileBytes: stat.inactive_file ?? 0, cpuNanos, oomKills };
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

/** Hands out parent cgroups; null when the host's cgroups cannot be used this way. */
export interface ContainerAccounting {
  open(): ParentCgroup | null;
  removeStale(): Promise<void>;
}

/**
 * Runs (and removes) one container under a fresh parent cgroup, then reads the parent's totals and removes it.
 * Without accounting the container runs as is and the totals are null.
 */
export async function withCgroupParent<T>(
  accounting: ContainerAccounting | null,
  spec: ContainerSpec,
  run: (spec: ContainerSpec) => Promise<T>,
): Promise<{ result: T; totals: CgroupTotals | null }> {
  const parent = accounting?.open() ?? null;
  if (!parent) return { result: await run(spec), totals: null };
  try {
    const result = await run({ ...spec, cgroupParent: parent.path });
    return { result, totals: await parent.totals() };
  } finally {
    await parent.remove();
  }
}

/**
 * Completes sampled stats with the kernel's totals: the peak is at least the cgroup's high-water mark (less page
 * cache, capped at the limit: the parent counts a few pages of its own), CPU seconds are the exact total.
 */
export function mergeCgroupTotals(
  stats: DockerStats | null,
  totals: CgroupTotals | null,
  memoryLimitBytes: number,
): DockerStats | null {
  if (!totals) return stats;
  const base: DockerStats = stats ?? {
    peakMemoryBytes: 0,
    cpuSeconds: 0,
    throttledPeriods: 0,
    throttledSeconds: 0,
    samples: [],
  };
  let peak = base.peakMemoryBytes;
  if (totals.memoryPeakBytes !== null) {
    const withoutCache = Math.max(0, totals.memoryPeakBytes - totals.inactiveFileBytes);
    peak = Math.max(peak, memoryLimitBytes > 0 ? Math.min(withoutCache, memoryLimitBytes) : withoutCache);
  }
  const cpuSeconds =
    totals.cpuNanos === null ? base.cpuSeconds : Math.max(base.cpuSeconds, secondsOfNanos(totals.cpuNanos));
  return { ...base, peakMemoryBytes: peak, cpuSeconds };
}

// Where Docker puts a container's CPU accounting: cgroup v1 (cgroupfs or systemd driver), then cgroup v2.
const V1_USAGE_NANOS = [
  (id: string) => `/sys/fs/cgroup/cpuacct/docker/${id}/cpuacct.usage`,
  (id: string) => `/sys/fs/cgroup/cpu,cpuacct/docker/${id}/cpuacct.usage`,
  (id: string) => `/sys/fs/cgroup/cpuacct/system.slice/docker-${id}.scope/cpuacct.usage`,
];
const V2_CPU_STAT = [
  (id: string) => `/sys/fs/cgroup/system.slice/docker-${id}.scope/cpu.stat`,
  (id: string) => `/sys/fs/cgroup/docker/${id}/cpu.stat`,
];

/** A local container's cumulative CPU-seconds, read from its cgroup on this host; null when not readable here. */
export async function containerCpuSeconds(id: string): Promise<number | null> {
  for (const path of V1_USAGE_NANOS) {
    const text = await readFile(path(id), "utf8").catch(() => null);
    if (text !== null && /^\d+\s*$/.test(text)) return secondsOfNanos(Number(text));
  }
  for (const path of V2_CPU_STAT) {
    const text = await readFile(path(id), "utf8").catch(() => null);
    const micros = text?.match(/^usage_usec (\d+)$/m)?.[1];
    if (micros) return Number(micros) / 1e6;
  }
  return null;
}

/** Kernel clock ticks per second in /proc/stat (USER_HZ, 100 on every Linux ABI Docker runs on). */
const USER_HZ = 100;
const PROC_STAT = "/proc/stat";

/** CPU-seconds the whole host has been busy since boot (user, nice, system, irq, softirq, steal); null if unreadable. */
export async function readHostBusySeconds(path = PROC_STAT): Promise<number | null> {
  const text = await readFile(path, "utf8").catch(() => null);
  const line = text?.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) return null;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = [user, nice, system, irq, softirq, steal].reduce<number>((sum, v) => sum + (v ?? 0), 0);
  return Number.isFinite(busy) ? busy / USER_HZ : null;
}
