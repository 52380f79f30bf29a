import { z } from "zod";

import { MIB } from "../units/bytes.ts";

const GIB = 1024 * MIB;
/** Cloud Run's first-generation minimum; the second generation needs 512 MiB. */
const MIN_MEMORY_BYTES = 128 * MIB;
const GEN2_MIN_MEMORY_BYTES = 512 * MIB;
const WHOLE_CPUS = [1, 2, 4, 6, 8];
/** Memory range per whole vCPU count (services table, cloud.google.com/run/docs/configuring/services/cpu). */
const MEMORY_RANGE_BY_CPUS: Record<number, [number, number]> = {
  1: [MIN_MEMORY_BYTES, 4 * GIB],
  2: [MIN_MEMORY_BYTES, 8 * GIB],
  4: [2 * GIB, 16 * GIB],
  6: [4 * GIB, 24 * GIB],
  8: [4 * GIB, 32 * GIB],
};

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
    if (cpus < 0.08) reasons.push(`${cpus} vCPU is below Cloud Run's minimum of 0.08`);
    if (Math.abs(cpus * 1000 - Math.round(cpus * 1000)) > 1e-6)
      reasons.push(`${cpus} vCPU: fractions must be in steps of 0.001`);
    const maxBytes = cpus < 0.5 ? 512 * MIB : GIB;
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
    reasons.push(`${cpus} vCPU is not offered: use 0.08–1 in fractions or exactly 1, 2, 4, 6 or 8`);
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
    reasons.push(`${formatBytes(memoryBytes)} is below Cloud Run's minimum of 128 MiB`);
  else if (memoryBytes < GEN2_MIN_MEMORY_BYTES && !fractional) {
    conditions.push("below 512 MiB: first-generation execution environment");
    executionEnvironment = "gen1";
  }
  return { deployable: reasons.length === 0, reasons, conditions, executionEnvironment };
}
