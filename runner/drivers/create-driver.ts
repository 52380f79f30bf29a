import type { DockerApi } from "../docker/docker-api.ts";
import type { DriverName, ExecutionDriver } from "./execution-driver.ts";
import { LocalDriver } from "./local/local-driver.ts";
import { SWARM_ENGINES_ENV, SwarmDriver } from "./swarm/swarm-driver.ts";

export interface DriverOptions {
  docker: DockerApi;
  /** This machine's name, as container owner labels carry it. */
  host: string;
  /** Swarm: let nodes on one physical host measure at once. */
  shareHosts?: boolean;
  /** Swarm: the other nodes' engines come from BUN_CAPACITY_SWARM_ENGINES here. */
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
  /** Swarm: which nodes measure which cell, whenever that changes. */
  onBusy?: (busy: Array<{ node: string; cellId: string }>) => void;
}

/** The one place that picks the execution driver by name. */
export function createDriver(name: DriverName, options: DriverOptions): ExecutionDriver {
  switch (name) {
    case "local":
      return new LocalDriver(options.docker, { host: options.host });
    case "swarm":
      return new SwarmDriver({
        engines: (options.env?.[SWARM_ENGINES_ENV] ?? "").split(",").filter((a) => a.trim() !== ""),
        shareHosts: options.shareHosts ?? false,
        host: options.host,
        log: options.log,
        onBusy: (busy) =>
          options.onBusy?.(
            busy.map((b) => ({ node: `${b.node.hostname}/${b.node.id.slice(0, 6)}`, cellId: b.holder })),
          ),
      });
  }
}
