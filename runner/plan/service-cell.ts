import { z } from "zod";
import { CalibrationPoint, WorkloadDescription } from "../../contract/generator-step.ts";
import { PlanImage } from "./plan-image.ts";

/** What a server-mode cell needs beyond a scenario cell: where the service listens, what to send, its sidecars. */
export const ServiceCell = z
  .object({
    port: z.number().int().min(1).max(65535),
    readyPath: z.string(),
    readyTimeoutSeconds: z.number().positive(),
    // Optional: plans written before the concurrency search had none (they ran without it).
    concurrencySearch: z.boolean().optional().describe("search the ceiling again at doubled concurrency"),
    stepSeconds: z.number().positive().describe("length of one load step of the ceiling search"),
    requests: z.array(
      z
        .object({
          weight: z.number().positive(),
          method: z.string(),
          path: z.string(),
          headers: z.record(z.string(), z.string()),
          body: z.string().nullable(),
          expect: z
            .object({ status: z.array(z.number().int()) })
            .strict()
            .nullable()
            .optional()
            .describe("the statuses that succeed; absent: 200–399"),
        })
        .strict(),
    ),
    script: z
      .string()
      .nullable()
      .describe("a workload module's source (TypeScript), fed each step's rate and concurrency"),
    scriptPath: z.string().nullable(),
    workload: WorkloadDescription.extend({
      imagePath: z
        .string()
        .nullable()
        .describe("its path in the generator image (bundled); null: sent on stdin"),
    })
      .nullable()
      .optional()
      .describe("what the workload module declares (generator/describe.ts), read before any container"),
    fixed: z
      .boolean()
      .optional()
      .describe("a fixed-shape workload: it runs once and reports its own figures; absent: a ceiling search"),
    holderImage: z
      .string()
      .describe("runs the pod's network-namespace holder (the Bun base image); bound by the runner"),
    generator: z
      .object({
        name: z.string(),
        version: z.string(),
        image: z.string(),
        calibration: z
          .array(CalibrationPoint)
          .nullable()
          .describe("its own cost and tail per offered rate against a trivial handler on this host"),
      })
      .strict()
      .describe("the load generator and its image; bound by the runner"),
    sidecars: z.array(
      z
        .object({
          name: z.string(),
          source: PlanImage,
          image: z.string().describe("image reference; a placeholder until the runner built `source`"),
          command: z.array(z.string()).nullable().describe("null: the image's own command"),
          env: z.record(z.string(), z.string()),
          readyCommand: z.array(z.string()).nullable(),
        })
        .strict(),
    ),
  })
  .strict();
export type ServiceCell = z.infer<typeof ServiceCell>;
