import { describe, expect, test } from "bun:test";
import type {
  MemberOutcome,
  PodCpuSeconds,
  PodHandle,
  PodMemberSpec,
  RunFacts,
} from "../../../../runner/drivers/execution-driver.ts";
import {
  runServerStep,
  type ServerStepContext,
  STEP_GRACE_MS,
  stepRequest,
} from "../../../../runner/execute/server/run-server-step.ts";
import { ServerStepError } from "../../../../runner/execute/server/server-step-error.ts";
import { generatorWorkers } from "../../../../runner/load/generator-trust.ts";
import type { ServiceCell } from "../../../../runner/plan/service-cell.ts";
import { fakeGenerator } from "./fake-generator.ts";
import { serviceCell } from "./service-cell.ts";

type Served = ServerStepContext["cell"];
const MEMBER_MS = 200;

/** The cell of service-cell.ts (1 vCPU, concurrency 10), its service block changed by `service`. */
function cell(service: Partial<ServiceCell> = {}, flags: Served["flags"] = {}): Served {
  const base = serviceCell({ flags });
  if (!base.service) throw new Error("fixture");
  return { ...base, concurrency: 10, service: { ...base.service, ...service } };
}

interface PodScript {
  /** Two readings: before and after the step. */
  cpu?: [PodCpuSeconds, PodCpuSeconds];
  outcome?: Partial<MemberOutcome>;
  running?: boolean;
}

/** A pod whose one generator run takes MEMBER_MS and prints a step the fake generator reads. */
function pod(script: PodScript, seen: PodMemberSpec[] = []): PodHandle {
  const readings = [...(script.cpu ?? [])];
  const step = { phase: "bracket", offeredPerSec: 100, achievedPerSec: 100, durationMs: 1000, sloMet: true };
  return {
    startupMs: 1,
    serviceRunning: async () => script.running ?? true,
    ...(script.cpu && { cpuSeconds: async () => readings.shift() as PodCpuSeconds }),
    runMember: async (spec, timeoutMs) => {
      seen.push({ ...spec, env: { ...spec.env, TIMEOUT_MS: String(timeoutMs) } });
      await Bun.sleep(MEMBER_MS);
      const stdout = JSON.stringify({ ...step, latency: { p99Ms: 5 }, errors: 0, lost: 0, dropped: 0 });
      return { exitCode: 0, timedOut: false, stdout, stderr: "", cpuSeconds: 0.25, ...script.outcome };
    },
    finish: async () => ({}) as RunFacts,
  };
}

const context = (p: PodHandle, c = cell(), hostCores = 2): ServerStepContext => ({
  pod: p,
  hostCores,
  generator: fakeGenerator,
  cell: c,
  signal: new AbortController().signal,
});

describe("stepRequest", () => {
  test("the cell's concurrency, SLO, port, mix and flags; the step's length from stepSeconds; open or closed", () => {
    const c = cell({}, { batch: 10 });
    const open = stepRequest(context(pod({}), c), 400, "bracket");
    expect(open).toMatchObject({ kind: "open", ratePerSec: 400, concurrency: 10, sloP99Ms: 100, port: 8080 });
    expect(open).toMatchObject({ durationMs: 1000, requests: c.service.requests, flags: { batch: 10 } });
    expect(open.workload).toBeNull();
    expect(stepRequest(context(pod({}), c), null, "probe")).toMatchObject({
      kind: "closed",
      ratePerSec: null,
    });
    expect(stepRequest(context(pod({}), c), null, "probe", 3000).durationMs).toBe(3000);
  });

  test("a workload module: its source, and its image path when bundled (null: it goes on stdin)", () => {
    const described = { shape: "paced" as const, rateUnit: null, latency: "request" as const, flags: {} };
    const source = "export default { open: () => async () => true };";
    const bundled = cell({
      script: source,
      workload: { ...described, imagePath: "/app/service/workloads/ingest.ts" },
    });
    expect(stepRequest(context(pod({}), bundled), 10, "bracket").workload).toEqual({
      imagePath: "/app/service/workloads/ingest.ts",
      source,
    });
    const user = cell({ script: source, workload: { ...described, imagePath: null } });
    expect(stepRequest(context(pod({}), user), 10, "bracket").workload).toEqual({ imagePath: null, source });
  });

  test("generator workers: the whole cores the service's limit leaves on the host, at least one", () => {
    expect(generatorWorkers(1, 2)).toBe(1);
    expect(generatorWorkers(0.5, 2)).toBe(1);
    expect(generatorWorkers(1, 8)).toBe(7);
    expect(generatorWorkers(4, 2)).toBe(1);
    expect(stepRequest(context(pod({}), cell(), 8), 10, "bracket").workers).toBe(7);
  });
});

describe("runServerStep", () => {
  test("the step carries the service's CPU from outside, the generator's, and the host's other load per step", async () => {
    // Over the step: service 2 s, sidecar 0.2 s, generator 0.25 s, and the host busy 0.1 s more than all of them.
    const before = { service: 1, sidecars: { kv: 0.1 }, hostBusy: 10 };
    const after = { service: 3, sidecars: { kv: 0.3 }, hostBusy: 10 + 2 + 0.2 + 0.25 + 0.1 };
    const seen: PodMemberSpec[] = [];
    const c = context(pod({ cpu: [before, after] }, seen));
    const step = await runServerStep(c, stepRequest(c, 100, "bracket"));
    expect(step.processCpuSeconds).toBeCloseTo(2, 9);
    expect(step.generatorCpuSeconds).toBe(0.25);
    // 0.1 CPU-seconds over the step's wall time: at least MEMBER_MS, well under a second.
    expect(step.hostOtherCpuCores ?? 0).toBeGreaterThan(0.1);
    expect(step.hostOtherCpuCores ?? 0).toBeLessThanOrEqual(0.1 / (MEMBER_MS / 1000));
    expect(step.sloMet).toBe(true);
    // The generator's own bound (1 s step + 1 s drain + 1 s timeout) plus the grace.
    expect(seen[0]?.env.TIMEOUT_MS).toBe(String(3000 + STEP_GRACE_MS));
  });

  test("no host counter (a remote node) or no pod CPU: those figures are unknown, not zero", async () => {
    const noHost = context(
      pod({
        cpu: [
          { service: 1, sidecars: {} },
          { service: 2, sidecars: {} },
        ],
      }),
    );
    const step = await runServerStep(noHost, stepRequest(noHost, 100, "bracket"));
    expect(step.processCpuSeconds).toBe(1);
    expect(step.hostOtherCpuCores).toBeNull();
    const noCpu = context(pod({}));
    expect((await runServerStep(noCpu, stepRequest(noCpu, 100, "bracket"))).processCpuSeconds).toBeNull();
  });

  test("a stopped service, a generator past its grace, and unreadable output are typed step errors", async () => {
    const kindOf = async (script: PodScript) => {
      const c = context(pod(script));
      const error = await runServerStep(c, stepRequest(c, 100, "bracket")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerStepError);
      return error as ServerStepError;
    };
    expect((await kindOf({ running: false })).kind).toBe("service-stopped");
    expect((await kindOf({ outcome: { timedOut: true, exitCode: null } })).kind).toBe("generator-timeout");
    const garbage = await kindOf({ outcome: { stdout: "not a step", exitCode: 1 } });
    expect(garbage.kind).toBe("bad-output");
    expect(garbage.rawStdout).toBe("not a step");
    expect(garbage.message).toContain("(exit 1)");
  });
});
