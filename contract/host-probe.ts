import { z } from "zod";
import { nonNegative } from "./non-negative.ts";

/** Bump on any change to the probe's parts or workloads: probes of different versions never compare. */
export const HOST_PROBE_VERSION = 2;

/** One single-thread measurement of the host probe, relative to the reference figure kept with the probe's code. */
export const HostProbePart = z
  .object({
    opsPerSec: nonNegative,
    relative: z
      .number()
      .finite()
      .positive()
      .describe("opsPerSec ÷ the reference host's opsPerSec for this part"),
  })
  .strict();
export type HostProbePart = z.infer<typeof HostProbePart>;

/**
 * How fast this host was at one moment: four single-thread Bun measurements in a container pinned to one core.
 * `composite` is the geometric mean of the parts' `relative` figures (1.0 = the reference host).
 */
export const HostProbe = z
  .object({
    probeVersion: z.number().int().positive(),
    form: z
      .enum(["full", "short"])
      .describe("full: before the first cell and after the last; short: between repetitions"),
    takenAt: z.iso.datetime(),
    cpuModel: z.string().nullable(),
    core: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .describe("the host core the probe container was pinned to"),
    parts: z
      .object({ integer: HostProbePart, allocation: HostProbePart, json: HostProbePart, http: HostProbePart })
      .strict(),
    composite: z.number().finite().positive(),
  })
  .strict();
export type HostProbe = z.infer<typeof HostProbe>;
