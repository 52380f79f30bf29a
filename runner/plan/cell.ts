import { z } from "zod";
import { CPU_VIEWS } from "../host/core-allocation.ts";
import { CellVariant } from "./cell-variant.ts";
import { ServiceCell } from "./service-cell.ts";

/** One planned cell: a scenario (or a service's requests) under one CPU/memory/smol(/concurrency) combination. */
export const Cell = z
  .object({
    id: z.string().describe("stable, filesystem-safe key, e.g. throughput__cpu1__mem512Mi__smol0"),
    scenario: z.string(),
    flags: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).describe("scenario flags"),
    cpus: z.number().positive(),
    memoryBytes: z.number().int().positive(),
    smol: z.boolean(),
    sloP99Ms: z.number().positive(),
    warmupSeconds: z.number().nonnegative(),
    durationSeconds: z.number().positive(),
    repetitions: z.number().int().positive(),
    maxRepetitions: z
      .number()
      .int()
      .positive()
      .optional()
      .describe("cap for adaptive repetitions while the ceiling CV is over 5%; absent in older records"),
    timeoutSeconds: z.number().positive(),
    image: z.string().describe("image reference the container runs"),
    command: z.array(z.string()).describe("container command after the image's entrypoint"),
    env: z.record(z.string(), z.string()),
    network: z.boolean().describe("false: the container gets NetworkMode none"),
    exceedsHost: z.string().nullable().describe("why the host cannot honour this cell; null when it can"),
    // Optional: absent without matrix.yaml `variants` (and in records written before them).
    variant: CellVariant.optional().describe("the build of the workload this cell runs"),
    // Server mode; optional so cells planned before it (and stored records) still parse as scenario cells.
    mode: z.enum(["scenario", "service"]).optional().describe("absent: scenario"),
    concurrency: z
      .number()
      .int()
      .positive()
      .nullable()
      .optional()
      .describe("Cloud Run --concurrency (service)"),
    nofile: z
      .number()
      .int()
      .positive()
      .nullable()
      .optional()
      .describe("ulimit nofile (soft = hard) of the measured container; absent: Docker's default"),
    cpuView: z
      .enum(CPU_VIEWS)
      .optional()
      .describe(
        "pinned: cores of its own plus the quota; shared: the quota alone; absent: planned before views (shared)",
      ),
    cpuViewNote: z
      .string()
      .optional()
      .describe(
        "why it runs shared although pinned was asked (--force on a host too small, the Swarm driver)",
      ),
    service: ServiceCell.nullable()
      .optional()
      .describe("service mode: the service, its requests and sidecars"),
  })
  .strict();
export type Cell = z.infer<typeof Cell>;
