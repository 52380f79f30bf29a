import { z } from "zod";
import { PlanImage } from "./plan-image.ts";

/** What a server-mode cell needs beyond a scenario cell: where the service listens, what to send, its sidecars. */
export const ServiceCell = z
  .object({
    port: z.number().int().min(1).max(65535),
    readyPath: z.string(),
    readyTimeoutSeconds: z.number().positive(),
    stepSeconds: z.number().positive().describe("length of one load step of the ceiling search"),
    requests: z.array(
      z
        .object({
          weight: z.number().positive(),
          method: z.string(),
          path: z.string(),
          headers: z.record(z.string(), z.string()),
          body: z.string().nullable(),
        })
        .strict(),
    ),
    script: z
      .string()
      .nullable()
      .describe("a user's k6 script (its text), fed each step's rate and concurrency"),
    scriptPath: z.string().nullable(),
    fixed: z
      .boolean()
      .optional()
      .describe(
        "search: false: the script runs once and reports fixed-shape figures; absent: a ceiling search",
      ),
    holderImage: z
      .string()
      .describe("runs the pod's network-namespace holder (the Bun base image); bound by the runner"),
    generator: z
      .object({
        name: z.string(),
        version: z.string(),
        image: z.string(),
        maxRatePerSec: z.number().nonnegative().nullable().describe("its calibrated maximum on this host"),
        cpuSecondsPer1000: z
          .number()
          .nonnegative()
          .nullable()
          .describe("its calibrated CPU per 1,000 requests"),
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
