import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CalibrationFileError,
  type GeneratorCalibration,
  readCalibration,
} from "../../../../runner/load/generator-capacity/generator-capacity.ts";

const dir = mkdtempSync(join(tmpdir(), "calibration-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Version 2: the generator's cost and own tail at each offered rate it kept up with. */
const calibration: GeneratorCalibration = {
  version: 2,
  host: "h",
  generator: "bun-generator",
  generatorVersion: "0.1.0",
  imageHash: "abc123",
  measuredAt: "2026-01-01T00:00:00.000Z",
  hostCores: 2,
  concurrency: 64,
  stepMs: 3000,
  closedLoopMaxPerSec: 21_000,
  points: [
    {
      offeredPerSec: 1000,
      achievedPerSec: 1000,
      droppedRequests: 0,
      generatorCpuMicrosPerRequest: 38.5,
      p99Ms: 0.9,
      sendLagP99Ms: 0.2,
      serviceCpuCores: 0.05,
    },
    {
      offeredPerSec: 5000,
      achievedPerSec: 4998,
      droppedRequests: 0,
      generatorCpuMicrosPerRequest: 31.2,
      p99Ms: 1.4,
      sendLagP99Ms: 0.6,
      serviceCpuCores: null,
    },
  ],
};

describe("readCalibration", () => {
  test("a stored version-2 calibration reads back as written", async () => {
    const path = file("v2.json", JSON.stringify(calibration));
    expect(await readCalibration(path)).toEqual(calibration);
  });

  test("an older file (version 1, one maximum rate) is an error naming the file and how to measure again", async () => {
    const v1 = {
      ...calibration,
      version: 1,
      generator: "older-generator",
      points: undefined,
      maxRatePerSec: 10_000,
      cpuSecondsPer1000: 0.1,
    };
    const path = file("v1.json", JSON.stringify(v1));
    const error = await readCalibration(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CalibrationFileError);
    expect((error as Error).message).toContain(path);
    expect((error as Error).message).toContain("version");
    expect((error as Error).message).toContain("delete this file to calibrate the generator again");
  });

  test("a file that is not JSON, or a point with a negative figure, is an error too", async () => {
    await expect(readCalibration(file("cut.json", '{"version": 2, "ho'))).rejects.toThrow(
      /is not valid JSON/,
    );
    const [first] = calibration.points;
    const negative = { ...calibration, points: [{ ...first, sendLagP99Ms: -1 }] };
    await expect(readCalibration(file("neg.json", JSON.stringify(negative)))).rejects.toThrow(/sendLagP99Ms/);
  });
});
