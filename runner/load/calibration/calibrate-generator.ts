import type { ContainerSpec, DockerApi } from "../../docker/docker-api.ts";
import { parseReadyAtMs } from "../k6/parse-ready-at-ms.ts";
import type { LoadGenerator, StepRequest } from "../load-generator.ts";
import type { GeneratorCalibration } from "./generator-calibration.ts";
import { startLoopbackPod } from "./loopback-pod.ts";

const PORT = 8080;
const CONCURRENCY = 64;
const STEP_MS = 4000;
const OPEN_SHARES = [0.5, 0.75, 0.9, 1];
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

/** Drives a trivial Bun.serve handler with the generator in its namespace, closed then open loop. */
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
      script: null,
      phase: "probe",
    };
    const measure = async (request: StepRequest) => {
      const run = await pod.run(generator.stepContainer(request), MEMBER_TIMEOUT_MS);
      const { step, droppedRequests } = generator.parseStep(request, run);
      return {
        step,
        dropped: droppedRequests,
        cores: run.cpuCores ?? run.cpuSeconds / (step.durationMs / 1000),
        serviceCores: run.serviceCpuCores,
      };
    };
    const closed = await measure(base);
    log(
      `closed loop: ${closed.step.achievedPerSec.toFixed(0)}/s at ${closed.cores.toFixed(2)} CPUs ` +
        `(trivial service: ${cores(closed.serviceCores)} CPUs)`,
    );
    // Open loop at shares of the closed-loop maximum: the highest one the generator keeps up with (nothing dropped).
    let best = {
      offered: 0,
      achieved: 0,
      cores: 0,
      serviceCores: null as number | null,
      p99Ms: null as number | null,
    };
    for (const share of OPEN_SHARES) {
      const offered = Math.max(1, Math.round(share * closed.step.achievedPerSec));
      const open = await measure({ ...base, kind: "open", ratePerSec: offered, phase: "fixed" });
      // Kept up: nothing dropped and the rate achieved. Its p99 is recorded, not judged: on a busy host it measures
      // the host's scheduling stalls (of the service as much as of the generator), not the generator's capacity.
      const kept = open.dropped === 0 && open.step.achievedPerSec >= KEPT_UP_RATIO * offered;
      log(
        `open loop at ${offered}/s: ${open.step.achievedPerSec.toFixed(0)}/s, ${open.dropped} dropped, ` +
          `p99 ${open.step.latency.p99Ms.toFixed(1)} ms, ` +
          `${open.cores.toFixed(2)} CPUs (trivial service: ${cores(open.serviceCores)} CPUs)${kept ? "" : " (fell behind)"}`,
      );
      if (!kept) break;
      best = {
        offered,
        achieved: open.step.achievedPerSec,
        cores: open.cores,
        serviceCores: open.serviceCores,
        p99Ms: open.step.latency.p99Ms,
      };
    }
    const achieved = Math.min(best.achieved, best.offered);
    return {
      version: 1,
      host: context.host,
      generator: generator.name,
      generatorVersion: generator.version,
      imageHash: context.imageHash,
      measuredAt: new Date().toISOString(),
      hostCores: context.hostCores,
      concurrency: CONCURRENCY,
      stepMs: STEP_MS,
      closedLoopMaxPerSec: closed.step.achievedPerSec,
      openLoopOfferedPerSec: best.offered,
      openLoopAchievedPerSec: best.achieved,
      maxRatePerSec: achieved,
      cpuSecondsPer1000: achieved > 0 ? (best.cores / achieved) * 1000 : 0,
      closedLoopServiceCpuCores: closed.serviceCores,
      serviceCpuCores: best.serviceCores,
      p99MsAtMax: best.p99Ms,
    };
  } finally {
    await pod.close();
  }
}

const cores = (value: number | null) => (value === null ? "?" : value.toFixed(2));

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
