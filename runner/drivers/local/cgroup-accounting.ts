import { access, readdir, rmdir } from "node:fs/promises";
import { join } from "node:path";
import { CgroupParent, type ParentCgroup } from "./cgroup-parent.ts";
import { CGROUP_PARENT_PREFIX, HOST_CGROUP_ROOT } from "./local-driver-defaults.ts";

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
