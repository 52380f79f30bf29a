import type { DockerApi } from "../docker/docker-api.ts";
import { ensureGeneratorImage } from "../image/generator-image.ts";
import { ensureCalibration } from "./calibration/ensure-calibration.ts";
import { createK6LoadGenerator } from "./k6/k6-load-generator.ts";
import type { LoadGenerator } from "./load-generator.ts";

/** The generator a plan names, with its calibration on this host (its adapter is rebuilt from this on resume). */
export interface GeneratorRef {
  name: string;
  version: string;
  image: string;
  maxRatePerSec: number | null;
  cpuSecondsPer1000: number | null;
}

/** Server mode, before the first container: the k6 image (built offline), calibrated once per host. */
export async function ensureLoadGenerator(
  docker: DockerApi,
  options: { env?: Record<string, string | undefined>; log?: (line: string) => void },
): Promise<GeneratorRef> {
  const image = await ensureGeneratorImage(docker, options);
  const { calibration, measured } = await ensureCalibration(docker, { log: options.log });
  options.log?.(
    `load generator: k6 ${image.version}, ${measured ? "calibrated now" : "calibration"}: ${calibration.maxRatePerSec.toFixed(0)} requests/s, ${calibration.cpuSecondsPer1000.toFixed(3)} CPU-s per 1,000`,
  );
  return {
    name: "k6",
    version: image.version,
    image: image.ref,
    maxRatePerSec: calibration.maxRatePerSec,
    cpuSecondsPer1000: calibration.cpuSecondsPer1000,
  };
}

/** The adapter for the generator the plan names. */
export function loadGeneratorFor(ref: Pick<GeneratorRef, "name" | "image" | "version">): LoadGenerator {
  if (ref.name !== "k6") throw new Error(`unknown load generator "${ref.name}" in the plan; known: k6`);
  return createK6LoadGenerator(ref.image, ref.version);
}
