import { z } from "zod";
import { rssTrend } from "../harness/rss-trend.ts";
import { runScenario } from "../harness/run-scenario.ts";
import { defineScenario } from "../harness/scenario.ts";
import { payloadPicker } from "../service/workloads/payload-mix.ts";
import { THROUGHPUT_SLO_P99_MS } from "./throughput.ts";
import { startPubSubWorkload } from "./workload/pubsub-workload.ts";
import { endToEndFlags } from "./workload/workload-flags.ts";

/** Seed plan: RSS growth after the warm-up plateau must stay under 10%. */
export const SOAK_MAX_RSS_GROWTH = 0.1;
const MIB = 1024 * 1024;

/** Memory stability: sustained load at --fraction of a measured maximum for --duration-s; RSS growth and slope. */
export const soak = defineScenario({
  name: "soak",
  summary:
    "sustained end-to-end load at --fraction of the measured maximum; RSS growth after the plateau (< 10%)",
  flags: {
    durationS: z.coerce.number().positive().default(60).describe("soak seconds (hours are fine)"),
    fraction: z.coerce
      .number()
      .gt(0)
      .max(1)
      .default(0.5)
      .describe("share of the closed-loop maximum to offer"),
    rate: z.coerce.number().positive().optional().describe("offered msg/s; skips the probe"),
    ...endToEndFlags(),
  },
  defaultMode: "steps",
  latency: () => "endToEnd",
  defaultSloP99Ms: () => THROUGHPUT_SLO_P99_MS,
  parameters: (flags) => ({
    fraction: flags.fraction,
    payloadMix: flags.payloadMix,
    ordering: flags.ordering,
    batchSize: flags.batchSize,
    publishers: flags.publishers,
    subscribers: flags.subscribers,
    concurrency: flags.concurrency,
  }),
  setup: (flags, recorder) =>
    startPubSubWorkload(
      { name: "soak", ...flags, payload: payloadPicker(flags.payloadMix), latency: "endToEnd" },
      recorder,
    ),
  async run(runner, flags) {
    await runner.warmUp();
    const probe = flags.rate === undefined ? await runner.closedPhase(flags.stepS * 1000, "probe") : null;
    const ratePerSec = flags.rate ?? Math.max(1, flags.fraction * (probe?.step.achievedPerSec ?? 0));
    const fromElapsedMs = (Bun.nanoseconds() - runner.sampler.startNs) / 1e6;
    const soakStep = await runner.openStep(ratePerSec, "fixed", flags.durationS * 1000);
    runner.sampler.sample();
    const trend = rssTrend(runner.sampler.samples, fromElapsedMs);
    const grew = trend !== null && trend.growthRatio >= SOAK_MAX_RSS_GROWTH;
    return {
      steps: [...(probe ? [probe.step] : []), soakStep.step],
      ceiling: null,
      measuredMs: soakStep.step.durationMs,
      representative: soakStep,
      sloMet: soakStep.step.sloMet && !grew,
      notes: [
        `soak at ${ratePerSec.toFixed(1)} msg/s${probe ? ` (${flags.fraction} x closed-loop max ${probe.step.achievedPerSec.toFixed(1)}/s)` : ""}`,
        trend === null
          ? "too few resource samples in the soak window for an RSS trend (lengthen --duration-s or shorten --sample-ms)"
          : `RSS ${(trend.baselineRssBytes / MIB).toFixed(1)} -> ${(trend.finalRssBytes / MIB).toFixed(1)} MiB (${(trend.growthRatio * 100).toFixed(1)}%, target < ${SOAK_MAX_RSS_GROWTH * 100}%), slope ${(trend.slopeBytesPerHour / MIB).toFixed(1)} MiB/h over ${trend.sampleCount} samples`,
        "slo.met: the soak step met the latency SLO and RSS grew less than 10%",
      ],
      parameters: {
        soakRatePerSec: ratePerSec,
        rssGrowthPct: trend === null ? -1 : trend.growthRatio * 100,
        rssSlopeMiBPerHour: trend === null ? 0 : trend.slopeBytesPerHour / MIB,
        rssBaselineBytes: trend?.baselineRssBytes ?? 0,
        rssFinalBytes: trend?.finalRssBytes ?? 0,
      },
    };
  },
});

if (import.meta.main) await runScenario(soak);
