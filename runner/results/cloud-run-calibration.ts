import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { HostProbe } from "../../contract/host-probe.ts";
import { RunStoreError, writeFileAtomic } from "./run-store.ts";

/** Bump on any change to the file's fields: a file of another version is refused, never guessed at. */
export const CLOUD_RUN_CALIBRATION_VERSION = 2;
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

/** Why a calibration must never be applied: one instance unproven, this client the limit, or a search cut short. */
export const CalibrationProblem = z
  .object({
    kind: z.enum(["multi-instance", "client-limited", "stopped-early"]),
    detail: z.string(),
  })
  .strict();
export type CalibrationProblem = z.infer<typeof CalibrationProblem>;

/** What --instance-header saw: the distinct instance ids of the busiest step and of the whole calibration. */
export const InstanceCheck = z
  .object({
    header: z.string().nullable().describe("null: no --instance-header, scale-out was not checked"),
    mostIdsInAStep: z.number().int().nonnegative().nullable(),
    distinctIds: z.number().int().nonnegative().nullable(),
  })
  .strict();
export type InstanceCheck = z.infer<typeof InstanceCheck>;

/**
 * `results/.calibration/cloud-run-<scenario>-<cpu>-<memory>Mi-<concurrency>-<environment>.json`: the same ceiling search run against a deployed
 * revision and against the local cell of the same size; `ratio` (revision ÷ local) scales later plans of that size.
 */
export const CloudRunCalibration = z
  .object({
    calibrationVersion: z.literal(CLOUD_RUN_CALIBRATION_VERSION),
    size: CalibrationSize,
    scenario: z.string().min(1),
    urlHost: z.string().min(1).describe("the revision's host name (the path and query are not kept)"),
    takenAt: z.iso.datetime(),
    executionEnvironment: z.enum(["gen1", "gen2"]).describe("as the user stated it (part of the file's key)"),
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
    roundTripFloorP99Ms: z.number().finite().nonnegative().describe("its p99: sizes the client's window"),
    repetitions: z
      .object({
        revisionCeilingsPerSec: z.array(positive).min(1),
        localCeilingsPerSec: z.array(positive).min(1),
        ratioSpreadPct: z
          .number()
          .finite()
          .nonnegative()
          .describe("(max − min) ÷ median of the ratios, in %"),
        wide: z.boolean().describe("ratioSpreadPct over the wide bound: read with care"),
      })
      .strict(),
    instances: InstanceCheck,
    problems: z.array(CalibrationProblem).describe("any one: the calibration is kept but never applied"),
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

/** The file's key: scenario × size × environment, e.g. cloud-run-ingest-1-512Mi-80-gen2.json. */
export function calibrationFileName(
  key: Pick<CloudRunCalibration, "scenario" | "size" | "executionEnvironment">,
): string {
  const { size } = key;
  return `${PREFIX}${key.scenario}-${size.cpus}-${Math.round(size.memoryBytes / 2 ** 20)}Mi-${size.concurrency}-${key.executionEnvironment}.json`;
}

export async function writeCalibration(calibration: CloudRunCalibration, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, calibrationFileName(calibration));
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
