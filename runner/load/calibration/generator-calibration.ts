import { z } from "zod";
import { CalibrationPoint } from "../../../contract/generator-step.ts";

export { CalibrationPoint };

const perSec = z.number().finite().nonnegative();

/** What one host's generator costs and adds, per offered rate, against a trivial handler; requests/s throughout. */
export const GeneratorCalibration = z
  .object({
    version: z.literal(2),
    host: z.string(),
    generator: z.string(),
    generatorVersion: z.string(),
    imageHash: z.string(),
    measuredAt: z.string(),
    hostCores: z.number().int().positive(),
    concurrency: z.number().int().positive(),
    stepMs: z.number().int().positive(),
    closedLoopMaxPerSec: perSec.describe("closed loop, `concurrency` in flight: the generator's raw maximum"),
    points: z.array(CalibrationPoint).describe("open loop, rising rates, until it fell behind"),
  })
  .strict();
export type GeneratorCalibration = z.infer<typeof GeneratorCalibration>;
