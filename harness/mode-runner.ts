import { runOpenLoop } from "../contract/pacer.ts";
import type { LoadStep } from "../contract/result.ts";
import { inProcessDrainMs as drainTimeoutMs, type RateWindow, rateWindow } from "../search/step-verdict.ts";
import { buildStepOutcome, type StepCost } from "./build-step-outcome.ts";
import { type ClosedLoopOptions, runClosedLoop } from "./closed-loop.ts";
import type { CommonFlags } from "./common-flags.ts";
import { CpuWait } from "./cpu-wait.ts";
import type { ResourceSampler } from "./resource-sampler.ts";
import type { StepOutcome } from "./run-outcome.ts";
import { assertDeclaredLatency, reportsOtherLatency } from "./scenario-latency.ts";
import { readContention } from "./step-contention.ts";
import type { StepRecorder, StepWindow } from "./step-recorder.ts";
import type { Workload } from "./workload.ts";

/** Warm-up runs at least this many operations (and at least --warmup-s), per the seed plan. */
export const WARMUP_MIN_OPS = 1_000;
/** ...but never longer than --warmup-s plus this. */
export const WARMUP_EXTRA_CAP_MS = 10_000;
const DRAIN_POLL_MS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Harness primitives a mode or custom scenario composes: warm-up, closed-loop phases, open-loop steps. */
export class ModeRunner {
  /** Total warm-up time so far (custom runs may warm up themselves). */
  warmupMs = 0;
  /** Measured time so far and how much of it the JS thread waited for a CPU (cpu-wait.ts). */
  readonly cpuWait = new CpuWait();

  constructor(
    readonly workload: Workload,
    readonly recorder: StepRecorder,
    readonly flags: CommonFlags,
    readonly sloP99Ms: number,
    readonly sampler: ResourceSampler,
    /** Idle ms after each phase's forced GC (step-settle-ms.ts); 0 in unit tests. */
    readonly settleMs = 0,
  ) {}

  /** How long to wait for stragglers after a step (search/step-verdict.ts). */
  get drainTimeoutMs(): number {
    return drainTimeoutMs(this.sloP99Ms);
  }

  /** Forced full GC so one phase's garbage is not collected during the next. */
  collectGarbage(): void {
    Bun.gc(true);
  }

  /** Forced full GC, then idle for settleMs (step-settle-ms.ts) so the step starts with a full CPU quota. */
  private async collectAndSettle(): Promise<void> {
    this.collectGarbage();
    if (this.settleMs > 0) await sleep(this.settleMs);
  }

  private outstandingOps(window: StepWindow): number {
    return Math.ceil(window.outstanding() / window.completionsPerOp);
  }

  /** A measured phase starts settled, from the workload's counts, a fresh window, and CPU and contention readings. */
  private async beginPhase() {
    await this.collectAndSettle();
    const before = this.workload.counts();
    const window = this.recorder.begin();
    return { before, window, cpuBefore: process.cpuUsage(), contentionBefore: readContention() };
  }

  /** Both loops fire into this window, keep at most --inflight operations outstanding and wake on completions. */
  private loopWiring(window: StepWindow): Omit<ClosedLoopOptions, "shouldStop"> {
    return {
      inflight: this.flags.inflight,
      outstandingOps: () => this.outstandingOps(window),
      fire: (intendedNs) => this.fire(window, intendedNs),
      onCompletion: (wake) => {
        window.onCompletion = wake;
      },
    };
  }

  private fire(window: StepWindow, intendedNs: number): void {
    window.fired++;
    this.workload.fire(intendedNs);
  }

  /** Waits until every operation of the window completed, or the drain timeout passed. */
  async drain(window: StepWindow, timeoutMs = this.drainTimeoutMs): Promise<void> {
    const deadline = Bun.nanoseconds() + timeoutMs * 1e6;
    while (window.outstanding() > 0 && Bun.nanoseconds() < deadline) await sleep(DRAIN_POLL_MS);
  }

  /** Closed loop for --warmup-s and at least 1,000 operations (bounded); returns ms spent. */
  async warmUp(): Promise<number> {
    if (this.flags.warmupS <= 0) return 0;
    const window = this.recorder.begin();
    const minNs = this.flags.warmupS * 1e9;
    const capNs = minNs + WARMUP_EXTRA_CAP_MS * 1e6;
    const startNs = Bun.nanoseconds();
    await runClosedLoop({
      ...this.loopWiring(window),
      shouldStop: (elapsedNs) =>
        elapsedNs >= capNs ||
        reportsOtherLatency(window) ||
        (elapsedNs >= minNs && window.completions >= WARMUP_MIN_OPS * window.completionsPerOp),
    });
    await this.drain(window);
    assertDeclaredLatency(window);
    this.recorder.begin();
    this.collectGarbage();
    const spentMs = (Bun.nanoseconds() - startNs) / 1e6;
    this.warmupMs += spentMs;
    return spentMs;
  }

  /** The phase's step with its verdict (build-step-outcome.ts). */
  private outcome(
    window: StepWindow,
    phase: LoadStep["phase"],
    offered: number | null,
    windowMs: number,
    before: ReturnType<Workload["counts"]>,
    cost: StepCost,
    completions = window.completions,
    rate: RateWindow = { fromMs: 0, toMs: windowMs },
  ): StepOutcome {
    const after = this.workload.counts();
    const input = { window, phase, offered, windowMs, before, after, cost, completions, rate };
    return buildStepOutcome(input, this.sloP99Ms);
  }

  /** A closed-loop phase of durationMs (the probe, or --mode=closed). */
  async closedPhase(durationMs: number, phase: LoadStep["phase"] = "probe"): Promise<StepOutcome> {
    const { before, window, cpuBefore, contentionBefore } = await this.beginPhase();
    const loop = await runClosedLoop({
      ...this.loopWiring(window),
      shouldStop: (elapsedNs) => elapsedNs >= durationMs * 1e6,
    });
    // A closed loop always ends with `inflight` operations outstanding: counting them (drained after the loop)
    // would overstate its rate by inflight / duration (a 2,000/s downstream probed at 2,128/s over 2 s).
    const completedInLoop = window.completions;
    await this.drain(window);
    const cost = {
      dropped: 0,
      processCpuSeconds: cpuSecondsSince(cpuBefore),
      generatorCpuSeconds: loop.generatorCpuSeconds,
    };
    const result = this.outcome(window, phase, null, loop.elapsedMs, before, cost, completedInLoop);
    const contention = this.cpuWait.note(contentionBefore, result.seconds);
    console.error(
      `[harness] ${phase} closed loop -> ${result.step.achievedPerSec.toFixed(1)}/s cpu ${(cost.processCpuSeconds / result.seconds).toFixed(3)} core${contention}`,
    );
    return result;
  }

  /** One fixed-arrival-rate step; latency is measured from each operation's intended send time. */
  async openStep(offeredPerSec: number, phase: LoadStep["phase"], durationMs: number): Promise<StepOutcome> {
    const { before, window, cpuBefore, contentionBefore } = await this.beginPhase();
    const rate = rateWindow(durationMs, this.sloP99Ms);
    const startNs = Bun.nanoseconds();
    window.rateFromNs = startNs + rate.fromMs * 1e6;
    window.rateToNs = startNs + rate.toMs * 1e6;
    const { inflight, ...wiring } = this.loopWiring(window);
    const sent = await runOpenLoop({
      ...wiring,
      ratePerSec: offeredPerSec,
      durationMs,
      lateLimitMs: this.sloP99Ms,
      startNs,
      maxInflight: inflight,
    });
    await this.drain(window);
    const cost = {
      dropped: sent.dropped,
      processCpuSeconds: cpuSecondsSince(cpuBefore),
      generatorCpuSeconds: sent.generatorCpuSeconds,
    };
    const inWindow = window.completionsInRateWindow;
    const result = this.outcome(window, phase, offeredPerSec, durationMs, before, cost, inWindow, rate);
    const contention = this.cpuWait.note(contentionBefore, result.seconds);
    console.error(openStepLine(offeredPerSec, result, contention, sent.maxLateMs));
    return result;
  }

  /** Fires `count` operations at the same intended instant (a burst), then drains. */
  async burst(count: number): Promise<StepOutcome> {
    const { before, window, cpuBefore } = await this.beginPhase();
    const startNs = Bun.nanoseconds();
    for (let index = 0; index < count; index++) this.fire(window, startNs);
    await this.drain(window);
    return this.outcome(window, "fixed", null, (Bun.nanoseconds() - startNs) / 1e6, before, {
      dropped: 0,
      processCpuSeconds: cpuSecondsSince(cpuBefore),
      generatorCpuSeconds: null,
    });
  }
}

/** User plus system CPU seconds this process used since `start`. */
export function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** The stderr line of one open-loop step: offered and achieved rate, p99, losses, CPU, contention, verdict. */
export function openStepLine(
  offeredPerSec: number,
  { step, seconds }: StepOutcome,
  contention: string,
  pacerMaxLateMs: number,
): string {
  const cpu =
    step.processCpuSeconds === null ? "" : ` cpu ${(step.processCpuSeconds / seconds).toFixed(3)} core`;
  return `[harness] ${step.phase} ${offeredPerSec.toFixed(1)}/s -> ${step.achievedPerSec.toFixed(1)}/s p99 ${step.latency.p99Ms.toFixed(2)} ms errors ${step.errors} lost ${step.lost} dropped ${step.dropped}${cpu}${contention} pacer-late ${pacerMaxLateMs.toFixed(1)} ms ${step.sloMet ? "PASS" : "FAIL"}`;
}
