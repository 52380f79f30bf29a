import { expect, test } from "bun:test";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CalibrationFileError } from "../../../../runner/load/calibration/calibration-error.ts";
import type { GeneratorCalibration } from "../../../../runner/load/calibration/generator-calibration.ts";
import { generatorTrust } from "../../../../runner/load/calibration/generator-trust.ts";
import { readCalibration } from "../../../../runner/load/calibration/read-calibration.ts";

const calibration: GeneratorCalibration = {
  version: 1,
  host: "h",
  generator: "k6",
  generatorVersion: "1.1.0",
  imageHash: "abc",
  measuredAt: "2026-01-01T00:00:00.000Z",
  hostCores: 4,
  concurrency: 64,
  stepMs: 4000,
  closedLoopMaxPerSec: 12000,
  openLoopOfferedPerSec: 10000,
  openLoopAchievedPerSec: 10000,
  maxRatePerSec: 10000,
  cpuSecondsPer1000: 0.1,
};

test("a ceiling well below the generator's maximum on a roomy host is trusted", () => {
  const trust = generatorTrust(calibration, {
    ceilingPerSec: 5000,
    serviceCpus: 1,
    generatorCores: null,
    hostCores: 4,
  });
  expect(trust).toEqual({ trusted: true, reasons: [], generatorCores: 0.5 });
});

test("a ceiling at 80% of the generator's maximum is flagged", () => {
  const trust = generatorTrust(calibration, {
    ceilingPerSec: 8000,
    serviceCpus: 1,
    generatorCores: null,
    hostCores: 4,
  });
  expect(trust.trusted).toBe(false);
  expect(trust.reasons[0]).toContain("within 80% of the generator's calibrated maximum 10000/s");
});

// Measured CPUs print with two decimals (0.49, not 0.48889508599999987).
test.each([
  [2, 0.5, "service 2 CPUs + generator 0.50 CPUs exceed the host's 2 cores"],
  [0.48889508599999987, 1.52, "service 0.49 CPUs + generator 1.52 CPUs exceed the host's 2 cores"],
])(
  "service %p CPUs plus generator %p CPUs above the host's 2 cores are flagged",
  (serviceCpus, generatorCores, reason) => {
    const trust = generatorTrust(calibration, {
      ceilingPerSec: 1000,
      serviceCpus,
      generatorCores,
      hostCores: 2,
    });
    expect(trust.trusted).toBe(false);
    expect(trust.reasons).toEqual([reason]);
  },
);

test("no ceiling: only the CPU rule applies", () => {
  expect(
    generatorTrust(calibration, { ceilingPerSec: null, serviceCpus: 4, generatorCores: null, hostCores: 4 })
      .trusted,
  ).toBe(true);
});

test("a stored calibration reads back; a broken one is an error naming the file", async () => {
  const dir = await mkdtemp(join(tmpdir(), "calibration-"));
  const good = join(dir, "good.json");
  await Bun.write(good, JSON.stringify(calibration));
  expect(await readCalibration(good)).toEqual(calibration);
  const bad = join(dir, "bad.json");
  await Bun.write(bad, JSON.stringify({ ...calibration, maxRatePerSec: "fast" }));
  await expect(readCalibration(bad)).rejects.toThrow(
    /bad\.json: [\s\S]*maxRatePerSec[\s\S]*delete this file/,
  );
  await Bun.write(bad, "{");
  await expect(readCalibration(bad)).rejects.toBeInstanceOf(CalibrationFileError);
});
