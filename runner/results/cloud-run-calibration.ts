import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { HostProbe } from "../../contract/host-probe.ts";
import { RunStoreError, writeFileAtomic } from "./run-store.ts";

/** Bump on any change to the file's fields: a file of another version is refused, never guessed at. */
export const CLOUD_RUN_CALIBRATION_VERSION = 1;
/** Where a results directory keeps its calibrations, beside the generator's own (<host>-bun-generator-*.json). */
export const calibrationDirIn = (resultsDir: string): string => join(resultsDir, ".calibration");
const PREFIX = "cloud-run-";

const positive = z.number().finite().positive();

/** One instance size as Cloud Run deploys it: the key a calibration is looked up by. */
export const CalibrationSize = z
  .object({
    cpus: positive,
    memoryBytes: z.number().int().positive(),
    concurrency: z.number().int().positive(),
  })
  .strict();
export type CalibrationSize = z.infer<typeof CalibrationSize>;

/** Where the local ceiling the ratio divides by came from. */
export const LocalCeilingSource = z
  .object({
    kind: z.enum(["latest-run", "measured"]),
    runId: z.string().min(1),
    cellId: z.string().min(1),
    cpuView: z.enum(["pinned", "shared"]).nullable().describe("null: recorded before the cpuView axis"),
  })
  .strict();

/**
 * `results/.calibration/cloud-run-<cpu>-<memory>-<concurrency>.json`: the same ceiling search run against a deployed
 * revision and against the local cell of the same size; `ratio` (revision ÷ local) scales later plans of that size.
 */
export const CloudRunCalibration = z
  .object({
    calibrationVersion: z.literal(CLOUD_RUN_CALIBRATION_VERSION),
    size: CalibrationSize,
    scenario: z.string().min(1),
    urlHost: z.string().min(1).describe("the revision's host name (the path and query are not kept)"),
    takenAt: z.iso.datetime(),
    executionEnvironment: z
      .enum(["gen1", "gen2"])
      .nullable()
      .describe("as the user stated it; null: not stated"),
    cloudRunCeilingPerSec: positive,
    localCeilingPerSec: positive,
    ratio: positive.describe("cloudRunCeilingPerSec ÷ localCeilingPerSec"),
    localSource: LocalCeilingSource,
    /** With --measure-local and both CPU views: each view's ceiling, and the one nearer the revision. */
    localByCpuView: z
      .object({
        pinned: positive.nullable(),
        shared: positive.nullable(),
        closer: z.enum(["pinned", "shared"]),
      })
      .strict()
      .nullable(),
    roundTripFloorMs: z.number().finite().nonnegative().describe("p50 of a concurrency-1 probe to the URL"),
    littleLawShare: z
      .number()
      .finite()
      .nonnegative()
      .describe(
        "round-trip floor × ceiling ÷ concurrency: over 0.5, the round trip, not the revision, may pace it",
      ),
    requestsSent: z.number().int().nonnegative(),
    searchNotes: z.array(z.string()),
    stopReason: z
      .string()
      .nullable()
      .describe("why the search ended early (a bound, connection errors); null: it finished"),
    hostProbe: HostProbe.nullable(),
    hostProbeMissing: z.string().nullable().describe("why hostProbe is null"),
  })
  .strict();
export type CloudRunCalibration = z.infer<typeof CloudRunCalibration>;

/** A calibration as read, with the file it came from (reports name it). */
export interface StoredCalibration {
  path: string;
  calibration: CloudRunCalibration;
}

/** `cloud-run-<cpu>-<memory MiB>Mi-<concurrency>.json`, e.g. cloud-run-1-512Mi-80.json. */
export function calibrationFileName(size: CalibrationSize): string {
  return `${PREFIX}${size.cpus}-${Math.round(size.memoryBytes / 2 ** 20)}Mi-${size.concurrency}.json`;
}

export async function writeCalibration(calibration: CloudRunCalibration, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, calibrationFileName(calibration.size));
  await writeFileAtomic(path, `${JSON.stringify(CloudRunCalibration.parse(calibration), null, 2)}\n`);
  return path;
}

/** Every calibration in dir (none when it does not exist); a damaged one is an error naming it and the fix. */
export async function readCalibrations(dir: string): Promise<StoredCalibration[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names.filter((name) => name.startsWith(PREFIX) && name.endsWith(".json")).sort();
  const stored: StoredCalibration[] = [];
  for (const name of files) {
    const path = join(dir, name);
    let json: unknown;
    try {
      json = JSON.parse(await Bun.file(path).text());
    } catch (error) {
      throw new RunStoreError(
        `${path} is not valid JSON. Next step: delete it, or calibrate that size again`,
        {
          cause: error,
        },
      );
    }
    const parsed = CloudRunCalibration.safeParse(json);
    if (!parsed.success)
      throw new RunStoreError(
        `${path} is not a calibration of version ${CLOUD_RUN_CALIBRATION_VERSION}: ${z.prettifyError(parsed.error)}. Next step: delete it, or calibrate that size again`,
      );
    stored.push({ path, calibration: parsed.data });
  }
  return stored;
}
