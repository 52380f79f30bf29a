import { mkdir, rename, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { CalibrationPoint } from "../../../contract/generator-step.ts";
import type { DockerApi } from "../../docker/docker-api.ts";
import { ensureGeneratorImage } from "../../image/generator-image.ts";
import { buildOfflineBaseImage } from "../../image/offline-base.ts";
import { defaultResultsDir } from "../../package/tool-home.ts";
import { createBunLoadGenerator, GENERATOR_NAME } from "../bun-generator/bun-load-generator.ts";
import { calibrateGenerator } from "./measure-generator-capacity.ts";

// The generator's own capacity on this host (against a trivial handler), measured once and stored; not the `calibration` scenario nor `calibrate`.

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

/** A stored calibration file that cannot be read: never silently replaced. */
export class CalibrationFileError extends Error {
  override readonly name = "CalibrationFileError";
  constructor(
    readonly path: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${path}: ${detail}. Next step: delete this file to calibrate the generator again.`, options);
  }
}

export const CALIBRATION_DIR = join(defaultResultsDir(), ".calibration");
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

/** A stored calibration, validated; a broken file is an error naming it, never replaced by a new measurement. */
export async function readCalibration(path: string): Promise<GeneratorCalibration> {
  let json: unknown;
  try {
    json = JSON.parse(await Bun.file(path).text());
  } catch (error) {
    throw new CalibrationFileError(path, "is not valid JSON", { cause: error });
  }
  const parsed = GeneratorCalibration.safeParse(json);
  if (!parsed.success) throw new CalibrationFileError(path, z.prettifyError(parsed.error));
  return parsed.data;
}
