import type Docker from "dockerode";
import { demuxDockerLog, readJsonLines } from "./docker-client.ts";
import { toDockerError } from "./docker-error.ts";
import type { ServiceSpec, SwarmApi, SwarmTask } from "./swarm-api.ts";

/** /tmp as in a plain container: world-writable with the sticky bit. */
const TMPFS_MODE = 0o1777;

/** The one place that talks to dockerode about services, tasks, nodes and image archives. */
export function createSwarmClient(docker: Docker): SwarmApi {
  const call = async <T>(action: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      throw toDockerError(action, error);
    }
  };
  return {
    swarmState: () =>
      call("read the swarm state", async () => {
        const swarm = (await docker.info()).Swarm as {
          NodeID?: string;
          LocalNodeState?: string;
          ControlAvailable?: boolean;
        };
        if (swarm?.LocalNodeState !== "active" || !swarm.NodeID) return null;
        return { nodeId: swarm.NodeID, isManager: swarm.ControlAvailable === true };
      }),
    listNodes: () =>
      call("list the swarm nodes", async () =>
        (await docker.listNodes()).map((n) => ({
          id: String(n.ID),
          hostname: String(n.Description?.Hostname ?? n.ID),
          state: String(n.Status?.State ?? "unknown"),
          availability: String(n.Spec?.Availability ?? "active"),
          nanoCpus: Number(n.Description?.Resources?.NanoCPUs ?? 0),
          memoryBytes: Number(n.Description?.Resources?.MemoryBytes ?? 0),
        })),
      ),
    createService: (spec) =>
      call(`create service ${spec.name}`, async () => {
        const created = (await docker.createService(toDockerSpec(spec))) as { id?: string; ID?: string };
        return String(created.id ?? created.ID);
      }),
    listTasks: (serviceId) =>
      call(`list the tasks of service ${serviceId.slice(0, 12)}`, async () => {
        const tasks = (await docker.listTasks({ filters: { service: [serviceId] } })) as RawTask[];
        tasks.sort((a, b) => String(b.CreatedAt).localeCompare(String(a.CreatedAt)));
        return tasks.map(toTask);
      }),
    serviceLogs: (serviceId) =>
      call(`read the logs of service ${serviceId.slice(0, 12)}`, async () => {
        const raw = await docker.getService(serviceId).logs({ stdout: true, stderr: true, follow: false });
        return demuxDockerLog(raw as unknown as Uint8Array);
      }),
    removeService: async (serviceId) => {
      try {
        await docker.getService(serviceId).remove();
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return;
        throw toDockerError(`remove service ${serviceId.slice(0, 12)}`, error);
      }
    },
    listServices: (labelFilter) =>
      call("list services", async () =>
        (await docker.listServices({ filters: { label: [labelFilter] } })).map((s) => ({
          id: String(s.ID),
          labels: (s.Spec?.Labels ?? {}) as Record<string, string>,
        })),
      ),
    saveImage: (ref) => call(`save image ${ref}`, () => docker.getImage(ref).get()),
    loadImage: (tar) =>
      call("load an image", async () => {
        const stream = (await docker.loadImage(tar)) as NodeJS.ReadableStream;
        for await (const line of readJsonLines(stream)) if (line.error) throw new Error(String(line.error));
      }),
  };
}

type RawTask = {
  ID: string;
  NodeID?: string;
  CreatedAt?: string;
  Status?: { State?: string; Err?: string; ContainerStatus?: { ContainerID?: string; ExitCode?: number } };
};

function toTask(task: RawTask): SwarmTask {
  const container = task.Status?.ContainerStatus;
  return {
    id: task.ID,
    nodeId: task.NodeID ?? "",
    state: task.Status?.State ?? "unknown",
    error: task.Status?.Err || null,
    containerId: container?.ContainerID || null,
    exitCode: typeof container?.ExitCode === "number" ? container.ExitCode : null,
  };
}

function toDockerSpec(spec: ServiceSpec): Docker.CreateServiceOptions {
  const limits = { NanoCPUs: spec.nanoCpus, MemoryBytes: spec.memoryBytes };
  return {
    Name: spec.name,
    Labels: spec.labels,
    Mode: { ReplicatedJob: { MaxConcurrent: 1, TotalCompletions: 1 } },
    TaskTemplate: {
      ContainerSpec: {
        Image: spec.image,
        ...(spec.command ? { Command: spec.command } : {}),
        Args: spec.args,
        Env: Object.entries(spec.env).map(([k, v]) => `${k}=${v}`),
        Labels: spec.containerLabels,
        User: spec.user,
        ReadOnly: spec.readonlyRootfs,
        CapabilityDrop: spec.capDrop,
        Mounts: spec.tmpfs.map((t) => ({
          Type: "tmpfs" as const,
          Source: "",
          Target: t.target,
          TmpfsOptions: { SizeBytes: t.sizeBytes, Mode: TMPFS_MODE },
        })),
      },
      Resources: { Limits: { ...limits, Pids: spec.pidsLimit }, Reservations: limits },
      RestartPolicy: { Condition: "none", MaxAttempts: 0 },
      Placement: { Constraints: [`node.id==${spec.nodeId}`] },
    },
  };
}
