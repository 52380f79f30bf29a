import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { parseResult } from "../../contract/parse-result.ts";
import type { BenchResult } from "../../contract/result.ts";

const SCENARIOS_DIR = join(import.meta.dir, "../../scenarios");
const TINY = ["--warmup-s=0.2", "--step-s=0.2", "--sample-ms=50", "--max-steps=8"];
const TIMEOUT_MS = 30_000;

/** Runs `bun scenarios/<name>.ts` and parses its stdout with the contract parser (throws on anything but one valid line). */
async function runScenario(name: string, args: string[]): Promise<{ result: BenchResult; exitCode: number }> {
  const proc = Bun.spawn(["bun", join(SCENARIOS_DIR, `${name}.ts`), ...args], {
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (exitCode !== 0) throw new Error(`${name} exited ${exitCode}: ${stderr}`);
  return { result: parseResult(stdout), exitCode };
}

const expectAccounted = (result: BenchResult) => {
  expect(result.counts.lost).toBe(0);
  expect(result.counts.errors).toBe(0);
  expect(result.counts.acked).toBe(result.counts.delivered);
};

describe("scenarios print one valid contract line on the host", () => {
  test(
    "calibration ceiling search",
    async () => {
      // 0.6 s steps: the rate window (one 250 ms SLO after the start to the end) must not be a few ms of noise;
      // 12 steps leave room for a re-run and a step-down on a busy host.
      const { result } = await runScenario("calibration", [
        ...TINY.filter((flag) => !flag.startsWith("--step-s") && !flag.startsWith("--max-steps")),
        "--step-s=0.6",
        "--max-steps=12",
        "--mode=ceiling",
      ]);
      expect(result.ceiling?.ceilingPerSec).toBeGreaterThan(0);
      expect(result.steps[0]?.phase).toBe("probe");
      expect(result.environment.runtime).toBe("bun");
    },
    TIMEOUT_MS,
  );

  test(
    "throughput: published = delivered = acked, nothing lost",
    async () => {
      const { result } = await runScenario("throughput", TINY);
      expectAccounted(result);
      expect(result.counts.published).toBeGreaterThan(0);
      expect(result.counts.delivered).toBe(result.counts.published);
      expect(result.ceiling).not.toBeNull();
    },
    TIMEOUT_MS,
  );

  test(
    "firehose 10kb publishes with no subscribers",
    async () => {
      const { result } = await runScenario("firehose", [
        ...TINY,
        "--payload=10kb",
        "--mode=closed",
        "--duration-s=0.3",
      ]);
      expect(result.counts.published).toBeGreaterThan(0);
      expect(result.counts.delivered).toBe(0);
      expect(result.latency.publish?.count).toBeGreaterThan(0);
      expect(result.latency.endToEnd).toBeNull();
    },
    TIMEOUT_MS,
  );

  test(
    "fanout delivers every message to every subscription",
    async () => {
      const { result } = await runScenario("fanout", [...TINY, "--subscribers=10", "--duration-s=0.5"]);
      expectAccounted(result);
      expect(result.counts.delivered).toBe(result.counts.published * 10);
      expect(result.throughput.deliveredPerSec).toBeGreaterThan(result.throughput.publishedPerSec);
    },
    TIMEOUT_MS,
  );

  test(
    "thundering herd: 1,000 delivered, 0 errors",
    async () => {
      const { result } = await runScenario("thundering-herd", ["--sample-ms=50"]);
      expect(result.counts.published).toBe(1000);
      expect(result.counts.delivered).toBe(1000);
      expect(result.counts.errors).toBe(0);
      expect(result.counts.lost).toBe(0);
      expect(result.slo?.met).toBe(true);
    },
    TIMEOUT_MS,
  );

  test(
    "saturation runs five fixed steps after a probe, with ordering keys and a payload mix",
    async () => {
      const { result } = await runScenario("saturation", [
        ...TINY,
        "--ordering=keys8",
        "--payload-mix=mixed",
      ]);
      expectAccounted(result);
      expect(result.steps.filter((step) => step.phase === "fixed")).toHaveLength(5);
      expect(result.ceiling?.closedLoopMaxPerSec).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );

  test(
    "soak reports an RSS trend",
    async () => {
      const { result } = await runScenario("soak", [...TINY, "--duration-s=1", "--fraction=0.2"]);
      expectAccounted(result);
      expect(typeof result.parameters.rssGrowthPct).toBe("number");
      expect(result.resources.samples.length).toBeGreaterThan(4);
    },
    TIMEOUT_MS,
  );

  test("a bad flag exits 2 with one paragraph on stderr and nothing on stdout", async () => {
    const proc = Bun.spawn(["bun", join(SCENARIOS_DIR, "throughput.ts"), "--batch-size=7"], {
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, exitCode] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    expect(exitCode).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain("--batch-size");
    expect(stderr).toContain('"7"');
    expect(stderr.trim().split("\n")).toHaveLength(1);
  });
});
