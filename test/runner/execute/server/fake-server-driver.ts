import type { LoadStep } from "../../../../contract/result.ts";
import type {
  ExecutionDriver,
  MemberOutcome,
  MemberSession,
  PodHandle,
  PodMemberSpec,
  PodSpec,
  RunFacts,
} from "../../../../runner/drivers/execution-driver.ts";
import type { StepRequest } from "../../../../runner/load/load-generator.ts";
import type { ServiceModel } from "./service-model.ts";

const latency = (p99Ms: number, count: number) => ({
  count,
  p50Ms: p99Ms / 2,
  p90Ms: p99Ms,
  p95Ms: p99Ms,
  p99Ms,
  p999Ms: p99Ms,
  maxMs: p99Ms,
});

/** An ExecutionDriver whose pod is the modelled service: each generator run returns the step it predicts. */
export class FakeServerDriver implements ExecutionDriver {
  readonly name = "local" as const;
  specs: PodSpec[] = [];
  finished = 0;
  steps = 0;
  /** Every step request the generator was given, in order. */
  requests: StepRequest[] = [];

  /** With sessions: sessions started and closed, and each one's stdin. */
  sessionsStarted = 0;
  sessionsClosed = 0;
  sessionInputs: string[] = [];

  /** `sessions`: the pod offers startSession, each exchange answered as runMember would answer that step. */
  constructor(
    private readonly model: ServiceModel,
    private readonly options: { sessions?: boolean } = {},
  ) {}

  nodes = async () => [];
  runToExit = async (): Promise<RunFacts> => {
    throw new Error("not in server mode");
  };
  removeRun = async () => 0;
  removeOrphans = async () => 0;

  async startPod(spec: PodSpec): Promise<PodHandle> {
    this.specs.push(spec);
    if (this.model.startError) throw this.model.startError;
    const model = { ...this.model, ...this.model.atMemory?.(spec.service.memoryBytes ?? 0) };
    let serviceCpu = 0;
    let sidecarCpu = 0;
    let alive = true;
    let podSteps = 0;
    let capacity = model.capacityPerSec;
    const driver = this;
    const runStep = async (request: StepRequest): Promise<MemberOutcome> => {
      driver.steps++;
      driver.requests.push(request);
      if (model.fixedStdout !== undefined) {
        const timedOut = model.fixedStdout === "timeout";
        const stdout = timedOut ? "" : model.fixedStdout;
        return { exitCode: timedOut ? null : 0, timedOut, stdout, stderr: "", cpuSeconds: 0.5 };
      }
      if (model.dieAfterSteps !== undefined && podSteps++ >= model.dieAfterSteps) alive = false;
      const seconds = request.durationMs / 1000;
      const offered = request.kind === "open" ? (request.ratePerSec ?? 0) : capacity;
      const achieved = Math.min(offered, capacity);
      serviceCpu += achieved * seconds * model.cpuSecondsPerRequest;
      sidecarCpu += achieved * seconds * 0.0001;
      const overloaded = offered > capacity;
      if (overloaded && model.slowAfterFirstOverload !== undefined)
        capacity = model.capacityPerSec * model.slowAfterFirstOverload;
      const lagging = model.generatorLagMs !== undefined && offered > (model.lagAbovePerSec ?? 0);
      const loadStep: LoadStep = {
        phase: request.phase,
        offeredPerSec: offered,
        achievedPerSec: achieved,
        durationMs: request.durationMs,
        latency: latency(overloaded ? 500 : 5, Math.round(achieved * seconds)),
        errors: 0,
        lost: 0,
        dropped: 0,
        processCpuSeconds: null,
        generatorCpuSeconds: null,
        generatorSendLagP99Ms: lagging ? (model.generatorLagMs ?? 0) : 0.5,
        generatorTurnaroundMeanMs: 0.05,
        operationMeanMs: overloaded ? 250 : 2.5,
        hostOtherCpuCores: null,
        sloMet: !overloaded,
      };
      const garbage = model.garbageAfterSteps !== undefined && driver.steps > model.garbageAfterSteps;
      return {
        exitCode: 0,
        timedOut: false,
        stdout: garbage ? "generator panicked" : JSON.stringify(loadStep),
        stderr: "",
        cpuSeconds: 0.25,
      };
    };
    const pod: PodHandle = {
      startupMs: 123,
      serviceRunning: async () => alive,
      cpuSeconds: async () => ({ service: serviceCpu, sidecars: { kv: sidecarCpu } }),
      runMember: async (member: PodMemberSpec) => runStep(JSON.parse(member.env.STEP ?? "{}") as StepRequest),
      async finish(): Promise<RunFacts> {
        driver.finished++;
        const oom = !alive && model.oomOnDeath === true;
        return {
          exitCode: alive ? null : oom ? 137 : 1,
          timedOut: false,
          oomKilled: oom,
          oomEvent: oom,
          stdout: "",
          stderr: alive ? "" : "boom: the service fell over",
          stats: {
            peakMemoryBytes: 50e6,
            cpuSeconds: serviceCpu,
            throttledPeriods: 0,
            throttledSeconds: 0,
            samples: [],
          },
          applied: {
            nanoCpus: 1e9,
            memoryBytes: 256 * 2 ** 20,
            memorySwapBytes: 256 * 2 ** 20,
            readonlyRootfs: true,
            capDrop: ["ALL"],
            securityOpt: ["no-new-privileges"],
            pidsLimit: 256,
            networkMode: "container:holder",
            user: "1000:1000",
          },
          node: null,
          hostOtherCpuCores: null,
          startupMs: 123,
          wallSeconds: 1,
        };
      },
    };
    if (!this.options.sessions) return pod;
    // A session answers each STEP line as runMember would, then its END line; a timeout or garbage is as per step.
    pod.startSession = async (): Promise<MemberSession> => {
      driver.sessionsStarted++;
      const index = driver.sessionInputs.push("") - 1;
      let closed = false;
      return {
        async exchange(input, isEnd) {
          if (closed) throw new Error("an exchange on a closed session");
          driver.sessionInputs[index] += input;
          const line = input.trim().split("\n").at(-1) ?? "";
          const outcome = await runStep(JSON.parse(line.replace(/^STEP /, "")) as StepRequest);
          if (outcome.timedOut) return { ended: "timeout", stdout: "", stderr: "", exitCode: null };
          const end = `END ${JSON.stringify({ exitCode: outcome.exitCode, cpuSeconds: outcome.cpuSeconds })}`;
          if (!isEnd(end)) throw new Error("the fake generator's end line is not its end line");
          return { ended: "marker", stdout: `${outcome.stdout}\n${end}\n`, stderr: "", exitCode: null };
        },
        async close() {
          if (!closed) driver.sessionsClosed++;
          closed = true;
          return { stdout: "", stderr: "" };
        },
      };
    };
    return pod;
  }
}
