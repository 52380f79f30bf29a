import { hostname } from "node:os";
import type { ContainerSpec, DockerApi, StatsSample } from "../../docker/docker-api.ts";
import {
  OWNER_HOST_LABEL,
  OWNER_PID_LABEL,
  type PodMemberSpec,
  RUN_ID_LABEL,
} from "../../drivers/execution-driver.ts";
import { memberContainerSpec } from "../../drivers/member-container-spec.ts";
import { secondsOfNanos } from "../../units/units.ts";

/** One member's run: its output, its CPU, and the network namespace it actually joined. */
export interface MemberRun {
  exitCode: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** CPU-seconds at the last stats sample (Docker samples about once a second: a lower bound). */
  cpuSeconds: number;
  /** Mean cores between the first and last stats samples; null with fewer than two samples. */
  cpuCores: number | null;
  /** The service's mean cores over the same run (stats of the service container), same rule. */
  serviceCpuCores: number | null;
  networkMode: string;
}

export interface LoopbackPod {
  readonly serviceId: string;
  run(member: PodMemberSpec, timeoutMs: number): Promise<MemberRun>;
  close(): Promise<void>;
}

/**
 * A minimal pod for calibration and the generator's integration test: a service with no network but loopback, and
 * unlimited members in its namespace that reach it on 127.0.0.1 only. The runner's cells use the ExecutionDriver.
 */
export async function startLoopbackPod(
  docker: DockerApi,
  service: ContainerSpec,
  runId: string,
): Promise<LoopbackPod> {
  const labels = {
    [RUN_ID_LABEL]: runId,
    [OWNER_PID_LABEL]: String(process.pid),
    [OWNER_HOST_LABEL]: hostname(),
  };
  const serviceId = await docker.createContainer({
    ...service,
    networkMode: "none",
    labels: { ...service.labels, ...labels },
  });
  const started: string[] = [serviceId];
  await docker.startContainer(serviceId);
  return {
    serviceId,
    run: async (member, timeoutMs) => {
      if (member.stdin !== undefined)
        throw new Error("the loopback pod passes no stdin: use a script baked in the image");
      // A generator needs no capabilities (a pod's sidecars may: a database's entrypoint changes users).
      const spec = { ...memberContainerSpec(member, labels, serviceId), capDrop: ["ALL"] };
      const id = await docker.createContainer(spec);
      started.push(id);
      return runMember(docker, id, serviceId, timeoutMs);
    },
    close: async () => {
      for (const id of started.reverse()) await docker.removeContainer(id);
    },
  };
}

async function runMember(
  docker: DockerApi,
  id: string,
  serviceId: string,
  timeoutMs: number,
): Promise<MemberRun> {
  const samples: StatsSample[] = [];
  const serviceSamples: StatsSample[] = [];
  const stopService = docker.streamStats(serviceId, (sample) => serviceSamples.push(sample));
  await docker.startContainer(id);
  const stop = docker.streamStats(id, (sample) => samples.push(sample));
  const { networkMode } = (await docker.inspectContainer(id)).applied;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void docker.killContainer(id);
  }, timeoutMs);
  const exitCode = await docker.waitContainer(id).finally(() => clearTimeout(timer));
  stop();
  stopService();
  const logs = await docker.containerLogs(id);
  return {
    exitCode: timedOut ? null : exitCode,
    timedOut,
    stdout: logs.stdout,
    stderr: logs.stderr,
    cpuSeconds: secondsOfNanos(samples.at(-1)?.cpuTotalNanos ?? 0),
    cpuCores: meanCores(samples),
    serviceCpuCores: meanCores(serviceSamples),
    networkMode,
  };
}

/** Mean cores between the first and last stats samples; null with fewer than two. */
function meanCores(samples: StatsSample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  const spanMs = first && last ? last.readAtMs - first.readAtMs : 0;
  return first && last && spanMs > 0 ? (last.cpuTotalNanos - first.cpuTotalNanos) / 1e6 / spanMs : null;
}
