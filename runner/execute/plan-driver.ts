import os from "node:os";
import type { DockerApi } from "../docker/docker-api.ts";
import { createDriver } from "../drivers/create-driver.ts";
import type { Plan } from "../plan/plan.ts";
import type { RunObserver } from "../progress/progress-printer.ts";

/** The plan's driver (local for runs stored before drivers), telling the observer which nodes are busy. */
export function planDriver(
  plan: Plan,
  docker: DockerApi,
  observer: RunObserver,
  env?: Record<string, string | undefined>,
) {
  return createDriver(plan.execution?.driver ?? "local", {
    docker,
    host: os.hostname(),
    shareHosts: plan.execution?.shareHosts ?? false,
    env: env ?? process.env,
    log: (line) => observer.message(line),
    onBusy: (busy) => observer.nodesBusy?.(busy),
  });
}
