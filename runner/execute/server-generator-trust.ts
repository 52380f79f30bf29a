import os from "node:os";
import type { BenchResult } from "../../contract/result.ts";
import type { RunFacts } from "../drivers/execution-driver.ts";
import { generatorTrust } from "../load/calibration/generator-trust.ts";
import type { Cell } from "../plan/cell.ts";
import type { ServiceCell } from "../plan/service-cell.ts";

/**
 * Why the load generator, not the service, may have set this ceiling (null: trusted). The CPUs compared with the
 * host's cores are what the service and the generator used at the confirmed ceiling (measured from outside; the
 * service's limit when its use is unknown): a 2-vCPU limit on one busy thread leaves the other core to the generator.
 */
export function generatorDoubt(
  cell: Cell & { service: ServiceCell },
  result: BenchResult,
  facts: RunFacts,
): string | null {
  const { maxRatePerSec, cpuSecondsPer1000 } = cell.service.generator;
  const ceilingPerSec = result.ceiling?.ceilingPerSec ?? null;
  if (maxRatePerSec === null || cpuSecondsPer1000 === null || ceilingPerSec === null) return null;
  const confirm = result.steps.filter((step) => step.phase === "confirm" && step.sloMet).at(-1);
  const seconds = (confirm?.durationMs ?? 0) / 1000;
  const cores = (cpu: number | null | undefined) =>
    typeof cpu === "number" && seconds > 0 ? cpu / seconds : null;
  const trust = generatorTrust(
    { maxRatePerSec, cpuSecondsPer1000 },
    {
      ceilingPerSec,
      serviceCpus: Math.min(cell.cpus, cores(confirm?.processCpuSeconds) ?? cell.cpus),
      generatorCores: cores(confirm?.generatorCpuSeconds),
      hostCores: facts.node?.cpus ?? os.cpus().length,
    },
  );
  return trust.trusted ? null : `the load generator may have been the limit: ${trust.reasons.join("; ")}`;
}
