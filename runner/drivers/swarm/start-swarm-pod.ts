import { randomBytes } from "node:crypto";
import type { Engine } from "../../docker/docker-client.ts";
import type { PodHandle, PodMemberSpec, PodSpec, RunOptions } from "../execution-driver.ts";
import type { LocalEnvironment } from "../local/local-driver.ts";
import { holderContainerSpec, startPod } from "../local/local-pod.ts";
import type { Lease } from "../placement.ts";
import { distributeImage } from "./swarm-driver.ts";
import { serviceSpec, waitForRunningTask } from "./swarm-service.ts";

export interface SwarmPodDeps {
  manager: Engine;
  /** The leased node's engine and what the local pod code needs of it (accounting only on this machine). */
  env: LocalEnvironment & { engine: Engine };
  lease: Lease;
}

/**
 * Server mode through Swarm. A Swarm service cannot join another container's network namespace, so the job is the
 * pod's anchor: it reserves the cell's CPUs and memory on the leased node and holds the pod's namespace. Sidecars,
 * the limited service and the generator then start on that node's engine in the anchor's namespace, as the local
 * driver starts them, and reach each other on 127.0.0.1. Like every Swarm 20.10 task the anchor sits on the node's
 * default bridge: an internal overlay network was rejected ("assigned node no longer meets constraints") after a
 * dockerd restart on this machine, so the pod has a route out (no traffic is sent there).
 */
export async function startSwarmPod(
  deps: SwarmPodDeps,
  spec: PodSpec,
  options: RunOptions,
): Promise<PodHandle> {
  const { manager, env, lease } = deps;
  const swarm = manager.swarm;
  const labels = spec.service.labels;
  const images = [
    spec.holderImage,
    spec.service.image,
    spec.readiness.image,
    ...spec.sidecars.map((s) => s.image),
  ];
  let anchorId: string | null = null;
  let anchorContainer: string | null = null;
  const removeAnchor = async () => {
    if (anchorId) await swarm.removeService(anchorId).catch(() => undefined);
    // Swarm 20.10 leaves a removed job's container behind: remove it on its node.
    if (anchorContainer) await env.docker.removeContainer(anchorContainer).catch(() => undefined);
  };
  try {
    for (const image of new Set(images)) await distributeImage(manager, [env.engine], image);
    const holder = holderContainerSpec(spec.holderImage, labels);
    const anchor = { ...holder, nanoCpus: spec.service.nanoCpus, memoryBytes: spec.service.memoryBytes };
    const name = `bcap-pod-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
    anchorId = await swarm.createService(serviceSpec(anchor, lease.node.id, name));
    anchorContainer = await waitForRunningTask(swarm, anchorId, options.signal);
    const pod = await startPod(env, spec, options, anchorContainer);
    return anchoredPod(pod, deps, removeAnchor);
  } catch (error) {
    await removeAnchor();
    lease.release();
    throw error;
  }
}

/** The local pod, plus: members' images reach the node first; finish() also removes the anchor and frees the node. */
function anchoredPod(pod: PodHandle, deps: SwarmPodDeps, removeAnchor: () => Promise<void>): PodHandle {
  let released = false;
  const cpuSeconds = pod.cpuSeconds?.bind(pod);
  return {
    get startupMs() {
      return pod.startupMs;
    },
    serviceRunning: () => pod.serviceRunning(),
    ...(cpuSeconds ? { cpuSeconds } : {}),
    async runMember(member: PodMemberSpec, timeoutMs: number, signal?: AbortSignal) {
      await distributeImage(deps.manager, [deps.env.engine], member.image);
      return pod.runMember(member, timeoutMs, signal);
    },
    async finish() {
      try {
        return await pod.finish();
      } finally {
        await removeAnchor();
        if (!released) deps.lease.release();
        released = true;
      }
    },
  };
}
