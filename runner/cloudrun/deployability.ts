import { z } from "zod";
import { GIB, MIB } from "../units/units.ts";
import { CLOUD_RUN_LIMITS } from "./cloud-run-limits.ts";

const {
  minMemoryBytes: MIN_MEMORY_BYTES,
  gen2MinMemoryBytes: GEN2_MIN_MEMORY_BYTES,
  memoryRangeByCpus: MEMORY_RANGE_BY_CPUS,
  minCpus: MIN_CPUS,
  cpuStep: CPU_STEP,
} = CLOUD_RUN_LIMITS;
const WHOLE_CPUS = Object.keys(MEMORY_RANGE_BY_CPUS).map(Number);
const STEPS_PER_CPU = Math.round(1 / CPU_STEP);

export const Deployability = z
  .object({
    deployable: z.boolean(),
    reasons: z.array(z.string()).describe("why Cloud Run rejects this size under the given settings"),
    conditions: z.array(z.string()).describe("settings the deploy must use for this size to be accepted"),
    executionEnvironment: z.enum(["gen1", "gen2"]).nullable().describe("forced environment, null when free"),
  })
  .strict();
export type Deployability = z.infer<typeof Deployability>;

export interface DeployOptions {
  concurrency: number;
  billing: "request" | "instance";
}

const formatBytes = (bytes: number) =>
  bytes >= GIB && bytes % GIB === 0 ? `${bytes / GIB} GiB` : `${Math.round(bytes / MIB)} MiB`;

/** Whether Cloud Run accepts `cpus` × `memoryBytes` with the given concurrency and billing, and why not. */
export function checkDeployability(cpus: number, memoryBytes: number, options: DeployOptions): Deployability {
  const reasons: string[] = [];
  const conditions: string[] = [];
  let executionEnvironment: "gen1" | "gen2" | null = null;
  const fractional = cpus < 1;
  if (fractional) {
    if (cpus < MIN_CPUS) reasons.push(`${cpus} vCPU is below Cloud Run's minimum of ${MIN_CPUS}`);
    if (Math.abs(cpus * STEPS_PER_CPU - Math.round(cpus * STEPS_PER_CPU)) > 1e-6)
      reasons.push(`${cpus} vCPU: fractions must be in steps of ${CPU_STEP}`);
    const maxBytes =
      cpus < 0.5 ? CLOUD_RUN_LIMITS.halfCpuMaxMemoryBytes : CLOUD_RUN_LIMITS.fractionalMaxMemoryBytes;
    if (memoryBytes > maxBytes)
      reasons.push(
        `${formatBytes(memoryBytes)} exceeds ${formatBytes(maxBytes)}, the most allowed at ${cpus} vCPU`,
      );
    conditions.push(
      "below 1 vCPU: concurrency 1, request-based billing, first-generation execution environment",
    );
    if (options.concurrency !== 1)
      reasons.push(`below 1 vCPU Cloud Run requires concurrency 1 (configured: ${options.concurrency})`);
    if (options.billing !== "request")
      reasons.push("below 1 vCPU Cloud Run requires request-based billing (configured: instance)");
    executionEnvironment = "gen1";
  } else if (!WHOLE_CPUS.includes(cpus)) {
    reasons.push(
      `${cpus} vCPU is not offered: use ${MIN_CPUS}–1 in fractions or exactly ${WHOLE_CPUS.slice(0, -1).join(", ")} or ${WHOLE_CPUS.at(-1)}`,
    );
  } else {
    const [minBytes, maxBytes] = MEMORY_RANGE_BY_CPUS[cpus] as [number, number];
    if (memoryBytes > maxBytes)
      reasons.push(
        `${formatBytes(memoryBytes)} exceeds ${formatBytes(maxBytes)}, the most allowed at ${cpus} vCPU`,
      );
    if (memoryBytes < minBytes)
      reasons.push(
        `${formatBytes(memoryBytes)} is below ${formatBytes(minBytes)}, the least allowed at ${cpus} vCPU`,
      );
  }
  if (memoryBytes < MIN_MEMORY_BYTES)
    reasons.push(
      `${formatBytes(memoryBytes)} is below Cloud Run's minimum of ${formatBytes(MIN_MEMORY_BYTES)}`,
    );
  else if (memoryBytes < GEN2_MIN_MEMORY_BYTES && !fractional) {
    conditions.push(`below ${formatBytes(GEN2_MIN_MEMORY_BYTES)}: first-generation execution environment`);
    executionEnvironment = "gen1";
  }
  return { deployable: reasons.length === 0, reasons, conditions, executionEnvironment };
}
