import { mkdir, rename, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import type { DockerApi } from "../../docker/docker-api.ts";
import { ensureGeneratorImage } from "../../image/generator-image.ts";
import { buildOfflineBaseImage } from "../../image/offline-base.ts";
import { createBunLoadGenerator } from "../bun-generator/bun-load-generator.ts";
import { GENERATOR_NAME } from "../bun-generator/generator-defaults.ts";
import { calibrateGenerator } from "./calibrate-generator.ts";
import type { GeneratorCalibration } from "./generator-calibration.ts";
import { readCalibration } from "./read-calibration.ts";

export const CALIBRATION_DIR = resolve(import.meta.dir, "../../../results/.calibration");
const HASH_CHARS = 12;

export interface EnsureCalibrationOptions {
  dir?: string;
  /** Measure again even when a calibration for this host and generator image is stored. */
  fresh?: boolean;
  log?: (line: string) => void;
}

/** The generator's calibration on this host: read from results/.calibration/, or measured once and stored. */
export async function ensureCalibration(
  docker: DockerApi,
  options: EnsureCalibrationOptions = {},
): Promise<{ calibration: GeneratorCalibration; path: string; measured: boolean }> {
  const image = await ensureGeneratorImage(docker, { log: options.log });
  const host = hostname();
  const imageHash = image.inputsHash.slice(0, HASH_CHARS);
  const dir = options.dir ?? CALIBRATION_DIR;
  const path = join(dir, `${host}-${GENERATOR_NAME}-${imageHash}.json`);
  const file = Bun.file(path);
  if (!options.fresh && (await file.exists()))
    return { calibration: await readCalibration(path), path, measured: false };
  const [info, base] = await Promise.all([docker.info(), buildOfflineBaseImage(docker)]);
  const generator = createBunLoadGenerator(image.ref, image.version);
  const calibration = await calibrateGenerator(docker, generator, {
    host,
    hostCores: info.cpus,
    imageHash,
    baseImage: base.ref,
    log: options.log,
  });
  await mkdir(dir, { recursive: true });
  await writeFile(`${path}.tmp`, `${JSON.stringify(calibration, null, 2)}\n`);
  await rename(`${path}.tmp`, path);
  return { calibration, path, measured: true };
}
