import type { CalibrationPoint } from "../../contract/generator-step.ts";
import type { DockerApi } from "../docker/docker-api.ts";
import { ensureGeneratorImage } from "../image/generator-image.ts";
import { createBunLoadGenerator, GENERATOR_NAME } from "./bun-generator/bun-load-generator.ts";
import { ensureCalibration } from "./generator-capacity/generator-capacity.ts";
import type { LoadGenerator } from "./load-generator.ts";

/** The generator a plan names, with its calibration on this host (its adapter is rebuilt from this on resume). */
export interface GeneratorRef {
  name: string;
  version: string;
  image: string;
  /** Its own cost and tail per offered rate against a trivial handler (the instrument's error budget). */
  calibration: CalibrationPoint[] | null;
}

/** Server mode, before the first container: the generator's image (built offline), calibrated once per host and build. */
export async function ensureLoadGenerator(
  docker: DockerApi,
  options: { env?: Record<string, string | undefined>; log?: (line: string) => void },
): Promise<GeneratorRef> {
  const image = await ensureGeneratorImage(docker, options);
  const { calibration, measured } = await ensureCalibration(docker, { log: options.log });
  const last = calibration.points.at(-1);
  options.log?.(
    `load generator: ${GENERATOR_NAME} ${image.version}, ${measured ? "calibrated now" : "calibration"}: ` +
      (last
        ? `at ${last.offeredPerSec}/s ${last.generatorCpuMicrosPerRequest.toFixed(1)} us CPU a request, own p99 ${last.p99Ms.toFixed(2)} ms`
        : "no open-loop rate kept up"),
  );
  return { name: GENERATOR_NAME, version: image.version, image: image.ref, calibration: calibration.points };
}

/** The adapter for the generator the plan names. */
export function loadGeneratorFor(ref: Pick<GeneratorRef, "name" | "image" | "version">): LoadGenerator {
  if (ref.name !== GENERATOR_NAME)
    throw new Error(`unknown load generator "${ref.name}" in the plan; known: ${GENERATOR_NAME}`);
  return createBunLoadGenerator(ref.image, ref.version);
}
