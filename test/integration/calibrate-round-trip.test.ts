import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { CloudRunCalibration } from "../../runner/results/cloud-run-calibration.ts";
import {
  BURN_SERVICE,
  burnMatrix,
  localCeilings,
  runCalibrate,
  type StandIn,
  startStandIn,
} from "./revision-stand-in.ts";
import { runMatrix } from "./run-matrix.ts";
import { useTempDir } from "./use-temp-dir.ts";

// A CPU-bound instance (1 ms of CPU a request, ~900/s at 1 vCPU) behind a front end 20 ms away, at concurrency 1 and
// 80: the round trip must not cap the revision's ceiling (at concurrency 1 it alone would allow 50/s).
// Read on this 2-core VM, 2026-11-28, revision/local: before the round-trip handling (a window of `concurrency`, the
// SLO on the whole latency) concurrency 1 read 43/821 = 0.053 and concurrency 80 942/1018 = 0.93 (663/771 = 0.86 in a
// second run); after it (window concurrency + rate × floor p99, SLO on latency less the floor's p50) 787/774 = 1.02
// and 961/870 = 1.10.
const RTT_MS = 20;
const MATRIX = burnMatrix(1, [1, 80]);

let dir = "";
useTempDir("it-calibrate-rtt-", (path) => {
  dir = path;
});
const standIns: StandIn[] = [];
afterAll(async () => {
  for (const standIn of standIns) await standIn.stop();
});

test(
  "behind a 20 ms round trip, a concurrency-1 and a concurrency-80 cell each calibrate to 0.85-1.15 of their local ceiling",
  async () => {
    const ids = [1, 80].map((c) => `burn__cpu1__mem256Mi__smol0__conc${c}`);
    const local = await localCeilings(() => runMatrix(dir, MATRIX), ids);
    const figures: Record<string, unknown>[] = [];
    for (const concurrency of (process.env.RTT_CONCS ?? "1,80").split(",").map(Number)) {
      const cellId = `burn__cpu1__mem256Mi__smol0__conc${concurrency}`;
      const standIn = await startStandIn({
        image: local.images[cellId] ?? "",
        service: BURN_SERVICE,
        concurrency,
        rttMs: RTT_MS,
        dir,
      });
      standIns.push(standIn);
      const result = await runCalibrate(
        [
          "--url",
          standIn.url,
          "--insecure",
          "--yes",
          "--cpu",
          "1",
          "--memory",
          "256Mi",
          "--concurrency",
          String(concurrency),
          "--execution-environment",
          "gen1",
          "--repetitions",
          "1",
          "--max-requests",
          "400000",
          "--max-seconds",
          "150",
          join(dir, "matrix.yaml"),
        ],
        {
          resultsDir: dir,
          probeHost: async () => {
            throw new Error("not taken in this test");
          },
        },
      );
      await standIn.stop();
      const file = join(dir, ".calibration", `cloud-run-burn-1-256Mi-${concurrency}-gen1.json`);
      const calibration = (await Bun.file(file).exists())
        ? CloudRunCalibration.parse(await Bun.file(file).json())
        : null;
      figures.push({
        concurrency,
        code: result.code,
        local: calibration?.localCeilingPerSec ?? null,
        revision: calibration?.cloudRunCeilingPerSec ?? null,
        ratio: calibration?.ratio ?? null,
        within: calibration !== null && Math.abs(calibration.ratio - 1) <= 0.15,
        ...(result.code === 0 ? {} : { out: result.out.split("\n").slice(-4) }),
      });
      console.error(`[calibrate-rtt] ${JSON.stringify(figures.at(-1))}`);
    }
    expect(figures).toEqual(figures.map(({ out: _, ...f }) => ({ ...f, code: 0, within: true })));
  },
  { timeout: 900_000 },
);
