import type { CalibrationPoint } from "../../../contract/generator-step.ts";
import type { ContainerSpec, DockerApi } from "../../docker/docker-api.ts";
import { parseReadyAtMs } from "../bun-generator/generator-output.ts";
import type { LoadGenerator, StepRequest } from "../load-generator.ts";
import type { GeneratorCalibration } from "./generator-capacity.ts";
import { startLoopbackPod } from "./loopback-pod.ts";

const PORT = 8080;
const CONCURRENCY = 64;
const STEP_MS = 2000;
/** Offered rates, rising; the calibration stops at the first the generator does not keep up with. */
const OPEN_RATES_PER_SEC = [5000, 10_000, 20_000, 40_000];
const KEPT_UP_RATIO = 0.95;
const CALIBRATION_SLO_P99_MS = 100;
const MEMBER_TIMEOUT_MS = 60_000;
const READY_TIMEOUT_MS = 15_000;
const TRIVIAL_HANDLER = `Bun.serve({ port: ${PORT}, hostname: "127.0.0.1", fetch: () => new Response("ok") });`;

export interface CalibrationContext {
  host: string;
  hostCores: number;
  imageHash: string;
  /** The bench base image (bun-capacity/bun-base:<version>): the trivial handler runs in it, unlimited. */
  baseImage: string;
  log?: (line: string) => void;
}

/** Drives a trivial Bun.serve handler with the generator in its namespace: closed loop, then rising open-loop rates. */
export async function calibrateGenerator(
  docker: DockerApi,
  generator: LoadGenerator,
  context: CalibrationContext,
): Promise<GeneratorCalibration> {
  const log = context.log ?? (() => undefined);
  const pod = await startLoopbackPod(docker, trivialService(context.baseImage), `calibration-${process.pid}`);
  try {
    const ready = await pod.run(generator.readinessContainer(PORT, "/", READY_TIMEOUT_MS), MEMBER_TIMEOUT_MS);
    parseReadyAtMs(ready.stdout, ready.stderr);
    const base: StepRequest = {
      kind: "closed",
      ratePerSec: null,
      concurrency: CONCURRENCY,
      durationMs: STEP_MS,
      sloP99Ms: CALIBRATION_SLO_P99_MS,
      port: PORT,
      requests: [{ weight: 1, method: "GET", path: "/", headers: {}, body: null }],
      workload: null,
      phase: "probe",
    };
    const measure = async (request: StepRequest) => {
      const run = await pod.run(generator.stepContainer(request), MEMBER_TIMEOUT_MS);
      return { ...generator.parseStep(request, run), serviceCores: run.serviceCpuCores };
    };
    const closed = await measure(base);
    log(`closed loop: ${closed.step.achievedPerSec.toFixed(0)}/s`);
    const points: CalibrationPoint[] = [];
    for (const offered of OPEN_RATES_PER_SEC) {
      const open = await measure({ ...base, kind: "open", ratePerSec: offered, phase: "fixed" });
      const completed = open.step.latency.count;
      const point = {
        offeredPerSec: offered,
        achievedPerSec: open.step.achievedPerSec,
        droppedRequests: open.droppedRequests,
        generatorCpuMicrosPerRequest: completed > 0 ? (open.self.cpuSeconds / completed) * 1e6 : 0,
        p99Ms: open.step.latency.p99Ms,
        sendLagP99Ms: open.self.sendLagP99Ms,
        serviceCpuCores: open.serviceCores,
      };
      points.push(point);
      const kept = point.droppedRequests === 0 && point.achievedPerSec >= KEPT_UP_RATIO * offered;
      log(
        `open loop at ${offered}/s: ${point.achievedPerSec.toFixed(0)}/s, ${point.generatorCpuMicrosPerRequest.toFixed(1)} us CPU a request, ` +
          `p99 ${point.p99Ms.toFixed(2)} ms, send lag p99 ${point.sendLagP99Ms.toFixed(2)} ms${kept ? "" : " (fell behind)"}`,
      );
      if (!kept) break;
    }
    return {
      version: 2,
      host: context.host,
      generator: generator.name,
      generatorVersion: generator.version,
      imageHash: context.imageHash,
      measuredAt: new Date().toISOString(),
      hostCores: context.hostCores,
      concurrency: CONCURRENCY,
      stepMs: STEP_MS,
      closedLoopMaxPerSec: closed.step.achievedPerSec,
      points,
    };
  } finally {
    await pod.close();
  }
}

function trivialService(image: string): ContainerSpec {
  return {
    image,
    cmd: ["bun", "-e", TRIVIAL_HANDLER],
    env: {},
    labels: { "bun-capacity.role": "calibration-service" },
    user: "1000",
    nanoCpus: 0,
    memoryBytes: 0,
    memorySwapBytes: 0,
    readonlyRootfs: true,
    tmpfs: { "/tmp": "rw,size=16m" },
    capDrop: ["ALL"],
    securityOpt: ["no-new-privileges"],
    pidsLimit: 0,
    networkMode: "none",
  };
}
