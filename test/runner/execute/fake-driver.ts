import type {
  CgroupTotals,
  ContainerAccounting,
  ParentCgroup,
} from "../../../runner/drivers/local/cgroup-accounting.ts";
import { LocalDriver } from "../../../runner/drivers/local/local-driver.ts";
import type { FakeDocker } from "./fake-docker.ts";

export interface FakeDriverOptions {
  accounting?: ContainerAccounting | null;
  /** Successive readings of the host's busy CPU-seconds; default: never sampled (null). */
  hostBusy?: number[];
}

/** The real local driver over the in-memory Docker, on a host named "h" where every pid is alive. */
export function fakeDriver(docker: FakeDocker, options: FakeDriverOptions = {}): LocalDriver {
  const readings = [...(options.hostBusy ?? [])];
  return new LocalDriver(docker, {
    host: "h",
    isAlive: () => true,
    accounting: options.accounting ?? null,
    hostBusySeconds: async () => readings.shift() ?? null,
  });
}

/** Parent cgroups whose kernel totals a test scripts; records which were opened and removed. */
export class FakeAccounting implements ContainerAccounting {
  readonly opened: string[] = [];
  readonly removed: string[] = [];

  constructor(private readonly totals: CgroupTotals | null) {}

  open(): ParentCgroup {
    const path = `/bun-capacity/p${this.opened.length + 1}`;
    this.opened.push(path);
    return {
      path,
      totals: async () => this.totals,
      remove: async () => void this.removed.push(path),
    };
  }

  async removeStale(): Promise<void> {}
}
